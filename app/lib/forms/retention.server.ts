import { eraseExpiredDrawData } from "~/lib/draw-records/retention.server";
import { singleton } from "~/lib/server/singleton.server";
import { storage } from "~/lib/storage/database.server";
import { deleteOldMessages } from "./contact-rows.server";
import { deleteOldReports } from "./site-status.server";
import { deleteFinishedWindows } from "./submission-guard.server";
import { deleteExpired } from "./waitlist-rows.server";

const SWEEP_MS = 10 * 60_000;

/**
 * At start and every 10 minutes, in every instance, what the forms keep past its time is
 * deleted (the privacy page's "Cuánto tiempo los guardamos"; docs/operations.md, "Sign-ups and
 * limits"): unconfirmed addresses whose link expired, rate windows past their day, contact
 * messages past their 12 months, the participation data of draws past their 12 months (the
 * ids list, names, countries and winners; docs/draw.md, "Retention"), and the reports of servers
 * gone for a day. A sign-up deletes only its own expired link; the mail outbox purges itself.
 */
export function startFormsSweep(): void {
  singleton("forms-sweep", () => {
    const sweep = () => {
      const now = Date.now();
      return Promise.all([
        deleteExpired(storage.db, now),
        deleteFinishedWindows(now),
        deleteOldMessages(storage.db, now),
        deleteOldReports(storage.db, now),
        eraseExpiredDrawData(storage.db, now),
      ]).catch((error: unknown) =>
        console.error(
          `[forms] falló la limpieza de cada 10 minutos: ${error instanceof Error ? error.message : String(error)}`,
        ),
      );
    };
    setInterval(() => void sweep(), SWEEP_MS).unref();
    // And once at start: instances restarted more often than every 10 minutes still keep the
    // periods.
    void sweep();
    return true;
  });
}
