import { nextDrawAt } from "~/lib/draw/next-draw";
import { sendQueuedMailSoon } from "~/lib/mail/sender.server";
import { env } from "~/lib/server/env.server";
import { singleton } from "~/lib/server/singleton.server";
import { storage } from "~/lib/storage/database.server";
import { markDatabase } from "~/lib/storage/database-marks.server";
import { queueListNotices } from "./draw-notices.server";
import { freezeDeadline, freezeDueDraw } from "./freeze.server";
import { serverDraws } from "./server-draws.server";
import { loadServerSheetEntries } from "./sheet-entries.server";
import { ensureUpcoming, type DrawRecord, type DrawSummary } from "./stored-draws.server";
import { startWinnerTimer, keepWinnersIfDue } from "./winner-timer.server";
import { startWitnessing, witnessIfDue, witnessNewStatement } from "./witness-timer.server";

/**
 * The server's draw timer: the draws kept on time by the server itself, never by a command
 * (docs/draw.md, "Freeze, seal, draw"): the upcoming draw's record written, the due list frozen
 * at its instant with its notices queued ahead of every other mail.
 */

/**
 * After a try that failed (the sheet unreachable, no valid entry dated in the month's window,
 * the database not answering), the next waits this long: each try loads the whole sheet from
 * upstream, and the pages would otherwise ask on every request until it is fixed (docs/draw.md,
 * "The month's entries").
 */
const RETRY_MS = 60_000;
let nextTryAt = 0;

/** One keeping at a time in this process: the pages and the timer share it. */
let keeping: Promise<void> | null = null;

/** The draws the server found too late to freeze, each said once. */
const tooLateToFreeze = new Set<number>();

/**
 * Whether the records, as last read, lack what is due by `now`: the upcoming draw's record,
 * or the due draw's frozen list while it may still be frozen (unless a try failed less than a
 * minute ago). The pages ask on every request, from the snapshot, without touching the database;
 * the witnesses' retries and the winners' reminders are kicked from here too, never waited on.
 */
export function dueForKeeping(records: readonly DrawRecord<DrawSummary>[], now: number): boolean {
  witnessIfDue(now);
  keepWinnersIfDue(now);
  if (now < nextTryAt) return false;
  const next = nextDrawAt(now).getTime();
  if (!records.some(({ draw }) => draw.draw_at === next)) return true;
  // Newest first: the first record whose instant has passed is the due one.
  const due = records.find(({ draw }) => draw.draw_at <= now);
  return due !== undefined && due.draw.list_hash === null && now < freezeDeadline(due.draw.draw_at);
}

/**
 * Keeps the draws on time: writes the upcoming draw's record if no one has, and freezes the due
 * draw's list if no one has (both idempotent across replicas; the notices are queued by the one
 * that froze), has the witnesses asked for the new statement and the notices sent without
 * waiting for them, then reads the records again. A failure is logged and tried again a minute
 * later; the run freezes the list itself if it must, before the draw's round is public, and
 * never after: that day has no draw (said once).
 */
export function keepDrawsOnTime(now: number): Promise<void> {
  keeping ??= (async () => {
    try {
      await ensureUpcoming(storage.db, now);
      const outcome = await freezeDueDraw(storage.db, loadServerSheetEntries, now, (trx, draw) =>
        queueListNotices(trx, draw, now),
      );
      if (outcome === "frozen") {
        console.log(JSON.stringify({ event: "draw.frozen", at: new Date(now).toISOString() }));
        witnessNewStatement();
        sendQueuedMailSoon();
      } else if (typeof outcome === "object" && !tooLateToFreeze.has(outcome.tooLate)) {
        tooLateToFreeze.add(outcome.tooLate);
        console.error(
          `[draw] La lista del sorteo del ${new Date(outcome.tooLate).toISOString()} nunca se congeló y su ronda de drand ya es pública: ese día no hay sorteo y sus participaciones pasan al siguiente (docs/operations.md, "Draw day")`,
        );
      }
      await serverDraws.fresh();
    } catch (error) {
      nextTryAt = now + RETRY_MS;
      console.error("[draw] No se pudieron llevar los sorteos a tiempo (se reintenta en un minuto):", error);
    }
  })().finally(() => (keeping = null));
  return keeping;
}

/** Longest delay setTimeout takes (about 24.8 days); a later draw instant is reached in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * At start-up (before listening, so the first page shows the upcoming draw and needs no read of
 * its own), then at each draw instant: the list is frozen then, whether or not anyone opens
 * /sorteos.
 */
export function startDrawTimer(): Promise<void> {
  // Once per process: development re-imports the server build on every change.
  return singleton("draw-clock", async () => {
    // A database a production server opened is never rehearsed on (docs/operations.md, "Rehearsing draw day").
    if (env.mode === "production") await markDatabase(storage.db, "production", Date.now());
    await keepDrawsOnTime(Date.now());
    startWitnessing();
    startWinnerTimer();
    const arm = () => {
      const wait = Math.min(nextDrawAt(Date.now()).getTime() - Date.now() + 1000, MAX_TIMER_MS);
      setTimeout(() => void keepDrawsOnTime(Date.now()).finally(arm), wait).unref();
    };
    arm();
  });
}
