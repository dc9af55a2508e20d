import { EMAIL_MAX_LENGTH } from "./fields";

/** One shape check, not a full RFC 5322 parser: something@domain.tld, no spaces, a 64-character mailbox at most. */
const ADDRESS_SHAPE = /^[^\s@]{1,64}@[^\s@.]+(\.[^\s@.]+)+$/;

/**
 * The address as stored: trimmed and lower-cased, so one person is one row whatever they
 * typed (mail providers treat the mailbox case-insensitively in practice). Null when it is
 * not an address.
 */
export function normalizeEmail(raw: string): string | null {
  const email = raw.trim().toLowerCase();
  if (email.length > EMAIL_MAX_LENGTH || !ADDRESS_SHAPE.test(email)) return null;
  return email;
}
