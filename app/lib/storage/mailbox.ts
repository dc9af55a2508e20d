/**
 * The inbox an address reaches: the key every per-inbox rule counts under and every request
 * about a person's data finds rows by (docs/decisions/063-one-inbox-one-mail.md). An address is
 * stored as typed (after the one parser, `parseEmailAddress`), and also under its mailbox: the
 * `+tag` removed for every domain (`ana+sorteo@example.com` is `ana@example.com`), and on Gmail,
 * which ignores dots and answers to both names, the dots removed and `googlemail.com` read as
 * `gmail.com` (`a.n.a@googlemail.com` is `ana@gmail.com`).
 */

const GMAIL = "gmail.com";
const GMAIL_NAMES = new Set([GMAIL, "googlemail.com"]);

/** The mailbox of a parsed address (lower-case, domain in punycode, as the parser returns it). */
export function mailboxOf(address: string): string {
  const at = address.lastIndexOf("@");
  let local = address.slice(0, at);
  let domain = address.slice(at + 1);
  // The parser refuses a mailbox that starts with "+", so a tag always leaves a name before it.
  const tag = local.indexOf("+");
  if (tag > 0) local = local.slice(0, tag);
  if (GMAIL_NAMES.has(domain)) {
    local = local.replaceAll(".", "");
    domain = GMAIL;
  }
  return `${local}@${domain}`;
}

/** The domain a mailbox is at: what the per-domain mail shares count (googlemail.com is gmail.com). */
export function mailboxDomain(mailbox: string): string {
  return mailbox.slice(mailbox.lastIndexOf("@") + 1);
}
