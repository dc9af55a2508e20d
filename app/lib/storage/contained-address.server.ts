import addressparser from "nodemailer/lib/addressparser/index.js";
import { parseEmailAddress } from "~/lib/server/email-address.server";

/**
 * The address a stored text reaches: its parsed form, else the first address a mail library
 * reads in it that parses. A row stored before the one parser (`a<nora@example.com>`,
 * `"nora"@example.com`) was mailed to that address, so that is whose row it is (migration 0017).
 */
export function containedAddress(stored: string): string | null {
  const parsed = parseEmailAddress(stored);
  if (parsed) return parsed;
  for (const entry of addressparser(stored, { flatten: true })) {
    const address = parseEmailAddress(entry.address);
    if (address) return address;
  }
  return null;
}

/**
 * Every address a stored text reaches, first the one `containedAddress` names: a row of an
 * earlier release holding a list (`ana@example.com, nora@example.com`) was mailed to each.
 */
export function containedAddresses(stored: string): string[] {
  const parsed = parseEmailAddress(stored);
  if (parsed) return [parsed];
  const found = addressparser(stored, { flatten: true }).map((entry) => parseEmailAddress(entry.address));
  return [...new Set(found.filter((address): address is string => address !== null))];
}
