import { sendQueuedMailSoon } from "~/lib/mail/sender.server";
import { singleton } from "~/lib/server/singleton.server";
import { storage } from "~/lib/storage/database.server";
import { keepWinnerNotices } from "./winner-notices.server";

/**
 * The server's timer for the winners told (docs/draw.md, "The winner told"): every 10 minutes,
 * and on a page's renewal when that time has come on the server's clock (a clock moved forward,
 * a timer the machine ran late), each reminder due is queued once and each address whose claim
 * period ended is deleted.
 */

const EVERY_MS = 10 * 60_000;
/** When the next keeping is due, on the server's clock. */
let nextAt = 0;
let running: Promise<void> | null = null;

function keepNow(): Promise<void> {
  if (running) return running;
  nextAt = Date.now() + EVERY_MS;
  running = keepWinnerNotices(storage.db, Date.now())
    .then((reminded) => {
      if (reminded > 0) sendQueuedMailSoon();
    })
    .catch((error: unknown) =>
      console.error("[draw] No se pudieron revisar los avisos a ganadores (se reintenta en 10 minutos):", error),
    )
    .finally(() => (running = null));
  return running;
}

/** Called by the draw timer's checks on page renewals, never waited on. */
export function keepWinnersIfDue(now: number): void {
  if (now >= nextAt) void keepNow();
}

/** At start-up, once per process: now, then every 10 minutes. */
export function startWinnerTimer(): void {
  void singleton("winner-notices", async () => {
    void keepNow();
    setInterval(() => void keepNow(), EVERY_MS).unref();
  });
}
