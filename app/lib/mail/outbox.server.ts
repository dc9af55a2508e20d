import { randomUUID } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import type { DatabaseKind } from "~/lib/storage/open-storage.server";
import type { OutboxTable, Tables } from "~/lib/storage/schema";

export type OutboxRow = Selectable<OutboxTable>;

export interface OutgoingMail {
  /** What the mail is, for the log: "waitlist-confirm", "contact"… */
  kind: string;
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
}

/**
 * How long a sender holds a claimed row. Longer than nodemailer's time limits for one mail
 * (connect + greeting + socket, see sender.server.ts), so a live sender never loses its row;
 * a sender that died frees it once this has passed.
 */
export const CLAIM_MS = 120_000;

/** Back-off after the n-th failed attempt: 2 s, 4 s, 8 s… up to 10 minutes. */
function retryDelayMs(attempts: number): number {
  return Math.min(2000 * 2 ** Math.max(0, attempts - 1), 600_000);
}

/**
 * Stores a mail to send. Called inside the transaction that stores what the mail is about,
 * so the two are kept or lost together: a sign-up is never answered without its mail queued.
 */
export async function enqueueMail(db: Kysely<Tables>, mail: OutgoingMail, now: number): Promise<void> {
  await db
    .insertInto("outbox")
    .values({
      id: randomUUID(),
      kind: mail.kind,
      recipient: mail.to,
      reply_to: mail.replyTo ?? null,
      subject: mail.subject,
      text_body: mail.text,
      html_body: mail.html,
      headers: JSON.stringify(mail.headers ?? {}),
      created_at: now,
      attempts: 0,
      next_attempt_at: now,
    })
    .execute();
}

/**
 * Takes up to `limit` due rows for this sender. On PostgreSQL, FOR UPDATE SKIP LOCKED lets
 * replicas claim at once without waiting on or taking each other's rows; SQLite runs the one
 * statement under its write lock, which gives the same guarantee. Either way a row claimed
 * here is not due for anyone else until CLAIM_MS has passed.
 */
export async function claimDueMail(
  db: Kysely<Tables>,
  kind: DatabaseKind,
  now: number,
  limit: number,
): Promise<OutboxRow[]> {
  const due = db
    .selectFrom("outbox")
    .select("id")
    .where("sent_at", "is", null)
    .where("next_attempt_at", "<=", now)
    .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<", now)]))
    .orderBy("created_at")
    .limit(limit)
    .$if(kind === "postgres", (query) => query.forUpdate().skipLocked());
  return db
    .updateTable("outbox")
    .set({ claimed_until: now + CLAIM_MS })
    .where("id", "in", due)
    .returningAll()
    .execute();
}

export async function markSent(db: Kysely<Tables>, id: string, now: number): Promise<void> {
  await db.updateTable("outbox").set({ sent_at: now, claimed_until: null }).where("id", "=", id).execute();
}

export async function markFailed(db: Kysely<Tables>, row: OutboxRow, now: number, error: string): Promise<number> {
  const attempts = row.attempts + 1;
  const delay = retryDelayMs(attempts);
  await db
    .updateTable("outbox")
    .set({ attempts, next_attempt_at: now + delay, claimed_until: null, last_error: error.slice(0, 500) })
    .where("id", "=", row.id)
    .execute();
  return delay;
}

/** For /healthz: mails not sent yet, and how long the oldest has waited (seconds). */
export async function outboxBacklog(
  db: Kysely<Tables>,
  now: number,
): Promise<{ pending: number; oldestAgeSeconds: number | null }> {
  const row = await db
    .selectFrom("outbox")
    .select((eb) => [eb.fn.countAll<number>().as("pending"), eb.fn.min("created_at").as("oldest")])
    .where("sent_at", "is", null)
    .executeTakeFirstOrThrow();
  const oldest = row.oldest === null ? null : Number(row.oldest);
  return {
    pending: Number(row.pending),
    oldestAgeSeconds: oldest === null ? null : Math.max(0, Math.round((now - oldest) / 1000)),
  };
}
