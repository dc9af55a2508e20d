import { createHash, createHmac } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import { CLAIM_PATH, TOKEN_PARAMETER } from "~/content/pages/mail-link-paths";
import { formatArgentinaDate, formatArgentinaInstant, formatDrawMonth } from "~/lib/draw/countdown";
import { drawAnchor } from "~/lib/draw/published-draw";
import { enqueueMail } from "~/lib/mail/outbox.server";
import { drawnIn, renderWinnerMail } from "~/lib/mail/templates/winner-mail.server";
import { env } from "~/lib/server/env.server";
import { mailboxOf } from "~/lib/storage/mailbox";
import type { Tables, WinnerNoticeTable } from "~/lib/storage/schema";
import { derivedSecret, hasServersSecret } from "~/lib/storage/site-key.server";
import { drawMonth, spokenInstant } from "./command-text";
import { DrawRefused } from "./draw-refused";
import { claimDeadline, claimUntil, noPrizeToClaim, prizeCalendar } from "./prize.server";
import { drawRecords } from "./stored-draws.server";

/**
 * The winner told (docs/draw.md, "The winner told"): `npm run draw -- tell-winner` mails the
 * latest round's winner a link to the claim page, the server reminds them once 7 days before the
 * deadline, and the address and the link's token go when the round's claim period ends. What
 * the page's button does with the link is claim-link.server.ts's.
 */

export type WinnerNoticeRow = Selectable<WinnerNoticeTable>;

/** The reminder leaves this long before the claim deadline the winner was given. */
export const REMINDER_BEFORE_MS = 7 * 24 * 60 * 60 * 1000;

/** The outbox kinds of the winner's mails. */
const WINNER_MAIL_KIND = "winner-told";
const REMINDER_MAIL_KIND = "winner-reminder";

/**
 * The claim link's token for one telling: an HMAC of the telling with a key derived from the
 * site's secret, so the server's reminder gives the very link the first mail gave without the
 * database ever holding it (only its SHA-256, to find the telling by).
 */
async function claimToken(db: Kysely<Tables>, telling: Pick<WinnerNoticeRow, "draw_at" | "round" | "told_at">) {
  return createHmac("sha256", await derivedSecret(db, "winner-claim-link"))
    .update(`${telling.draw_at}:${telling.round}:${telling.told_at}`)
    .digest("base64url");
}

export const tokenHash = (token: string) => createHash("sha256").update(token).digest("hex");

/** The mail to `telling`'s winner (the first, or the reminder), with its claim link. */
async function winnerMail(
  db: Kysely<Tables>,
  telling: Pick<WinnerNoticeRow, "draw_at" | "round" | "told_at">,
  winner: { id: string; name: string },
  reminder: boolean,
) {
  const drawAt = new Date(telling.draw_at).toISOString();
  const until = claimUntil(telling.draw_at, telling.round);
  const claimUrl = new URL(CLAIM_PATH, env.siteUrl);
  claimUrl.searchParams.set(TOKEN_PARAMETER, await claimToken(db, telling));
  return renderWinnerMail({
    siteUrl: env.siteUrl,
    month: formatDrawMonth(drawAt),
    firstName: winner.name.split(" ")[0] || winner.id,
    winnerId: winner.id,
    drawnIn: drawnIn(drawAt, telling.round),
    deadline: formatArgentinaInstant(new Date(until).toISOString()),
    claimUrl: claimUrl.href,
    recordUrl: new URL(`/sorteos#${drawAnchor(drawAt)}`, env.siteUrl).href,
    reminder: reminder
      ? {
          daysLeft: Math.round(REMINDER_BEFORE_MS / (24 * 60 * 60 * 1000)),
          toldOn: formatArgentinaDate(new Date(telling.told_at).toISOString()),
        }
      : null,
  });
}

/** What `tell-winner` did: whom it told, of which round, until when they may claim. */
export interface WinnerTold {
  drawAt: number;
  round: number;
  winnerId: string;
  email: string;
  toldAt: number;
  until: number;
  /** Earlier tellings of the same round, whose links no longer work. */
  toldBefore: number;
}

/**
 * `npm run draw -- tell-winner <YYYY-MM> <email>`: mails the latest round's winner of `month`'s
 * draw at `email` (parsed), with a claim link that works until the round's claim period ends.
 * Telling again (a mistyped address) is recorded too, and the earlier link stops working with
 * its address deleted. Refused, nothing stored, for a month with no draw or no winner, a prize
 * claimed or with no one to deliver to, a deadline passed, and without the servers' secret (the
 * link would not be theirs).
 */
export async function tellWinner(db: Kysely<Tables>, month: string, email: string, now: number): Promise<WinnerTold> {
  if (!(await hasServersSecret(db))) {
    throw new DrawRefused(
      "este comando no tiene la clave del sitio que usan los servidores (FORM_SECRET): correlo con el mismo FORM_SECRET que el servidor, o el enlace del email no funcionaría",
    );
  }
  const record = (await drawRecords(db)).find(({ draw }) => drawMonth(draw.draw_at) === month);
  if (!record) throw new DrawRefused(`no hubo sorteo en ${month}: mirá \`npm run draw -- status\``);
  if (record.rounds.length === 0) {
    throw new DrawRefused(
      `el sorteo de ${month} no tiene ganador: todavía no se hizo, o ese día no hubo sorteo (mirá \`npm run draw -- status\`)`,
    );
  }
  const noPrize = noPrizeToClaim(record, month);
  if (noPrize !== null) throw new DrawRefused(noPrize);
  const calendar = prizeCalendar(record);
  if (calendar.kind !== "claimable") {
    throw new DrawRefused(`todas las participaciones del sorteo de ${month} ya ganaron una ronda`);
  }
  if (now >= calendar.until) {
    throw new DrawRefused(
      `el plazo para reclamar el premio de ${month} venció el ${spokenInstant(calendar.until)}: corresponde el resorteo (\`npm run draw -- redraw ${month}\`), y avisarle a su ganador`,
    );
  }
  const { draw, rounds } = record;
  const round = rounds.length - 1;
  if (draw.claim_round === round) {
    throw new DrawRefused(
      `el ganador de ${month} ya reclamó el premio: el reclamo está escrito y espera los sellos de dos autoridades (mirá \`npm run draw -- status\`)`,
    );
  }
  const winner = rounds[round]!;
  const telling = { draw_at: draw.draw_at, round, told_at: now };
  const token = await claimToken(db, telling);
  const mail = await winnerMail(db, telling, { id: winner.winner_id, name: winner.winner_name }, false);
  const toldBefore = await db.transaction().execute(async (trx) => {
    // An earlier telling of this round (a mistyped address): its link stops working, its address goes.
    const earlier = await trx
      .updateTable("winner_notices")
      .set({ email: null, mailbox: null, token_hash: null })
      .where("draw_at", "=", draw.draw_at)
      .where("round", "=", round)
      .executeTakeFirst();
    await trx
      .insertInto("winner_notices")
      .values({ ...telling, email, mailbox: mailboxOf(email), token_hash: tokenHash(token), reminded_at: null })
      .execute();
    await enqueueMail(trx, { kind: WINNER_MAIL_KIND, to: email, ...mail }, now);
    return Number(earlier.numUpdatedRows);
  });
  return {
    drawAt: draw.draw_at,
    round,
    winnerId: winner.winner_id,
    email,
    toldAt: now,
    until: calendar.until,
    toldBefore,
  };
}

/**
 * The server's keeping of the tellings, run by its timer (winner-timer.server.ts): the reminder to
 * each winner told who has not claimed, once, from 7 days before the deadline they were given
 * until it (a conditional update: one replica sends it); and each address and token deleted when
 * its round's claim period ends (its redraw's round is out: no claim counts after it). Returns how
 * many reminders it queued.
 */
export async function keepWinnerNotices(db: Kysely<Tables>, now: number): Promise<number> {
  const current = await db.selectFrom("winner_notices").selectAll().where("email", "is not", null).execute();
  const ended = current.filter((row) => now >= claimDeadline(row.draw_at, row.round));
  for (const row of ended) {
    await db
      .updateTable("winner_notices")
      .set({ email: null, mailbox: null, token_hash: null })
      .where("draw_at", "=", row.draw_at)
      .where("round", "=", row.round)
      .where("told_at", "=", row.told_at)
      .execute();
  }
  let reminded = 0;
  for (const row of current) {
    const until = claimUntil(row.draw_at, row.round);
    if (row.reminded_at !== null || row.email === null || now < until - REMINDER_BEFORE_MS || now >= until) continue;
    const draw = await db.selectFrom("draws").selectAll().where("draw_at", "=", row.draw_at).executeTakeFirstOrThrow();
    // Claimed, or the claim written and waiting for its seals: nothing to remind.
    if (draw.claimed_at !== null || draw.claim_round === row.round) continue;
    const winner = await db
      .selectFrom("draw_rounds")
      .select(["winner_id", "winner_name"])
      .where("draw_at", "=", row.draw_at)
      .where("round", "=", row.round)
      .executeTakeFirstOrThrow();
    const mail = await winnerMail(db, row, { id: winner.winner_id, name: winner.winner_name }, true);
    reminded += await db.transaction().execute(async (trx) => {
      const marked = await trx
        .updateTable("winner_notices")
        .set({ reminded_at: now })
        .where("draw_at", "=", row.draw_at)
        .where("round", "=", row.round)
        .where("told_at", "=", row.told_at)
        .where("reminded_at", "is", null)
        .executeTakeFirst();
      if (Number(marked.numUpdatedRows) !== 1) return 0;
      await enqueueMail(trx, { kind: REMINDER_MAIL_KIND, to: row.email!, ...mail }, now);
      return 1;
    });
  }
  return reminded;
}

/** The tellings still holding `mailbox`'s address (`npm run privacy -- show`), oldest first. */
export function winnerNoticesTo(db: Kysely<Tables>, mailbox: string): Promise<WinnerNoticeRow[]> {
  return db.selectFrom("winner_notices").selectAll().where("mailbox", "=", mailbox).orderBy("told_at").execute();
}

/**
 * `npm run privacy -- delete`: the address and the link of every telling to `mailbox` go (the
 * instants stay with the record, naming no one); how many tellings held it.
 */
export async function forgetWinnerAddress(db: Kysely<Tables>, mailbox: string): Promise<number> {
  const { numUpdatedRows } = await db
    .updateTable("winner_notices")
    .set({ email: null, mailbox: null, token_hash: null })
    .where("mailbox", "=", mailbox)
    .executeTakeFirst();
  return Number(numUpdatedRows);
}

/** What `npm run privacy -- show` says of them, Argentina time (the answer says so once). */
export function describeWinnerNotices(notices: WinnerNoticeRow[]): string[] {
  if (notices.length === 0) return ["Avisos de premio: ninguno."];
  const when = (ms: number) => formatArgentinaInstant(new Date(ms).toISOString());
  return [
    "Avisos de premio del sorteo (la dirección se guarda hasta que termina el plazo para reclamar):",
    ...notices.map(
      (notice) =>
        `  Sorteo de ${drawMonth(notice.draw_at)}: avisado el ${when(notice.told_at)}${notice.reminded_at === null ? "" : `, recordatorio el ${when(notice.reminded_at)}`}${notice.email === null ? "" : ` (a ${notice.email})`}; se borra el ${when(claimDeadline(notice.draw_at, notice.round))}.`,
    ),
  ];
}
