/**
 * The freeze on a real embedded database (a temporary SQLite file), with the clock passed in:
 * the list frozen at the instant and not changed by entries added later, the month's window,
 * one entry per id, the bundled sample sheet taken whole.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { DrawRefused } from "~/lib/draw-records/draw-refused";
import { freezeDueDraw } from "~/lib/draw-records/freeze.server";
import { runDraw } from "~/lib/draw-records/rounds.server";
import { drawRecords, ensureCommitment, frozenList } from "~/lib/draw-records/stored-draws.server";
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
const { mailed, options } = recordingDraws();
beforeEach(() => {
  mailed.length = 0;
});

describe("the freeze", () => {
  it("freezes at the instant; entries added later are not drawn; one run; the next month committed", async () => {
    await ensureCommitment(storage.db, T0);
    const atFreeze = ["OL-1", "OL-2", "OL-2", "OL-3"];
    expect(await freezeDueDraw(storage.db, async () => sheet(atFreeze), DRAW - MINUTE)).toBe("nothing due");
    expect(await freezeDueDraw(storage.db, async () => sheet(atFreeze), DRAW + 1000)).toBe("frozen");
    expect(await freezeDueDraw(storage.db, async () => sheet(["OL-9"]), DRAW + 2000)).toBe("nothing due");

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
      new DrawRefused("el sorteo de 2026-12 ya se hizo: mirá `npm run draw -- status`"),
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
    const record = await frozenThenRun(
      storage.db,
      async () => ({ entries: rows, fromSample: false }),
      options(DRAW + 31 * MINUTE),
    );
    expect(record.draw.list_text).toBe("OL-10\nOL-2\nOL-3\nOL-5\nOL-1\n");
    expect(record.draw.outside_window).toBe(3);
    expect(record.draw.unreadable_dates).toBe(2);
  });

  it("takes every example of the bundled sample sheet, whatever its fixed dates", async () => {
    await ensureCommitment(storage.db, T0);
    const entries = [{ id: "OL-1", name: "Ana B.", country: "Perú", date: "2020-01-01" }];
    const record = await frozenThenRun(
      storage.db,
      async () => ({ entries, fromSample: true }),
      options(DRAW + 31 * MINUTE),
    );
    expect(record.draw.list_text).toBe("OL-1\n");
    expect([record.draw.outside_window, record.draw.unreadable_dates]).toEqual([0, 0]);
  });

  it("gives one person typing one id several ways one entry, and counts the ids it refuses with the rows left out", async () => {
    await ensureCommitment(storage.db, T0);
    // One person, 5 of 12 rows (docs/draw.md, "Canonical list"): lower case, a full-width Ｏ, a
    // trailing non-breaking space, then a Cyrillic О and a U+2010 hyphen, which are refused.
    const ids = [
      "OL-1",
      "ol-5",
      "OL-2",
      "\uFF2FL-5",
      "OL-3",
      "OL-5\u00A0",
      "\u041EL-5",
      "OL-4",
      "OL\u20105",
      "OL-6\uFE0F",
      "OL-7\u2800",
      "OL-8",
    ];
    await freezeDueDraw(storage.db, async () => sheet(ids), DRAW + 1000);
    const [record] = await drawRecords(storage.db);
    const { draw } = record!;
    expect(await frozenList(storage.db, DRAW)).toBe("OL-1\nOL-5\nOL-2\nOL-3\nOL-4\nOL-8\n");
    expect(draw.entry_count).toBe(6);
    expect([draw.outside_window, draw.unreadable_dates, draw.refused_ids]).toEqual([0, 0, 4]);
    expect(draw.id_rule).toBe(2);
    // The first row of an id names it, as it keeps its place: OL-5's is the lower-case one.
    const { list_names } = await storage.db
      .selectFrom("draws")
      .select("list_names")
      .where("draw_at", "=", DRAW)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(list_names!)[1]).toBe("Nombre ol-5");
  });
});
