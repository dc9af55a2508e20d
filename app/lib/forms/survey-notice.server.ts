import { sql, type Kysely } from "kysely";
import { enqueueMail } from "~/lib/mail/outbox.server";
import type { Tables } from "~/lib/storage/schema";
import { surveyNoticeMail } from "./waitlist-mail.server";
import { filedUnder } from "~/lib/storage/filed-under.server";

const HOUR_MS = 60 * 60_000;
/** Addresses claimed per transaction: a killed run loses at most this batch's work, never its mails. */
const BATCH = 100;

export interface NoticeRun {
  /** Confirmed addresses not told of this survey yet, when the run began. */
  due: number;
  /** Of those, the ones this run queued: another run may have taken the rest. */
  queued: number;
}

/**
 * Queues the survey's notice to every confirmed address that has not had it, paced at
 * `perHour` through the outbox (each mail stored for its own instant). Each address is claimed
 * by inserting its (survey, address) row in the transaction that queues its mail: a second run,
 * a run on another replica at the same time, or a run after one that was killed queues nobody
 * twice. Pending and unsubscribed addresses get nothing
 * (docs/decisions/050-survey-notices-claimed-per-address.md).
 */
export async function queueSurveyNotice(
  db: Kysely<Tables>,
  options: { surveyUrl: string; now: number; perHour: number; onProgress?: (done: number, due: number) => void },
): Promise<NoticeRun> {
  const { surveyUrl, now, perHour } = options;
  const gapMs = HOUR_MS / perHour;
  await db
    .insertInto("survey_notices")
    .values({ survey_url: surveyUrl, started_at: now, queued: 0, next_slot_at: now })
    .onConflict((conflict) => conflict.column("survey_url").doNothing())
    .execute();
  const due = await notTold(db, surveyUrl);
  let queued = 0;
  for (let start = 0; start < due.length; start += BATCH) {
    queued += await db.transaction().execute(async (trx) => {
      // An update that changes nothing, to lock the notice's row first: runs at the same time
      // take turns per batch, so each goes on from the other's pace.
      const notice = await trx
        .updateTable("survey_notices")
        .set((eb) => ({ queued: eb.ref("queued") }))
        .where("survey_url", "=", surveyUrl)
        .returning("next_slot_at")
        .executeTakeFirstOrThrow();
      // The pace goes on from where the last notice queued (of any survey) left it, or from now.
      const busiest = await trx
        .selectFrom("survey_notices")
        .select((eb) => eb.fn.max("next_slot_at").as("next"))
        .executeTakeFirstOrThrow();
      let slot = Math.max(Number(notice.next_slot_at), Number(busiest.next ?? 0), now);
      let claimed = 0;
      for (const { email, mailbox } of due.slice(start, start + BATCH)) {
        // Still confirmed now: an address unsubscribed or deleted since the run began gets nothing.
        const still = await trx
          .selectFrom("waitlist")
          .select("token")
          .where("email", "=", email)
          .where("status", "=", "confirmed")
          .executeTakeFirst();
        if (!still) continue;
        const outboxId = await enqueueMail(
          trx,
          await surveyNoticeMail(email, still.token, surveyUrl),
          Math.round(slot),
        );
        // Either key may meet another run's claim: the address, or its mailbox in another spelling.
        const claim = await trx
          .insertInto("survey_notice_recipients")
          .values({ survey_url: surveyUrl, email, mailbox, outbox_id: outboxId, queued_at: now })
          .onConflict((conflict) => conflict.doNothing())
          .returning("email")
          .executeTakeFirst();
        if (claim) {
          claimed += 1;
          slot += gapMs;
        } else {
          // Another run told this address first: its mail is not ours to send.
          await trx.deleteFrom("outbox").where("id", "=", outboxId).execute();
        }
      }
      await trx
        .updateTable("survey_notices")
        .set((eb) => ({ queued: eb("queued", "+", claimed), next_slot_at: Math.round(slot) }))
        .where("survey_url", "=", surveyUrl)
        .execute();
      return claimed;
    });
    options.onProgress?.(Math.min(start + BATCH, due.length), due.length);
  }
  return { due: due.length, queued };
}

/**
 * The confirmed addresses this survey's notice has not reached yet, one per mailbox (an earlier
 * release may have kept two spellings of one), in a stable order.
 */
async function notTold(db: Kysely<Tables>, surveyUrl: string): Promise<{ email: string; mailbox: string | null }[]> {
  const rows = await db
    .selectFrom("waitlist")
    .select(["email", "mailbox"])
    .where("status", "=", "confirmed")
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("survey_notice_recipients as told")
            .select("told.email")
            .where("told.survey_url", "=", surveyUrl)
            .where((told) =>
              told.or([
                told("told.email", "=", told.ref("waitlist.email")),
                told("told.mailbox", "=", told.ref("waitlist.mailbox")),
              ]),
            ),
        ),
      ),
    )
    .orderBy("email")
    .execute();
  const mailboxes = new Set<string>();
  return rows.filter((row) => row.mailbox === null || (!mailboxes.has(row.mailbox) && mailboxes.add(row.mailbox)));
}

/** How many confirmed addresses a notice of this survey would reach now: `--dry-run`. */
export async function noticeDue(db: Kysely<Tables>, surveyUrl: string): Promise<number> {
  return (await notTold(db, surveyUrl)).length;
}

export interface NoticeProgress {
  surveyUrl: string;
  startedAt: number;
  queued: number;
  /** Of the queued mails the outbox still keeps (30 days after sending): sent, given up, waiting. */
  sent: number;
  givenUp: number;
  waiting: number;
}

/** Every notice (or only `surveyUrl`'s), newest first, with its mails' state: for `waitlist:stats` and `npm run status`. */
export async function noticeProgress(db: Kysely<Tables>, surveyUrl?: string): Promise<NoticeProgress[]> {
  const rows = await db
    .selectFrom("survey_notices as notice")
    .$if(surveyUrl !== undefined, (query) => query.where("notice.survey_url", "=", surveyUrl!))
    .leftJoin("survey_notice_recipients as recipient", "recipient.survey_url", "notice.survey_url")
    .leftJoin("outbox", "outbox.id", "recipient.outbox_id")
    .select((eb) => {
      const count = (condition: ReturnType<typeof eb.and>) =>
        eb.fn.count<number>(eb.case().when(condition).then(sql.lit(1)).end());
      return [
        "notice.survey_url",
        "notice.started_at",
        "notice.queued",
        count(eb.and([eb("outbox.sent_at", "is not", null)])).as("sent"),
        count(eb.and([eb("outbox.gave_up_at", "is not", null)])).as("given_up"),
        count(
          eb.and([
            eb("outbox.id", "is not", null),
            eb("outbox.sent_at", "is", null),
            eb("outbox.gave_up_at", "is", null),
          ]),
        ).as("waiting"),
      ];
    })
    .groupBy(["notice.survey_url", "notice.started_at", "notice.queued"])
    .orderBy("notice.started_at", "desc")
    .execute();
  return rows.map((row) => ({
    surveyUrl: row.survey_url,
    startedAt: Number(row.started_at),
    queued: Number(row.queued),
    sent: Number(row.sent),
    givenUp: Number(row.given_up),
    waiting: Number(row.waiting),
  }));
}

/** The notices one mailbox was sent, in any spelling (`npm run privacy -- show`), oldest first. */
export async function noticesTo(
  db: Kysely<Tables>,
  mailbox: string,
): Promise<{ surveyUrl: string; email: string; queuedAt: number }[]> {
  const rows = await db
    .selectFrom("survey_notice_recipients")
    .select(["survey_url", "email", "queued_at"])
    .where(filedUnder(mailbox))
    .orderBy("queued_at")
    .execute();
  return rows.map((row) => ({ surveyUrl: row.survey_url, email: row.email, queuedAt: Number(row.queued_at) }));
}

/** An unsubscribe, the delete link, `npm run privacy -- delete`: the mailbox leaves every notice's record. */
export async function deleteNoticesTo(db: Kysely<Tables>, mailbox: string): Promise<number> {
  const deleted = await db.deleteFrom("survey_notice_recipients").where(filedUnder(mailbox)).executeTakeFirst();
  return Number(deleted.numDeletedRows);
}
