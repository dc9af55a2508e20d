/**
 * Draws, redraws and claims on a real embedded database (a temporary SQLite file), with the
 * clock passed in: the rule's drand round, one run per draw, redraws after 30 days among the
 * entries left; the order rule (docs/draw.md, "The order, proven"): no freeze once the round is
 * public, and a list without its two seals before the round is a day with no draw, on which no
 * round, however late, is ever drawn; rehearsals never on a database a production server opened.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { DrawRefused } from "~/lib/draw-records/draw-refused";
import { freezeDueDraw } from "~/lib/draw-records/freeze.server";
import { discardRehearsal, prizeCalendar, recordClaim } from "~/lib/draw-records/prize.server";
import { redraw, runDraw } from "~/lib/draw-records/rounds.server";
import { drawRecords, ensureUpcoming, frozenIds } from "~/lib/draw-records/stored-draws.server";
import { markDatabase } from "~/lib/storage/database-marks.server";
import { expectedWinners, sha256 } from "../../support/draw-command";
import {
  BEACON,
  DAY,
  DRAW,
  frozenThenRun,
  MINUTE,
  NEXT_DRAW,
  recordingDraws,
  sheet,
  T0,
} from "../../support/draw-records";
import { useTemporaryStorage } from "../../support/temporary-storage";

const storage = useTemporaryStorage("draws-");
const { askedRounds, mailed, noticed, options, witnesses } = recordingDraws();
beforeEach(() => {
  mailed.length = 0;
  askedRounds.length = 0;
  noticed.length = 0;
  witnesses.reset();
});

describe("draw rounds", () => {
  it("asks for the rule's drand round, and records nothing when its value is refused", async () => {
    await ensureUpcoming(storage.db, T0);
    const refusing = {
      ...options(DRAW + 31 * MINUTE),
      beaconFor: async (round: number) => {
        askedRounds.push(round);
        throw new DrawRefused("no es el valor de drand");
      },
    };
    await expect(frozenThenRun(storage.db, async () => sheet(["OL-1", "OL-2"]), refusing)).rejects.toThrow(
      "no es el valor de drand",
    );
    // 30 minutes after the draw instant, on quicknet's 3 s rounds from its genesis.
    expect(askedRounds).toEqual([Math.ceil((DRAW / 1000 + 30 * 60 - 1_692_803_367) / 3) + 1]);
    const [record] = await drawRecords(storage.db);
    expect(record!.rounds).toEqual([]);
  });

  it("refuses before the instant, and records nothing when the run fails", async () => {
    await ensureUpcoming(storage.db, T0);
    await expect(runDraw(storage.db, async () => sheet(["OL-1"]), options(DRAW - 1))).rejects.toThrow(
      "todavía no hay un sorteo para hacer: el próximo es el 7/12/2026, 12:00 hora de Argentina (2026-12-07T15:00:00.000Z)",
    );
    const failing = {
      ...options(DRAW + 31 * MINUTE),
      onRecorded: async () => {
        throw new Error("outbox unavailable");
      },
    };
    await expect(frozenThenRun(storage.db, async () => sheet(["OL-1", "OL-2"]), failing)).rejects.toThrow("outbox");
    const [record] = await drawRecords(storage.db);
    expect(record!.rounds).toEqual([]);
    expect((await drawRecords(storage.db)).length).toBe(1);
  });

  it("lets one of two concurrent runs record the draw", async () => {
    await ensureUpcoming(storage.db, T0);
    const load = async () => sheet(["OL-1", "OL-2", "OL-3"]);
    await freezeDueDraw(storage.db, load, DRAW + 1000, options(DRAW).onFrozen);
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
    await ensureUpcoming(storage.db, T0);
    const ids = ["OL-1", "OL-2", "OL-3", "OL-4", "OL-5"];
    await frozenThenRun(storage.db, async () => sheet(ids), options(DRAW + 31 * MINUTE));
    const beacons = [BEACON, "84297b5e".repeat(8), "2ba5f01d".repeat(8)];
    await expect(redraw(storage.db, null, options(DRAW + 30 * DAY - 1, beacons[1]))).rejects.toThrow(
      "el resorteo 1 del sorteo de 2026-12 se puede hacer desde el 6/1/2027, 12:00 hora de Argentina (2027-01-06T15:00:00.000Z)",
    );
    await redraw(storage.db, null, options(DRAW + 30 * DAY, beacons[1]));
    await expect(redraw(storage.db, null, options(DRAW + 60 * DAY - 1, beacons[2]))).rejects.toThrow(DrawRefused);
    const record = await redraw(storage.db, null, options(DRAW + 60 * DAY, beacons[2]));
    // Rule v2: the list and the values alone, no seed.
    const winners = expectedWinners(ids, beacons);
    expect(new Set(winners).size).toBe(3);
    expect(record.rounds.map((round) => round.winner_id)).toEqual(winners);
    expect(record.rounds.map((round) => round.winner_name)).toEqual(winners.map((id) => `Nombre ${id}`));
    expect(record.rounds.map((round) => round.winner_country)).toEqual(winners.map((id) => `País ${id}`));
    expect(mailed).toEqual(winners);
  });

  it("redraws each prize on its own calendar: December's after January's draw, and a month named when two are due", async () => {
    await ensureUpcoming(storage.db, T0);
    await frozenThenRun(
      storage.db,
      async () => sheet(["OL-1", "OL-2", "OL-3", "OL-4", "OL-5"]),
      options(DRAW + 31 * MINUTE),
    );
    // January's draw (4 January 2027), among the rows dated in its window, frozen at its instant.
    const january = async () => sheet(["OL-6", "OL-7", "OL-8"], "2026-12-20");
    await freezeDueDraw(storage.db, january, NEXT_DRAW + 1000, options(NEXT_DRAW).onFrozen);
    await runDraw(storage.db, january, options(NEXT_DRAW + 31 * MINUTE));

    // 6 January, an hour after December's 30 days: December's prize is the one redrawn, not
    // January's (whose first redraw waits until 3 February).
    const december = await redraw(storage.db, null, options(DRAW + 30 * DAY + 60 * MINUTE));
    expect([december.draw.draw_at, december.rounds.length]).toEqual([DRAW, 2]);

    // 5 March, 14:00: December's second redraw (due 5 February) and January's first (due 3
    // February) are both due: the command asks which.
    const both = DRAW + 88 * DAY - 60 * MINUTE;
    await expect(redraw(storage.db, null, options(both))).rejects.toThrow(
      "hay más de un resorteo pendiente (2027-01, 2026-12): decí cuál con `npm run draw -- redraw <AAAA-MM>`",
    );
    const januaryRedraw = await redraw(storage.db, "2027-01", options(both));
    expect([januaryRedraw.draw.draw_at, januaryRedraw.rounds.length]).toEqual([NEXT_DRAW, 2]);
    await expect(redraw(storage.db, "2027-01", options(both))).rejects.toThrow(
      "el resorteo 2 del sorteo de 2027-01 se puede hacer desde el 5/3/2027, 12:00 hora de Argentina",
    );
    // Only December's is due now: the month may go unnamed.
    expect((await redraw(storage.db, null, options(both))).draw.draw_at).toBe(DRAW);
    // Each record's calendar, as status prints it: the next redraw 30 days after the last.
    const calendars = (await drawRecords(storage.db)).filter(({ rounds }) => rounds.length > 0).map(prizeCalendar);
    expect(calendars).toEqual([
      { kind: "claimable", round: 2, until: NEXT_DRAW + 60 * DAY, drandRound: expect.any(Number) },
      { kind: "claimable", round: 3, until: DRAW + 90 * DAY, drandRound: expect.any(Number) },
    ]);
  });

  it("never draws a rehearsal beside a real draw, and a discarded rehearsal leaves the month drawable", async () => {
    await ensureUpcoming(storage.db, T0);
    const entries = async () => sheet(["OL-1", "OL-2", "OL-3"]);
    await frozenThenRun(storage.db, entries, options(DRAW + 31 * MINUTE, BEACON, true));
    // A rehearsal uses nothing up: it is not redrawn, claimed or made again as if it were real.
    await expect(runDraw(storage.db, entries, options(DRAW + 40 * MINUTE))).rejects.toThrow(
      "el sorteo de 2026-12 ya se hizo como ensayo: para hacerlo de verdad, descartá el ensayo con `npm run draw -- discard 2026-12`",
    );
    await expect(redraw(storage.db, null, options(DRAW + 30 * DAY))).rejects.toThrow(
      "el sorteo de 2026-12 fue un ensayo: se resortea solo con su clave de ensayo",
    );
    await expect(recordClaim(storage.db, "2026-12", DRAW + DAY)).rejects.toThrow(
      "el sorteo de 2026-12 fue un ensayo: no hay premio que entregar",
    );

    const removed = await discardRehearsal(storage.db, "2026-12");
    expect(removed.map((round) => round.rehearsal)).toEqual([1]);
    const [, december] = await drawRecords(storage.db);
    expect(december!.rounds).toEqual([]);
    expect(december!.draw.list_hash).toBe(sha256("OL-1\nOL-2\nOL-3\n"));
    // The month is drawable again, from the same frozen list, on drand's value.
    const real = await runDraw(storage.db, entries, options(DRAW + 50 * MINUTE));
    expect(real.rounds.map((round) => round.rehearsal)).toEqual([0]);
    await expect(discardRehearsal(storage.db, "2026-12")).rejects.toThrow(
      "el sorteo de 2026-12 no es un ensayo: un sorteo hecho con drand nunca se descarta",
    );
    await expect(discardRehearsal(storage.db, "2026-11")).rejects.toThrow("no se hizo ningún sorteo en 2026-11");

    // From now on this database holds a real draw: no rehearsal runs or redraws on it.
    const beside =
      "esta base de datos tiene sorteos reales (el último, el de 2026-12): un ensayo nunca se hace sobre ella";
    await expect(
      runDraw(storage.db, async () => sheet(["OL-9"], "2026-12-20"), options(NEXT_DRAW + 31 * MINUTE, BEACON, true)),
    ).rejects.toThrow(beside);
    await expect(redraw(storage.db, "2026-12", options(DRAW + 30 * DAY, BEACON, true))).rejects.toThrow(beside);
    expect((await drawRecords(storage.db)).map(({ rounds }) => rounds.length)).toEqual([0, 1]);
  });

  it("never rehearses on a database a production server opened; there, a real run takes a rehearsal's place", async () => {
    await ensureUpcoming(storage.db, T0);
    const entries = async () => sheet(["OL-1", "OL-2", "OL-3"]);
    // Rehearsed on a fresh database, which a production server then opens.
    await frozenThenRun(storage.db, entries, options(DRAW + 31 * MINUTE, BEACON, true));
    await markDatabase(storage.db, "production", DRAW + 35 * MINUTE);
    const opened =
      "un servidor de producción abrió esta base de datos el 7/12/2026, 12:35 hora de Argentina (2026-12-07T15:35:00.000Z), así que un ensayo no se hace sobre ella";
    await expect(discardRehearsal(storage.db, "2026-12")).rejects.toThrow(opened);
    await expect(runDraw(storage.db, entries, options(DRAW + 40 * MINUTE, BEACON, true))).rejects.toThrow(opened);
    // The real run replaces the rehearsal, in its own transaction: one round, drand's.
    const real = await runDraw(storage.db, entries, options(DRAW + 40 * MINUTE));
    expect(real.rounds.map((round) => round.rehearsal)).toEqual([0]);
    const december = (await drawRecords(storage.db)).find(({ draw }) => draw.draw_at === DRAW)!;
    expect(december.rounds.map((round) => round.rehearsal)).toEqual([0]);
  });

  it("redraws and windows a list frozen under id rule 1 with that rule; the next window compares it canonically", async () => {
    await ensureUpcoming(storage.db, T0);
    // November's draw, frozen before ids were folded: lower case and an ñ, as that rule kept them.
    const november = Date.UTC(2026, 10, 2, 15);
    const listText = "ol-1\nñandú-7\nOL-3\n";
    await storage.db
      .insertInto("draws")
      .values({
        draw_at: november,
        rule: "opinionlabz-draw-v1",
        seed: "a".repeat(64),
        commitment: sha256("a".repeat(64)),
        committed_at: november - 30 * DAY,
        frozen_at: november,
        list_text: listText,
        list_hash: sha256(listText),
        entry_count: 3,
        list_names: JSON.stringify(["Ana B.", "Bea C.", "Ceci D."]),
      })
      .execute();
    // Its record names no rule (frozen before the column): rule 1, which reads it.
    expect(await frozenIds(storage.db, november)).toEqual(new Set(["OL-1", "OL-3"]));
    const listed = ["ol-1", "ñandú-7", "OL-3"];
    const [first, second] = expectedWinners(listed, [BEACON, BEACON], "a".repeat(64));
    await storage.db
      .insertInto("draw_rounds")
      .values({
        draw_at: november,
        round: 0,
        beacon_round: 1,
        beacon: BEACON,
        beacon_signature: null,
        rehearsal: 0,
        winner_index: listed.indexOf(first!),
        attempts: 1,
        winner_id: first!,
        winner_name: "Ana B.",
        winner_country: null,
        drawn_at: november + 31 * MINUTE,
      })
      .execute();
    // Its redraw reads the list with rule 1 and draws among the two left, as published.
    const { rounds } = await redraw(storage.db, null, options(november + 30 * DAY));
    expect(rounds.map((round) => round.winner_id)).toEqual([first, second]);
    // December's window: on 2 November, "OL-1" is the row November took, "OL-2" is December's.
    const row = (id: string) => ({ id, name: `Nombre ${id}`, country: "Chile", date: "2026-11-02" });
    const december = await frozenThenRun(
      storage.db,
      async () => ({ entries: [row("OL-1"), row("ol-2")], fromSample: false }),
      options(DRAW + 31 * MINUTE),
    );
    expect(december.draw.list_text).toBe("OL-2\n");
    expect(december.draw.outside_window).toBe(1);
  });
});

describe("the order, proven", () => {
  // The rule's round for the draw of 7 December 2026 is emitted at 15:30:00 UTC, 30 minutes on.
  const fixedRound = Math.ceil((DRAW / 1000 + 30 * 60 - 1_692_803_367) / 3) + 1;
  const roundOut = DRAW + 30 * MINUTE;

  it("freezes no list once the round is public, and the run refuses that day: it had no draw", async () => {
    await ensureUpcoming(storage.db, T0);
    const load = async () => sheet(["OL-1", "OL-2"]);
    expect(await freezeDueDraw(storage.db, load, roundOut, options(DRAW).onFrozen)).toEqual({ tooLate: DRAW });
    await expect(runDraw(storage.db, load, options(roundOut + MINUTE))).rejects.toThrow(
      new DrawRefused(
        `la lista del sorteo de 2026-12 nunca se congeló y drand ya publicó la ronda ${fixedRound} el 7/12/2026, 12:30 hora de Argentina (2026-12-07T15:30:00.000Z): ese día no hubo sorteo, y sus participaciones pasan al sorteo del 4/1/2027, 12:00 hora de Argentina (2027-01-04T15:00:00.000Z)`,
      ),
    );
    const [record] = await drawRecords(storage.db);
    expect([record!.draw.list_hash, record!.rounds, askedRounds, mailed, noticed]).toEqual([null, [], [], [], []]);
    // A millisecond earlier, the freeze was still allowed, and queued its notices.
    expect(await freezeDueDraw(storage.db, load, roundOut - 1, options(DRAW).onFrozen)).toBe("frozen");
    expect(noticed).toEqual([DRAW]);
  });

  it("refuses a run and a redraw whose list two authorities did not seal before the round, recording nothing, ever", async () => {
    await ensureUpcoming(storage.db, T0);
    witnesses.inTime = false;
    const load = async () => sheet(["OL-1", "OL-2"]);
    const noDraw =
      /^el 7\/12\/2026, 12:00 hora de Argentina \(2026-12-07T15:00:00.000Z\) no hubo sorteo: la lista no tiene los sellos de dos autoridades independientes anteriores a la ronda \d+ de drand, así que ninguna ronda cuenta para ese día y sus participaciones pasan al sorteo del 4\/1\/2027/;
    await expect(frozenThenRun(storage.db, load, options(roundOut + MINUTE))).rejects.toThrow(noDraw);
    // However late: a day, a month on, no round is ever asked for it.
    await expect(runDraw(storage.db, load, options(DRAW + 20 * DAY))).rejects.toThrow(noDraw);
    expect([askedRounds, mailed, (await drawRecords(storage.db))[0]!.rounds]).toEqual([[], [], []]);
    witnesses.reset();
    await runDraw(storage.db, load, options(roundOut + MINUTE));
    witnesses.inTime = false;
    await expect(redraw(storage.db, null, options(DRAW + 30 * DAY))).rejects.toThrow(noDraw);
    expect((await drawRecords(storage.db)).find(({ draw }) => draw.draw_at === DRAW)!.rounds).toHaveLength(1);
  });

  it("before the round, asks for its value (refused while it is out), and only the rule's round", async () => {
    await ensureUpcoming(storage.db, T0);
    witnesses.inTime = false;
    const notOut = {
      ...options(DRAW + 10 * MINUTE),
      beaconFor: async (round: number) => {
        askedRounds.push(round);
        throw new DrawRefused(`drand publica la ronda ${round} el 7/12/2026, 12:30 hora de Argentina`);
      },
    };
    await expect(frozenThenRun(storage.db, async () => sheet(["OL-1", "OL-2"]), notOut)).rejects.toThrow(
      `drand publica la ronda ${fixedRound}`,
    );
    witnesses.reset();
    await runDraw(storage.db, async () => sheet(["OL-1", "OL-2"]), options(roundOut + MINUTE));
    expect(askedRounds).toEqual([fixedRound, fixedRound]);
  });
});
