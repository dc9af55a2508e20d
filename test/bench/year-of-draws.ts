import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freezeDueDraw } from "~/lib/draw-records/freeze.server";
import { runDraw } from "~/lib/draw-records/rounds.server";
import { ensureUpcoming } from "~/lib/draw-records/stored-draws.server";
import { nextDrawAt } from "~/lib/draw/next-draw";
import { openStorage } from "~/lib/storage/open-storage.server";
import { rehearsalChain } from "../support/drand-relay";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A data directory whose database holds what a year of the site leaves: the last 12 months'
 * draws, each frozen from `entries` rows and drawn on a rehearsal key's value, and the upcoming
 * draw opened. Without public seals (a bench has none), a production server shows each as a day
 * with no draw, and hides the rehearsals' rounds (docs/draw.md, "Rehearsals"). The pages' figures
 * are measured on it, as a site a year old serves them (docs/performance.md, "Server throughput").
 */
export async function yearOfDraws(entries = 1000): Promise<string> {
  const directory = mkdtempSync(path.join(tmpdir(), "bench-draws-"));
  const storage = await openStorage({ kind: "embedded", file: path.join(directory, "site.sqlite") });
  const chain = rehearsalChain();
  try {
    let drawAt = nextDrawAt(Date.now() - 365 * DAY_MS).getTime();
    await ensureUpcoming(storage.db, drawAt - 20 * DAY_MS);
    while (drawAt < Date.now()) {
      const day = new Date(drawAt - 3 * 60 * 60 * 1000 - DAY_MS).toISOString().slice(0, 10);
      const sheet = {
        entries: Array.from({ length: entries }, (_, index) => ({
          id: `OL-${drawAt / 1000}-${index}`,
          name: `Nombre ${index}`,
          country: "Argentina",
          date: day,
        })),
        fromSample: false,
      };
      // Frozen at the instant by the server (no notices asked for), then the run, which opens the
      // next month, as on a real draw day.
      const noNotices = async () => undefined;
      await freezeDueDraw(storage.db, async () => sheet, drawAt + 1000, noNotices);
      await runDraw(storage.db, async () => sheet, {
        onFrozen: noNotices,
        beaconFor: async (round) => ({ ...chain.sign(round), rehearsal: true }),
        rehearsal: true,
        now: drawAt + 31 * 60 * 1000,
        onRecorded: async () => undefined,
        // Taken as sealed in time without tokens: a production server finds no seal on these
        // records, so its pages show them as days with no draw (docs/performance.md).
        listWitnesses: async () => ({ inTime: true, rows: [], problems: [] }),
      });
      drawAt = nextDrawAt(drawAt + 1000).getTime();
    }
  } finally {
    await storage.db.destroy();
  }
  return directory;
}
