import { createHmac } from "node:crypto";

/**
 * The key of a counter about someone (a client's address, a mailbox, a mail domain): the rule it
 * counts for, then an HMAC of the subject keyed with the site's secret, cut to 22 characters
 * (132 bits). Without the secret (FORM_SECRET, kept out of the database when set) a copy of the
 * database cannot be read back into addresses by hashing every candidate, as an unkeyed hash
 * could (docs/operations.md, "Behind a proxy").
 */
export function counterKeyWith(secret: string, rule: string, subject: string): string {
  const keyed = createHmac("sha256", secret).update(`counter:${rule}:${subject}`).digest("base64url");
  return `${rule}:${keyed.slice(0, 22)}`;
}
