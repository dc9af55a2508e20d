/**
 * The draw records' rules on a real embedded database (a temporary SQLite file), with the
 * clock passed in: one commitment per draw however many replicas try, the list frozen at the
 * instant and not changed by entries added later, one run per draw, redraws after 30 days.
 */
import { beforeEach, describe, expect, it } from "vitest";
import {
  DrawRefused,
  drawRecords,
  eraseExpiredDrawData,
  frozenIds,
  latestRealFreeze,
  ensureCommitment,
  freezeDueDraw,
  recordClaim,
  redraw,
  runDraw,
  type SheetEntries,
} from "~/lib/draw-records/records.server";
import { expectedWinners, sha256 } from "../../support/draw-command";
import { useTemporaryStorage } from "../../support/temporary-storage";

/** Monday 23 November 2026, 12:00 UTC: the next draw is Monday 7 December, 12:00 in Argentina. */
const T0 = Date.UTC(2026, 10, 23, 12);
const DRAW = Date.UTC(2026, 11, 7, 15);
const NEXT_DRAW = Date.UTC(2027, 0, 4, 15);
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const BEACON = "6eb37bd5".repeat(8);

const storage = useTemporaryStorage("draws-");
let mailed: string[];

beforeEach(() => {
  mailed = [];
});

const sheet = (ids: string[]): SheetEntries => ({
  // Inside the draw of 7 December 2026's window: after 2 November, through 7 December.
  entries: ids.map((id) => ({ id, name: `Nombre ${id}`, country: `País ${id}`, date: "2026-11-20" })),
  fromSample: false,
});
/** The drand rounds the records asked the value of, in order. */
const askedRounds: number[] = [];
const options = (now: number, beacon = BEACON) => ({
  // The value as the command's check passes it on (tested in test/lib/draw/drand.server.test.ts).
  beaconFor: async (round: number) => {
    askedRounds.push(round);
    return { randomness: beacon, signature: "ab".repeat(48), rehearsal: false };
  },
  now,
  onRecorded: async (_: unknown, record: { rounds: { winner_id: string }[] }) => {
    mailed.push(record.rounds.at(-1)!.winner_id);
  },
});

describe("draw records", () => {
  it("commits one seed per draw instant, however many replicas try at once", async () => {
    await Promise.all(Array.from({ length: 5 }, () => ensureCommitment(storage.db, T0)));
    await ensureCommitment(storage.db, T0 + DAY);
    const records = await drawRecords(storage.db);
    expect(records.map((record) => record.draw.draw_at)).toEqual([DRAW]);
    const { seed, commitment, committed_at } = records[0]!.draw;
    expect(seed).toMatch(/^[0-9a-f]{64}$/);
    expect(commitment).toBe(sha256(seed));
    expect(committed_at).toBe(T0);
  });

  it("freezes at the instant; entries added later are not drawn; one run; the next month committed", async () => {
    await ensureCommitment(storage.db, T0);
    const atFreeze = ["OL-1", "OL-2", "OL-2", "OL-3"];
    expect(await freezeDueDraw(storage.db, async () => sheet(atFreeze), DRAW - MINUTE)).toBe(false);
    expect(await freezeDueDraw(storage.db, async () => sheet(atFreeze), DRAW + 1000)).toBe(true);
    expect(await freezeDueDraw(storage.db, async () => sheet(["OL-9"]), DRAW + 2000)).toBe(false);

    let sheetReads = 0;
    const later = async () => (sheetReads++, sheet([...atFreeze, "OL-4"]));
    const record = await runDraw(storage.db, later, options(DRAW + 31 * MINUTE));
    expect(sheetReads).toBe(0);
    expect(record.draw.list_text).toBe("OL-1\nOL-2\nOL-3\n");
    expect(record.draw.frozen_at).toBe(DRAW + 1000);
    const [winner] = expectedWinners(record.draw.seed, ["OL-1", "OL-2", "OL-3"], [BEACON]);
    expect(record.rounds.map((round) => round.winner_id)).toEqual([winner]);
    expect(mailed).toEqual([winner]);

    await expect(runDraw(storage.db, later, options(DRAW + 40 * MINUTE))).rejects.toThrow(
      new DrawRefused("The draw of 2026-12-07T15:00:00.000Z was already made; see `status`"),
    );
    const draws = (await drawRecords(storage.db)).map(({ draw }) => [draw.draw_at, draw.committed_at]);
    expect(draws).toEqual([
      [NEXT_DRAW, DRAW + 31 * MINUTE],
      [DRAW, T0],
    ]);
  });

  it("freezes the month's entries only: from the previous draw's day (but what it took) to the draw's, one per id", async () => {
    await ensureCommitment(storage.db, T0);
    // November's draw (Monday 2 November, 12:00) took OL-1, dated that morning.
    const november = Date.UTC(2026, 10, 2, 15);
    await storage.db
      .insertInto("draws")
      .values({
        draw_at: november,
        seed: "a".repeat(64),
        commitment: sha256("a".repeat(64)),
        committed_at: november - 30 * DAY,
        frozen_at: november,
        list_text: "OL-1\nOL-9\n",
        list_hash: sha256("OL-1\nOL-9\n"),
        entry_count: 2,
      })
      .execute();
    const row = (id: string, date: string) => ({ id, name: `Nombre ${id}`, country: "Chile", date });
    const rows = [
      row("OL-1", "2026-11-02"), // the previous draw's day, in its list: November's
      row("OL-10", "2026-11-02"), // the same day, after November's freeze: December's
      row("OL-2", "2026-11-03"),
      row("OL-3", "3/11/2026"), // as the site writes dates
      row("OL-2", "2026-11-10"), // one id, one entry: its first row in play keeps its place
      row("OL-4", "2026-10-19"), // before November's draw
      row("OL-5", "2026-12-07"), // the draw's own day
      row("OL-6", "2026-12-08"), // after the draw's day
      row("OL-7", "ayer"),
      row("OL-8", "31/11/2026"), // a day that does not exist
      row("OL-\u202E9", "2026-11-20"), // a right-to-left override inside the id
      row("OL-1", "2026-11-21"), // OL-1 again, now inside: in play, in this row's place
    ];
    const record = await runDraw(
      storage.db,
      async () => ({ entries: rows, fromSample: false }),
      options(DRAW + 31 * MINUTE),
    );
    expect(record.draw.list_text).toBe("OL-10\nOL-2\nOL-3\nOL-5\nOL-1\n");
    expect(record.draw.outside_window).toBe(3);
    expect(record.draw.unreadable_dates).toBe(2);
  });

  it("counts the list of /sorteos from the latest real freeze, run or not; a sample list takes nothing", async () => {
    await ensureCommitment(storage.db, T0);
    expect(await latestRealFreeze(storage.db)).toBeNull();
    const sample = async () => ({
      entries: [{ id: "OL-1", name: "Ana B.", country: "Perú", date: "2020-01-01" }],
      fromSample: true,
    });
    await freezeDueDraw(storage.db, sample, DRAW + 1000);
    expect(await latestRealFreeze(storage.db)).toBeNull();
    expect(await frozenIds(storage.db, DRAW)).toEqual(new Set());
  });

  it("names the latest real freeze and its ids, before the run and after it", async () => {
    await ensureCommitment(storage.db, T0);
    await freezeDueDraw(storage.db, async () => sheet(["OL-1", "OL-2"]), DRAW + 1000);
    expect(await latestRealFreeze(storage.db)).toBe(DRAW);
    expect(await frozenIds(storage.db, DRAW)).toEqual(new Set(["OL-1", "OL-2"]));
    await runDraw(storage.db, async () => sheet(["OL-9"]), options(DRAW + 31 * MINUTE));
    // The next month is committed, not frozen: the latest freeze is still December's.
    expect(await latestRealFreeze(storage.db)).toBe(DRAW);
  });

  it("takes every example of the bundled sample sheet, whatever its fixed dates", async () => {
    await ensureCommitment(storage.db, T0);
    const entries = [{ id: "OL-1", name: "Ana B.", country: "Perú", date: "2020-01-01" }];
    const record = await runDraw(storage.db, async () => ({ entries, fromSample: true }), options(DRAW + 31 * MINUTE));
    expect(record.draw.list_text).toBe("OL-1\n");
    expect([record.draw.outside_window, record.draw.unreadable_dates]).toEqual([0, 0]);
  });

  it("asks for the rule's drand round, and records nothing when its value is refused", async () => {
    await ensureCommitment(storage.db, T0);
    askedRounds.length = 0;
    const refusing = {
      ...options(DRAW + 31 * MINUTE),
      beaconFor: async (round: number) => {
        askedRounds.push(round);
        throw new DrawRefused("Not drand's beacon");
      },
    };
    await expect(runDraw(storage.db, async () => sheet(["OL-1", "OL-2"]), refusing)).rejects.toThrow("Not drand's");
    // 30 minutes after the draw instant, on quicknet's 3 s rounds from its genesis.
    expect(askedRounds).toEqual([Math.ceil((DRAW / 1000 + 30 * 60 - 1_692_803_367) / 3) + 1]);
    const [record] = await drawRecords(storage.db);
    expect(record!.rounds).toEqual([]);
  });

  it("refuses before the instant, and records nothing when the run fails", async () => {
    await ensureCommitment(storage.db, T0);
    await expect(runDraw(storage.db, async () => sheet(["OL-1"]), options(DRAW - 1))).rejects.toThrow(
      "No draw is due yet: the next one is at 2026-12-07T15:00:00.000Z",
    );
    const failing = {
      ...options(DRAW + 31 * MINUTE),
      onRecorded: async () => {
        throw new Error("outbox unavailable");
      },
    };
    await expect(runDraw(storage.db, async () => sheet(["OL-1", "OL-2"]), failing)).rejects.toThrow("outbox");
    const [record] = await drawRecords(storage.db);
    expect(record!.rounds).toEqual([]);
    expect((await drawRecords(storage.db)).length).toBe(1);
  });

  it("lets one of two concurrent runs record the draw", async () => {
    await ensureCommitment(storage.db, T0);
    const load = async () => sheet(["OL-1", "OL-2", "OL-3"]);
    const results = await Promise.allSettled([
      runDraw(storage.db, load, options(DRAW + 31 * MINUTE)),
      runDraw(storage.db, load, options(DRAW + 31 * MINUTE, "84297b5e".repeat(8))),
    ]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const [refused] = results.filter((result) => result.status === "rejected");
    expect((refused as PromiseRejectedResult).reason).toBeInstanceOf(DrawRefused);
    expect(mailed).toHaveLength(1);
  });

  it("redraws among the entries left, each round only once its 30 days have passed", async () => {
    await ensureCommitment(storage.db, T0);
    const ids = ["OL-1", "OL-2", "OL-3", "OL-4", "OL-5"];
    const { draw } = await runDraw(storage.db, async () => sheet(ids), options(DRAW + 31 * MINUTE));
    const beacons = [BEACON, "84297b5e".repeat(8), "2ba5f01d".repeat(8)];
    await expect(redraw(storage.db, options(DRAW + 30 * DAY - 1, beacons[1]))).rejects.toThrow(
      "Redraw 1 of the draw of 2026-12-07T15:00:00.000Z is allowed from 2027-01-06T15:00:00.000Z",
    );
    await redraw(storage.db, options(DRAW + 30 * DAY, beacons[1]));
    await expect(redraw(storage.db, options(DRAW + 60 * DAY - 1, beacons[2]))).rejects.toThrow(DrawRefused);
    const record = await redraw(storage.db, options(DRAW + 60 * DAY, beacons[2]));
    const winners = expectedWinners(draw.seed, ids, beacons);
    expect(new Set(winners).size).toBe(3);
    expect(record.rounds.map((round) => round.winner_id)).toEqual(winners);
    expect(record.rounds.map((round) => round.winner_name)).toEqual(winners.map((id) => `Nombre ${id}`));
    expect(record.rounds.map((round) => round.winner_country)).toEqual(winners.map((id) => `País ${id}`));
    expect(mailed).toEqual(winners);
  });

  it("erases a draw's list, names, countries and winners 12 months after its instant, keeping the proof", async () => {
    await ensureCommitment(storage.db, T0);
    const { draw } = await runDraw(storage.db, async () => sheet(["OL-1", "OL-2"]), options(DRAW + 31 * MINUTE));
    expect(await eraseExpiredDrawData(storage.db, DRAW + 365 * DAY - 1)).toBe(0);
    expect(await eraseExpiredDrawData(storage.db, DRAW + 365 * DAY)).toBe(1);
    expect(await eraseExpiredDrawData(storage.db, DRAW + 366 * DAY)).toBe(0);
    const erased = await storage.db
      .selectFrom("draws")
      .selectAll()
      .where("draw_at", "=", DRAW)
      .executeTakeFirstOrThrow();
    expect(erased).toMatchObject({
      list_text: null,
      list_names: null,
      list_countries: null,
      list_hash: draw.list_hash,
      seed: draw.seed,
      erased_at: DRAW + 365 * DAY,
    });
    const [round] = await storage.db.selectFrom("draw_rounds").selectAll().execute();
    expect(round).toMatchObject({ winner_id: "", winner_name: "", winner_country: null, beacon: BEACON });
    // The next month's draw, committed at the run, is not 12 months old: untouched.
    expect((await drawRecords(storage.db)).map(({ draw }) => draw.erased_at)).toEqual([null, DRAW + 365 * DAY]);
    await expect(redraw(storage.db, options(DRAW + 365 * DAY))).rejects.toThrow("its list was erased");
    await expect(recordClaim(storage.db, "2026-12", DRAW + 365 * DAY)).rejects.toThrow("its record was erased");
  });

  it("records the prize delivered once, for the month named, and redraws no more after it", async () => {
    await ensureCommitment(storage.db, T0);
    // The draw of 7 December 2026 (12:00 in Argentina) is December's.
    await expect(recordClaim(storage.db, "2026-12", DRAW)).rejects.toThrow(
      new DrawRefused("No draw was made in 2026-12; see `status`"),
    );
    await runDraw(storage.db, async () => sheet(["OL-1", "OL-2"]), options(DRAW + 31 * MINUTE));
    await expect(recordClaim(storage.db, "2026-11", DRAW + DAY)).rejects.toThrow("No draw was made in 2026-11");
    const claimed = await recordClaim(storage.db, "2026-12", DRAW + 3 * DAY);
    expect(claimed.draw.claimed_at).toBe(DRAW + 3 * DAY);
    expect((await drawRecords(storage.db)).find(({ draw }) => draw.draw_at === DRAW)!.draw.claimed_at).toBe(
      DRAW + 3 * DAY,
    );
    await expect(recordClaim(storage.db, "2026-12", DRAW + 4 * DAY)).rejects.toThrow(
      "The prize of 2026-12 was already recorded as delivered on 2026-12-10T15:00:00.000Z",
    );
    // Delivered: 30 days later there is no unclaimed prize to redraw.
    await expect(redraw(storage.db, options(DRAW + 30 * DAY))).rejects.toThrow(
      "The prize of the draw of 2026-12-07T15:00:00.000Z was delivered on 2026-12-10T15:00:00.000Z: there is nothing to redraw",
    );
  });
});
