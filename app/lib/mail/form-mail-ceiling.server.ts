import type { Kysely } from "kysely";
import { withinRateLimit } from "~/lib/storage/rate-limit.server";
import type { Tables } from "~/lib/storage/schema";

const HOUR_MS = 60 * 60_000;
const COUNTER_KEY = "site:form-mails";
/** A morning's sign-ups after an announcement fit; a flood from many addresses does not (docs/operations.md, "Sign-ups and limits"). */
const DEFAULT_PER_HOUR = 200;

function readPerHour(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === "") return DEFAULT_PER_HOUR;
  const perHour = Number(raw);
  if (!Number.isInteger(perHour) || perHour < 1) {
    throw new Error(`FORM_MAILS_PER_HOUR must be a whole number of mails, 1 or more, got "${raw}"`);
  }
  return perHour;
}

/**
 * How many mails the forms may send to addresses visitors typed (confirmations,
 * acknowledgements) in one hour, across every replica: mail to strangers in bulk is what gets
 * a sender blocked, and then real confirmations stop arriving.
 */
const PER_HOUR = readPerHour(process.env.FORM_MAILS_PER_HOUR);
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
  const row = await db
    .selectFrom("rate_limits")
    .select("count")
    .where("key", "=", COUNTER_KEY)
    .where("window_start", ">", now - HOUR_MS)
    .executeTakeFirst();
  return { perHour: PER_HOUR, reached: (row?.count ?? 0) >= PER_HOUR };
}
