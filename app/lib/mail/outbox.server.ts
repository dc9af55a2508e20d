import { randomUUID } from "node:crypto";
import { sql, type Kysely, type Selectable } from "kysely";
import type { DatabaseKind } from "~/lib/storage/open-storage.server";
import type { OutboxTable, Tables } from "~/lib/storage/schema";
import { mailboxOf } from "~/lib/storage/mailbox";
import { claimPacedMail, type Pacing } from "./fair-queue.server";
import { oneLine } from "./plain-text";
import { filedUnder } from "~/lib/storage/filed-under.server";

export type OutboxRow = Selectable<OutboxTable>;

export interface OutgoingMail {
  /** What the mail is, for the log: "waitlist-confirm", "contact"… */
  kind: string;
  /** A parsed address (`parseEmailAddress`), as every address the site writes to is. */
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
}

/** The kind of a survey notice (`npm run waitlist:notify`): paced, and sent after every other mail that is due. */
export const SURVEY_NOTICE_KIND = "survey-notice";

/**
 * The kind of a draw notice (the list closed, a winner): sent before any other mail that is due,
 * so the list's notices leave before its round (docs/draw.md, "Witnesses the operator cannot
 * recall"), and each one's departure is recorded (`draw_notices.sent_at`).
 */
export const DRAW_NOTICE_KIND = "draw-notice";

/**
 * How long a sender holds a claimed row. Longer than nodemailer's time limits for one mail
 * (connect + greeting + socket, see sender.server.ts), so a live sender never loses its row;
 * a sender that died frees it once this has passed.
 */
export const CLAIM_MS = 120_000;

const DAY_MS = 24 * 60 * 60_000;
/** A mail still failing after this is given up: its link, if it has one, has expired by then. */
const GIVE_UP_AFTER_MS = 7 * DAY_MS;
/** Sent and given-up mails are kept this long (the retry history, `npm run status`), then deleted. */
const KEEP_FINISHED_MS = 30 * DAY_MS;

/** Back-off after the n-th failed attempt: 2 s, 4 s, 8 s… up to 10 minutes. */
function retryDelayMs(attempts: number): number {
  return Math.min(2000 * 2 ** Math.max(0, attempts - 1), 600_000);
}

/**
 * Stores a mail to send, from `now` on (a paced mail is stored with its own later instant, which
 * its age and give-up period then count from). Called inside the transaction that stores what
 * the mail is about, so the two are kept or lost together: a sign-up is never answered without
 * its mail queued. Returns the row's id.
 */
export async function enqueueMail(
  db: Kysely<Tables>,
  mail: OutgoingMail,
  now: number,
  pacing: Pacing | null = null,
): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto("outbox")
    .values({
      id,
      kind: mail.kind,
      recipient: mail.to,
      reply_to: mail.replyTo ?? null,
      // A mail to the team is about the person it answers: filed under their mailbox.
      mailbox: mailboxOf(mail.replyTo ?? mail.to),
      // One line of plain text whatever went into it (a name from a form, an id from the sheet).
      subject: oneLine(mail.subject),
      text_body: mail.text,
      html_body: mail.html,
      headers: JSON.stringify(mail.headers ?? {}),
      created_at: now,
      attempts: 0,
      next_attempt_at: now,
      paced: pacing?.paced ?? null,
      network: pacing?.network ?? null,
      domain: pacing?.domain ?? null,
    })
    .execute();
  return id;
}

/**
 * Takes up to `limit` due rows of one class for this sender: unpaced rows but survey notices
 * (a draw's record), or survey notices. On PostgreSQL, FOR UPDATE SKIP LOCKED lets replicas
 * claim at once without waiting on or taking each other's rows; SQLite runs the one statement
 * under its write lock, which gives the same guarantee. Either way a row claimed here is not due
 * for anyone else until CLAIM_MS has passed.
 */
function claimUnpaced(db: Kysely<Tables>, kind: DatabaseKind, now: number, limit: number, notices: boolean) {
  const due = db
    .selectFrom("outbox")
    .select("id")
    .where("sent_at", "is", null)
    .where("gave_up_at", "is", null)
    .where("paced", "is", null)
    .where("kind", notices ? "=" : "<>", SURVEY_NOTICE_KIND)
    .where("next_attempt_at", "<=", now)
    .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<", now)]))
    // Draw notices first: a list's must reach its readers before its round (docs/draw.md).
    .orderBy(sql`case when kind = ${DRAW_NOTICE_KIND} then 0 else 1 end`)
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

/**
 * Takes up to `limit` due rows for this sender, in this order: unpaced mail (draw notices first),
 * then the paced mails their budgets let out now, networks in turn (fair-queue.server.ts), then
 * paced survey notices: a confirmation never waits behind a backlog of notices (after an outage,
 * say).
 */
export async function claimDueMail(
  db: Kysely<Tables>,
  kind: DatabaseKind,
  now: number,
  limit: number,
): Promise<OutboxRow[]> {
  const unpaced = await claimUnpaced(db, kind, now, limit, false);
  if (unpaced.length > 0) return unpaced;
  const paced = await claimPacedMail(db, kind, now, now + CLAIM_MS);
  if (paced.length > 0) return paced;
  return claimUnpaced(db, kind, now, limit, true);
}

export async function markSent(db: Kysely<Tables>, row: Pick<OutboxRow, "id" | "kind">, now: number): Promise<void> {
  await db.updateTable("outbox").set({ sent_at: now, claimed_until: null }).where("id", "=", row.id).execute();
  // A draw notice's departure outlives its outbox row: /sorteos counts those sent before the round.
  if (row.kind === DRAW_NOTICE_KIND) {
    await db.updateTable("draw_notices").set({ sent_at: now }).where("outbox_id", "=", row.id).execute();
  }
}

export type FailureOutcome = { givenUp: true } | { givenUp: false; retryInMs: number };

/**
 * Records a failed attempt. A mail the SMTP server refused for good, or still failing 7 days
 * after it was queued, is given up: it stays, with why, until it is deleted with the finished
 * ones. Any other is tried again after the back-off.
 */
export async function recordFailure(
  db: Kysely<Tables>,
  row: OutboxRow,
  now: number,
  error: string,
  refusedForGood: boolean,
): Promise<FailureOutcome> {
  const attempts = row.attempts + 1;
  const failed = { attempts, claimed_until: null, last_error: error.slice(0, 500) };
  if (refusedForGood || now - row.created_at >= GIVE_UP_AFTER_MS) {
    await db
      .updateTable("outbox")
      .set({ ...failed, gave_up_at: now })
      .where("id", "=", row.id)
      .execute();
    return { givenUp: true };
  }
  const retryInMs = retryDelayMs(attempts);
  await db
    .updateTable("outbox")
    .set({ ...failed, next_attempt_at: now + retryInMs })
    .where("id", "=", row.id)
    .execute();
  return { givenUp: false, retryInMs };
}

/** Mails sent or given up more than 30 days ago: the outbox keeps no address longer than that. */
export async function deleteFinishedMail(db: Kysely<Tables>, now: number): Promise<void> {
  const before = now - KEEP_FINISHED_MS;
  await db
    .deleteFrom("outbox")
    .where((eb) => eb.or([eb("sent_at", "<=", before), eb("gave_up_at", "<=", before)]))
    .execute();
}

/** Mails of `kinds` queued before `before`, sent or not: what goes with the record they were about. */
export async function deleteMailsQueuedBefore(db: Kysely<Tables>, kinds: string[], before: number): Promise<void> {
  await db.deleteFrom("outbox").where("kind", "in", kinds).where("created_at", "<", before).execute();
}

export interface OutboxHealth {
  /** Mails waiting to be sent, and how long the oldest has waited (seconds). */
  pending: number;
  oldestAgeSeconds: number | null;
  /** Mails given up in the last 30 days. */
  givenUp: number;
}

/**
 * For `npm run status`: one statement, one round trip to PostgreSQL. Each count reads
 * an index (pending: outbox_due; given up: outbox_gave_up), never the whole table.
 */
export async function outboxBacklog(db: Kysely<Tables>, now: number): Promise<OutboxHealth> {
  const row = await db
    .selectNoFrom((eb) => {
      const waiting = eb.selectFrom("outbox").where("sent_at", "is", null).where("gave_up_at", "is", null);
      return [
        waiting.select((outbox) => outbox.fn.countAll<number>().as("count")).as("pending"),
        waiting.select((outbox) => outbox.fn.min("created_at").as("oldest")).as("oldest"),
        eb
          .selectFrom("outbox")
          .where("gave_up_at", "is not", null)
          .select((outbox) => outbox.fn.countAll<number>().as("count"))
          .as("given_up"),
      ];
    })
    .executeTakeFirstOrThrow();
  const oldest = row.oldest === null ? null : Number(row.oldest);
  return {
    pending: Number(row.pending),
    oldestAgeSeconds: oldest === null ? null : Math.max(0, Math.round((now - oldest) / 1000)),
    givenUp: Number(row.given_up),
  };
}

/**
 * The mails about one person's mailbox, in any spelling, oldest first: those to them
 * (confirmations, acknowledgements, notices) and those to the team that answer them (a contact
 * message, Reply-To them, whose text quotes the message and the address).
 */
export function mailsAbout(db: Kysely<Tables>, mailbox: string): Promise<OutboxRow[]> {
  return db.selectFrom("outbox").selectAll().where(filedUnder(mailbox)).orderBy("created_at").orderBy("id").execute();
}

/**
 * Deletes the mails `mailsAbout` finds, waiting or not, or with `{ toThem: true }` only those
 * sent to the mailbox itself (the team's copies of their messages carry a Reply-To); how many
 * there were.
 */
export async function deleteMailsAbout(
  db: Kysely<Tables>,
  mailbox: string,
  { toThem = false }: { toThem?: boolean } = {},
): Promise<number> {
  const { numDeletedRows } = await db
    .deleteFrom("outbox")
    .where(filedUnder(mailbox))
    .$if(toThem, (query) => query.where("reply_to", "is", null))
    .executeTakeFirstOrThrow();
  return Number(numDeletedRows);
}

export interface OutboxCounts {
  /** Waiting, never tried yet. */
  queued: number;
  /** Waiting after at least one failed try. */
  retrying: number;
  /** Sent, still kept (30 days). */
  sent: number;
  /** Given up, still kept (30 days). */
  givenUp: number;
}

/** Every row of the outbox by state, in one statement (the stats command's; it reads the whole table). */
export async function outboxCounts(db: Kysely<Tables>): Promise<OutboxCounts> {
  const row = await db
    .selectFrom("outbox")
    .select((eb) => {
      const waiting = eb.and([eb("sent_at", "is", null), eb("gave_up_at", "is", null)]);
      const counted = (condition: ReturnType<typeof eb.and>) =>
        eb.fn.count<number>(eb.case().when(condition).then(sql.lit(1)).end());
      return [
        counted(eb.and([waiting, eb("attempts", "=", 0)])).as("queued"),
        counted(eb.and([waiting, eb("attempts", ">", 0)])).as("retrying"),
        counted(eb.and([eb("sent_at", "is not", null)])).as("sent"),
        counted(eb.and([eb("sent_at", "is", null), eb("gave_up_at", "is not", null)])).as("given_up"),
      ];
    })
    .executeTakeFirstOrThrow();
  return {
    queued: Number(row.queued),
    retrying: Number(row.retrying),
    sent: Number(row.sent),
    givenUp: Number(row.given_up),
  };
}
