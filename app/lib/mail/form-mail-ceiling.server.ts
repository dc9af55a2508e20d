import type { Kysely } from "kysely";
import { env } from "~/lib/server/env.server";
import { countNow, withinRateLimit } from "~/lib/storage/rate-limit.server";
import type { Tables } from "~/lib/storage/schema";

const HOUR_MS = 60 * 60_000;
const COUNTER_KEY = "site:form-mails";

/**
 * How many mails the forms may send to addresses visitors typed (confirmations,
 * acknowledgements) in one hour, across every replica: mail to strangers in bulk is what gets
 * a sender blocked, and then real confirmations stop arriving.
 */
const PER_HOUR = env.mail.formMailsPerHour;
const WINDOW = { limit: PER_HOUR, windowMs: HOUR_MS };

/** Counts one form mail queued (in the transaction that queues it). */
export async function countFormMail(db: Kysely<Tables>, now: number): Promise<void> {
  await withinRateLimit(db, COUNTER_KEY, WINDOW, now);
}

/**
 * The ceiling, and whether this hour's count has reached it: asked before a form queues a
 * mail, and by /healthz. Two submissions racing on the last place may both pass: the ceiling
 * is a guard for the sender's reputation, a mail or two over it changes nothing.
 */
export async function formMailCeiling(db: Kysely<Tables>, now: number): Promise<{ perHour: number; reached: boolean }> {
  return { perHour: PER_HOUR, reached: (await countNow(db, COUNTER_KEY, now)) >= PER_HOUR };
}
