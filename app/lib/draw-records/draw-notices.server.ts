import type { Kysely } from "kysely";
import { argentinaDay, formatDay } from "~/lib/draw/entry-window";
import { argentinaWallClock } from "~/lib/draw/next-draw";
import { drawAnchor, type NoticeCount } from "~/lib/draw/published-draw";
import { beaconRound, quicknetRoundTime } from "~/lib/draw/quicknet-rounds";
import { listWayOut } from "~/lib/mail/list-way-out.server";
import { DRAW_NOTICE_KIND, enqueueMail } from "~/lib/mail/outbox.server";
import { drawNoticeMails } from "~/lib/mail/templates/draw-notice-mail.server";
import type { RenderedMail } from "~/lib/mail/render-mail.server";
import { env } from "~/lib/server/env.server";
import type { Tables } from "~/lib/storage/schema";
import { countOf, formatCount } from "~/lib/ui/wording";
import type { DrawRoundRow, DrawRow } from "./stored-draws.server";

/**
 * Draw notices (docs/draw.md, "Witnesses the operator cannot recall"): at the freeze, the list's
 * count, hash and statement to the team and to every confirmed address that asked for them
 * ("Avisarme de cada sorteo"); after each round, its winner. Queued in the transaction that
 * freezes the list or records the round, ahead of every other mail in the outbox, paced at
 * DRAW_NOTICE_MAILS_PER_HOUR; `draw_notices` keeps when each left.
 */

const HOUR_MS = 60 * 60_000;

/** One confirmed address that asked, one per mailbox (an earlier release may have kept two spellings of one). */
async function readers(db: Kysely<Tables>): Promise<{ email: string; token: string }[]> {
  const rows = await db
    .selectFrom("waitlist")
    .select(["email", "mailbox", "token"])
    .where("status", "=", "confirmed")
    .where("draw_notices_at", "is not", null)
    .orderBy("email")
    .execute();
  const mailboxes = new Set<string>();
  return rows.filter((row) => row.mailbox === null || (!mailboxes.has(row.mailbox) && mailboxes.add(row.mailbox)));
}

/** "12:30": an instant on Argentina's wall clock. */
function argentinaTime(ms: number): string {
  const wall = argentinaWallClock(ms);
  return `${String(wall.getUTCHours()).padStart(2, "0")}:${String(wall.getUTCMinutes()).padStart(2, "0")}`;
}

/** Queues one notice to the team, then one per reader, each `gap` after the one before, from `now`. */
async function queueNotices(
  trx: Kysely<Tables>,
  about: { drawAt: number; notice: "list" | "winner"; round: number },
  mails: { team: RenderedMail; subscriber: (leaveUrl: string) => Promise<RenderedMail> },
  now: number,
): Promise<void> {
  const gap = HOUR_MS / env.mail.drawNoticeMailsPerHour;
  let slot = now;
  const queue = async (mail: Parameters<typeof enqueueMail>[1], team: boolean) => {
    const id = await enqueueMail(trx, mail, Math.round(slot));
    await trx
      .insertInto("draw_notices")
      .values({
        outbox_id: id,
        draw_at: about.drawAt,
        notice: about.notice,
        round: about.round,
        team: team ? 1 : 0,
        queued_at: now,
        sent_at: null,
      })
      .execute();
    slot += gap;
  };
  await queue({ kind: DRAW_NOTICE_KIND, to: env.contactEmail.value, ...mails.team }, true);
  for (const reader of await readers(trx)) {
    const { leave, headers } = listWayOut(env.siteUrl, reader.token);
    await queue({ kind: DRAW_NOTICE_KIND, to: reader.email, ...(await mails.subscriber(leave)), headers }, false);
  }
}

/** The freeze's notices: the list closed, its count, hash and statement, before its round. */
export async function queueListNotices(trx: Kysely<Tables>, draw: DrawRow, now: number): Promise<void> {
  const round = beaconRound(new Date(draw.draw_at), 0);
  const day = argentinaDay(draw.draw_at);
  const mails = await drawNoticeMails({
    kind: "list",
    input: {
      siteUrl: env.siteUrl,
      day: formatDay(day),
      entries: countOf(draw.entry_count ?? 0, "participación", "participaciones"),
      listHash: draw.list_hash ?? "",
      statementUrl: `${env.siteUrl}/sorteos/${day}/lista.txt`,
      round: formatCount(round),
      roundTime: argentinaTime(quicknetRoundTime(round)),
    },
  });
  await queueNotices(trx, { drawAt: draw.draw_at, notice: "list", round: 0 }, mails, now);
}

/** A round's notices: its winner, to the same readers. A rehearsal's round tells no one. */
export async function queueWinnerNotices(
  trx: Kysely<Tables>,
  draw: DrawRow,
  round: DrawRoundRow,
  now: number,
): Promise<void> {
  if (round.rehearsal === 1 || draw.from_sample === 1) return;
  const day = argentinaDay(draw.draw_at);
  const mails = await drawNoticeMails({
    kind: "winner",
    input: {
      siteUrl: env.siteUrl,
      day: formatDay(day),
      roundName: round.round === 0 ? "Sorteo" : `Resorteo ${round.round}`,
      winner: round.winner_name,
      winnerId: round.winner_id,
      entries: countOf((draw.entry_count ?? 0) - round.round, "participación", "participaciones"),
      round: formatCount(round.beacon_round),
      recordUrl: `${env.siteUrl}/sorteos#${drawAnchor(new Date(draw.draw_at).toISOString())}`,
    },
  });
  await queueNotices(trx, { drawAt: draw.draw_at, notice: "winner", round: round.round }, mails, now);
}

/**
 * Each list's notices (the team's included): how many were queued at its freeze, and how many the
 * outbox sent before its round was out, by draw instant.
 */
export async function listNoticeCounts(db: Kysely<Tables>): Promise<Map<number, NoticeCount>> {
  const rows = await db
    .selectFrom("draw_notices")
    .select(["draw_at", "sent_at"])
    .where("notice", "=", "list")
    .execute();
  const counts = new Map<number, NoticeCount>();
  for (const row of rows) {
    const drawAt = Number(row.draw_at);
    const count = counts.get(drawAt) ?? { queued: 0, sentBeforeRound: 0 };
    count.queued += 1;
    const deadline = quicknetRoundTime(beaconRound(new Date(drawAt), 0));
    if (row.sent_at !== null && Number(row.sent_at) < deadline) count.sentBeforeRound += 1;
    counts.set(drawAt, count);
  }
  return counts;
}
