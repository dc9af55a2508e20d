import { nextDrawAt } from "~/lib/draw/next-draw";
import { singleton } from "~/lib/server/singleton.server";
import { storage } from "~/lib/storage/database.server";
import { freezeDueDraw } from "./freeze.server";
import { serverDraws } from "./server-draws.server";
import { loadSheetEntries } from "./sheet-entries.server";
import { ensureCommitment, type DrawRecord, type DrawSummary } from "./stored-draws.server";

/**
 * The server's draw timer: the draws kept on time by the server itself, never by a command
 * (docs/draw.md, "Commit, freeze, reveal"): the upcoming seed committed, the due list frozen.
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

/**
 * Whether the records, as last read, lack what is due by `now`: the upcoming draw's commitment,
 * or the due draw's frozen list (unless a try failed less than a minute ago). The pages ask on
 * every request, from the snapshot, without touching the database.
 */
export function dueForKeeping(records: readonly DrawRecord<DrawSummary>[], now: number): boolean {
  if (now < nextTryAt) return false;
  const next = nextDrawAt(now).getTime();
  if (!records.some(({ draw }) => draw.draw_at === next)) return true;
  // Newest first: the first record whose instant has passed is the due one.
  const due = records.find(({ draw }) => draw.draw_at <= now);
  return due !== undefined && due.draw.list_hash === null;
}

/**
 * Keeps the draws on time: commits the upcoming draw's seed if no one has, and freezes the due
 * draw's list if no one has (both idempotent across replicas), then reads the records again. A
 * failure is logged and tried again a minute later; the run freezes the list itself if it must.
 */
export function keepDrawsOnTime(now: number): Promise<void> {
  keeping ??= (async () => {
    try {
      await ensureCommitment(storage.db, now);
      if (await freezeDueDraw(storage.db, loadSheetEntries, now)) {
        console.log(JSON.stringify({ event: "draw.frozen", at: new Date(now).toISOString() }));
      }
      await serverDraws.fresh();
    } catch (error) {
      nextTryAt = now + RETRY_MS;
      console.error("[draw] Keeping the draws on time failed (tried again in a minute):", error);
    }
  })().finally(() => (keeping = null));
  return keeping;
}

/** Longest delay setTimeout takes (about 24.8 days); a later draw instant is reached in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * At start-up (before listening, so the first page shows the commitment and needs no read of
 * its own), then at each draw instant: the list is frozen then, whether or not anyone opens
 * /sorteos.
 */
export function startDrawTimer(): Promise<void> {
  // Once per process: development re-imports the server build on every change.
  return singleton("draw-clock", async () => {
    await keepDrawsOnTime(Date.now());
    const arm = () => {
      const wait = Math.min(nextDrawAt(Date.now()).getTime() - Date.now() + 1000, MAX_TIMER_MS);
      setTimeout(() => void keepDrawsOnTime(Date.now()).finally(arm), wait).unref();
    };
    arm();
  });
}
