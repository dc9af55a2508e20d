import type { Kysely } from "kysely";
import { freezeDueDraw } from "~/lib/draw-records/freeze.server";
import { runDraw, type DrawOptions } from "~/lib/draw-records/rounds.server";
import type { LoadEntries, SheetEntries } from "~/lib/draw-records/sheet-entries.server";
import type { Tables } from "~/lib/storage/schema";

/**
 * The draw records' unit tests share one calendar and one way to draw: Monday 23 November
 * 2026, 12:00 UTC, when the next draw is Monday 7 December, 12:00 in Argentina. Their ids are of
 * the default format (ID_PATTERN, `^OL-[1-9][0-9]*$`).
 */
export const T0 = Date.UTC(2026, 10, 23, 12);
export const DRAW = Date.UTC(2026, 11, 7, 15);
export const NEXT_DRAW = Date.UTC(2027, 0, 4, 15);
export const MINUTE = 60_000;
export const DAY = 24 * 60 * MINUTE;
export const BEACON = "6eb37bd5".repeat(8);

/**
 * Sheet rows dated `date`: by default inside the draw of 7 December 2026's window (after 2
 * November, through 7 December).
 */
export const sheet = (ids: string[], date = "2026-11-20"): SheetEntries => ({
  entries: ids.map((id) => ({ id, name: `Nombre ${id}`, country: `País ${id}`, date })),
  fromSample: false,
});

/**
 * The options the commands pass to a run or redraw, with a beacon value as their check passes it
 * on (tested in test/lib/draw/drand.server.test.ts): the winners mailed, the lists whose notices
 * were queued and the drand rounds asked are kept for the test to read (emptied before each test
 * by the caller).
 */
export function recordingDraws() {
  const mailed: string[] = [];
  const askedRounds: number[] = [];
  const noticed: number[] = [];
  /**
   * Whether two independent authorities sealed the list before its round, as the order rule reads
   * it (their tokens are tested over HTTP with real authorities, test/server/draw-witnesses.test.ts):
   * by default, they did. A test sets its own, and resets it with `witnesses.reset()`.
   */
  const witnesses = {
    inTime: true,
    reset() {
      this.inTime = true;
    },
  };
  /** `rehearsal`: the value as a rehearsal key's check passes it on, refused beside a real draw. */
  const options = (now: number, beacon = BEACON, rehearsal = false) => ({
    beaconFor: async (round: number) => {
      askedRounds.push(round);
      return { randomness: beacon, signature: "ab".repeat(48), rehearsal };
    },
    rehearsal,
    now,
    onRecorded: async (_: unknown, record: { rounds: { winner_id: string }[] }) => {
      mailed.push(record.rounds.at(-1)!.winner_id);
    },
    onFrozen: async (_: unknown, draw: { draw_at: number }) => {
      noticed.push(draw.draw_at);
    },
    listWitnesses: async () => ({ inTime: witnesses.inTime, rows: [], problems: [] }),
  });
  return { mailed, askedRounds, noticed, options, witnesses };
}

/** A freeze's notices, not queued: the tests that count notices queue them for real (draw-notices). */
export const noNotices = async () => undefined;

/**
 * The draw of 7 December 2026 as it happens: its list frozen at the instant (as the server's
 * timer does, one second in), then the run, after its drand round is out.
 */
export async function frozenThenRun(db: Kysely<Tables>, load: LoadEntries, options: DrawOptions) {
  await freezeDueDraw(db, load, DRAW + 1000, options.onFrozen);
  return runDraw(db, load, options);
}
