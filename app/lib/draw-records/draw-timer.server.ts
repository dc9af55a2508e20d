import { nextDrawAt } from "~/lib/draw/next-draw";
import { singleton } from "~/lib/server/singleton.server";
import { storage } from "~/lib/storage/database.server";
import { freezeDueDraw } from "./freeze.server";
import { loadSheetEntries } from "./sheet-entries.server";
import { ensureCommitment } from "./stored-draws.server";

/**
 * The server's draw timer: the draws kept on time by the server itself, never by a command
 * (docs/draw.md, "Commit, freeze, reveal"): the upcoming seed committed, the due list frozen.
 */

/** One freeze at a time in this process: page renewals and the timer share it. */
let freezing: Promise<unknown> | null = null;

/**
 * After a freeze that failed (the sheet unreachable, or no valid entry dated in the month's
 * window), the next try waits this long: each try loads the whole sheet from upstream, and
 * /sorteos would otherwise do so on every request until the sheet is fixed (docs/draw.md,
 * "The month's entries").
 */
const FREEZE_RETRY_MS = 60_000;
let nextFreezeTryAt = 0;

/**
 * Keeps the draws on time: commits the upcoming draw's seed if no one has, and freezes the
 * due draw's list if no one has (both idempotent across replicas). A failure is logged and
 * retried a minute later; the run freezes the list itself if it must.
 */
export async function keepDrawsOnTime(now: number): Promise<void> {
  await ensureCommitment(storage.db, now);
  if (now < nextFreezeTryAt) return;
  freezing ??= freezeDueDraw(storage.db, loadSheetEntries, now)
    .then((froze) => {
      if (froze) console.log(JSON.stringify({ event: "draw.frozen", at: new Date(now).toISOString() }));
    })
    .catch((error: unknown) => {
      nextFreezeTryAt = now + FREEZE_RETRY_MS;
      console.error("[draw] Freezing the due draw's list failed (tried again in a minute):", error);
    })
    .finally(() => (freezing = null));
  await freezing;
}

/** Longest delay setTimeout takes (about 24.8 days); a later draw instant is reached in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * At start-up (before listening, so the first page shows the commitment), then at each draw
 * instant: the list is frozen then, whether or not anyone opens /sorteos.
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
