import type { Kysely } from "kysely";
import { countNow, deleteRateLimit, holdUntil, withinRateLimit } from "~/lib/storage/rate-limit.server";
import type { Tables } from "~/lib/storage/schema";
import { counterKey } from "~/lib/storage/site-key.server";
import { acknowledgementKey } from "./contact-rows.server";

/**
 * What one inbox may be sent, whatever spelling reaches it (docs/decisions/063-one-inbox-one-mail.md):
 * one confirmation in 30 days, and nothing at all for 30 days after its owner deleted it. Both
 * are counters keyed with the site's secret (counter-key.ts): the database keeps an HMAC of the
 * mailbox, never the address, and keeps it past the rows it was about.
 */
const DAY_MS = 24 * 60 * 60_000;
/** At most one confirmation mail per mailbox in this time, however often and however spelt it signs up. */
export const CONFIRMATION_INTERVAL_MS = 30 * DAY_MS;
/** After its owner deleted it (the delete link, `npm run privacy -- delete`), the privacy policy's 30 days. */
const DELETION_BLOCK_MS = 30 * DAY_MS;

const confirmationKey = (db: Kysely<Tables>, mailbox: string) => counterKey(db, "confirmation", mailbox);
const blockKey = (db: Kysely<Tables>, mailbox: string) => counterKey(db, "deleted", mailbox);

/**
 * Counts a confirmation mail to `mailbox` and says whether it may go: the first in 30 days does.
 * One statement that decides and counts, so two sign-ups racing (two spellings, two replicas)
 * mail it once.
 */
export async function mayConfirm(db: Kysely<Tables>, mailbox: string, now: number): Promise<boolean> {
  return withinRateLimit(db, await confirmationKey(db, mailbox), { limit: 1, windowMs: CONFIRMATION_INTERVAL_MS }, now);
}

/** Whether `mailbox`'s owner deleted it in the last 30 days: no sign-up is kept and no mail goes to it. */
export async function isBlocked(db: Kysely<Tables>, mailbox: string, now: number): Promise<boolean> {
  return (await countNow(db, await blockKey(db, mailbox), now)) > 0;
}

/**
 * After a deletion: the mailbox's own counters go (they were about the person), and a block of
 * 30 days takes their place, so a stranger cannot sign it up again at once.
 */
export async function blockAfterDeletion(db: Kysely<Tables>, mailbox: string, now: number): Promise<void> {
  await deleteRateLimit(db, await confirmationKey(db, mailbox));
  await deleteRateLimit(db, await acknowledgementKey(db, mailbox));
  await holdUntil(db, await blockKey(db, mailbox), now, now + DELETION_BLOCK_MS);
}
