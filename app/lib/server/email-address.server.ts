import { domainToASCII } from "node:url";

/** The longest address SMTP carries (RFC 5321, 4.5.3.1: a 254-character path, a 64-character mailbox). */
const MAX_LENGTH = 254;
const MAX_LOCAL_LENGTH = 64;

/**
 * A mailbox name as a dot-atom of plain characters. Left out on purpose: everything a mail
 * library reads as syntax (quotes, comments, angle brackets, groups, commas, backslashes),
 * `%` and `!` (old relay routing), and a leading `=`, `+` or `-` (a spreadsheet formula).
 * So the text we check, count and store is the very address the mail goes to
 * (docs/operations.md, "Sign-ups and limits").
 */
const LOCAL_PART = /^[a-z0-9_][a-z0-9_'*+/=?^`{|}~#$&-]*(\.[a-z0-9_'*+/=?^`{|}~#$&-]+)*$/;
/** A DNS label (letters, digits, inner hyphens) after punycode. */
const LABEL = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * The one parser for every address the site accepts (forms, CONTACT_EMAIL, MAIL_FROM's
 * address): a bare address, trimmed, lower-cased, its domain in punycode; null when it is
 * anything else. Lower-cased whole: mail providers treat the mailbox case-insensitively in
 * practice, so one person is one row whatever they typed.
 */
export function parseEmailAddress(raw: string): string | null {
  const typed = raw.trim();
  // Control characters and NUL anywhere (a mail library may cut or drop them).
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  if (/[\u0000-\u001f\u007f-\u009f]/.test(typed)) return null;
  const at = typed.lastIndexOf("@");
  if (at < 1) return null;
  const local = typed.slice(0, at).toLowerCase();
  const typedDomain = typed.slice(at + 1).toLowerCase();
  // domainToASCII reads its input as a URL host and cuts it at `?`, `/` or `#`: only letters
  // beyond ASCII, digits, hyphens and dots go in, so nothing is silently left out.
  if (!/^[a-z0-9.\-\u00a0-\uffff]+$/.test(typedDomain)) return null;
  const domain = domainToASCII(typedDomain);
  if (local.length > MAX_LOCAL_LENGTH || !LOCAL_PART.test(local)) return null;
  const labels = domain.split(".");
  // A dotted name whose top-level label is not a number: mail goes to names, not IP literals.
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label)) || /^\d+$/.test(labels.at(-1)!)) return null;
  const address = `${local}@${domain}`;
  return address.length > MAX_LENGTH ? null : address;
}
