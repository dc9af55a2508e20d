/**
 * The freeze on a real embedded database (a temporary SQLite file), with the clock passed in:
 * the list frozen at the instant and not changed by entries added later, its statement written
 * for the authorities, the month's window (from the last draw that happened: a day with no draw
 * passes its entries on), one entry per id of the organizer's format, the bundled sample sheet
 * taken whole.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { DrawRefused } from "~/lib/draw-records/draw-refused";
import { freezeDueDraw } from "~/lib/draw-records/freeze.server";
import { runDraw } from "~/lib/draw-records/rounds.server";
import { drawRecords, ensureUpcoming, frozenList } from "~/lib/draw-records/stored-draws.server";
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
const { mailed, noticed, options } = recordingDraws();
const onFrozen = options(DRAW).onFrozen;
beforeEach(() => {
  mailed.length = 0;
  noticed.length = 0;
});

/** A draw recorded as an older release left it, with a round: rule v1, which happened when drawn. */
async function recordV1Draw(drawAt: number, ids: string[]) {
  const list = ids.map((id) => `${id}\n`).join("");
  await storage.db
    .insertInto("draws")
    .values({
      draw_at: drawAt,
      rule: "opinionlabz-draw-v1",
      seed: "a".repeat(64),
      commitment: sha256("a".repeat(64)),
      committed_at: drawAt - 30 * DAY,
      frozen_at: drawAt,
      list_text: list,
      list_hash: sha256(list),
      entry_count: ids.length,
    })
    .execute();
  await storage.db
    .insertInto("draw_rounds")
    .values({
      draw_at: drawAt,
      round: 0,
      beacon_round: 1,
      beacon: BEACON,
      beacon_signature: null,
      rehearsal: 0,
      winner_index: 0,
      attempts: 1,
      winner_id: ids[0]!,
      winner_name: "Ana B.",
      winner_country: null,
      drawn_at: drawAt + 31 * MINUTE,
    })
    .execute();
}

describe("the freeze", () => {
  it("freezes at the instant; entries added later are not drawn; one run; the next month committed", async () => {
    await ensureUpcoming(storage.db, T0);
    const atFreeze = ["OL-1", "OL-2", "OL-2", "OL-3"];
    expect(await freezeDueDraw(storage.db, async () => sheet(atFreeze), DRAW - MINUTE, onFrozen)).toBe("nothing due");
    expect(await freezeDueDraw(storage.db, async () => sheet(atFreeze), DRAW + 1000, onFrozen)).toBe("frozen");
    expect(await freezeDueDraw(storage.db, async () => sheet(["OL-9"]), DRAW + 2000, onFrozen)).toBe("nothing due");
    // The notices go once, with the freeze that froze it.
    expect(noticed).toEqual([DRAW]);

    let sheetReads = 0;
    const later = async () => (sheetReads++, sheet([...atFreeze, "OL-4"]));
    const record = await runDraw(storage.db, later, options(DRAW + 31 * MINUTE));
    expect(sheetReads).toBe(0);
    expect(record.draw.list_text).toBe("OL-1\nOL-2\nOL-3\n");
    expect(record.draw.frozen_at).toBe(DRAW + 1000);
    // Its statement, written at the freeze for the authorities to seal (docs/draw.md, "Witnesses").
    expect(record.draw.list_statement).toBe(
      [
        "Opinion Labz: lista congelada de un sorteo",
        "sorteo: 2026-12-07T15:00:00.000Z",
        "regla: opinionlabz-draw-v2",
        `huella de la lista: ${sha256("OL-1\nOL-2\nOL-3\n")}`,
        "participaciones: 3",
        "días: del 2026-11-02 al 2026-12-07",
        "filas fuera de esos días o del sorteo anterior: 0",
        "filas con fecha ilegible: 0",
        "filas con un id no válido: 0",
        "regla de los ids: 3",
        "formato de los ids: ^OL-[1-9][0-9]*$",
        "congelada: 2026-12-07T15:00:01.000Z",
        "ronda de drand quicknet: 34618012",
        "",
      ].join("\n"),
    );
    expect([record.draw.rule, record.draw.seed, record.draw.commitment]).toEqual(["opinionlabz-draw-v2", "", ""]);
    const [winner] = expectedWinners(["OL-1", "OL-2", "OL-3"], [BEACON]);
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
    await ensureUpcoming(storage.db, T0);
    // November's draw (Monday 2 November, 12:00) took OL-1, dated that morning.
    await recordV1Draw(Date.UTC(2026, 10, 2, 15), ["OL-1", "OL-9"]);
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
    await ensureUpcoming(storage.db, T0);
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
    await ensureUpcoming(storage.db, T0);
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
    await freezeDueDraw(storage.db, async () => sheet(ids), DRAW + 1000, onFrozen);
    const [record] = await drawRecords(storage.db);
    const { draw } = record!;
    expect(await frozenList(storage.db, DRAW)).toBe("OL-1\nOL-5\nOL-2\nOL-3\nOL-4\nOL-8\n");
    expect(draw.entry_count).toBe(6);
    expect([draw.outside_window, draw.unreadable_dates, draw.refused_ids]).toEqual([0, 0, 4]);
    expect([draw.id_rule, draw.id_pattern]).toEqual([3, "^OL-[1-9][0-9]*$"]);
    // The first row of an id names it, as it keeps its place: OL-5's is the lower-case one.
    const { list_names } = await storage.db
      .selectFrom("draws")
      .select("list_names")
      .where("draw_at", "=", DRAW)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(list_names!)[1]).toBe("Nombre ol-5");
  });

  it("gives OL-3001's lookalikes no entry beside it: none is of the organizer's format", async () => {
    await ensureUpcoming(storage.db, T0);
    // One person, 7 rows (issue 40's audit): each took an entry before ID_PATTERN.
    const lookalikes = ["0L-3001", "OL-3OO1", "OL_3001", "OL--3001", "OI-3001", "OL-03001"];
    await freezeDueDraw(storage.db, async () => sheet(["OL-3001", ...lookalikes, "OL-3002"]), DRAW + 1000, onFrozen);
    const [record] = await drawRecords(storage.db);
    expect(await frozenList(storage.db, DRAW)).toBe("OL-3001\nOL-3002\n");
    expect([record!.draw.entry_count, record!.draw.refused_ids]).toEqual([2, 6]);
  });

  it("counts from the last draw that happened: a day with no draw passes its entries to the next", async () => {
    // October's draw (5 October) happened and took OL-1; November's (2 November) was frozen but
    // its list got no seals before its round: that day had no draw.
    await recordV1Draw(Date.UTC(2026, 9, 5, 15), ["OL-1"]);
    const november = Date.UTC(2026, 10, 2, 15);
    await storage.db
      .insertInto("draws")
      .values({
        draw_at: november,
        rule: "opinionlabz-draw-v2",
        seed: "",
        commitment: "",
        committed_at: november - 30 * DAY,
        frozen_at: november + 1000,
        list_text: "OL-2\nOL-3\n",
        list_hash: sha256("OL-2\nOL-3\n"),
        entry_count: 2,
        window_from: "2026-10-05",
      })
      .execute();
    await ensureUpcoming(storage.db, T0);
    const row = (id: string, date: string) => ({ id, name: `Nombre ${id}`, country: "Chile", date });
    const rows = [
      row("OL-1", "2026-10-05"), // October's, in its list
      row("OL-2", "2026-10-20"), // November's entries: no draw took them
      row("OL-3", "2026-11-02"),
      row("OL-4", "2026-11-20"), // December's own
      row("OL-5", "2026-10-04"), // before the last draw that happened
    ];
    const record = await frozenThenRun(
      storage.db,
      async () => ({ entries: rows, fromSample: false }),
      options(DRAW + 31 * MINUTE),
    );
    expect(record.draw.list_text).toBe("OL-2\nOL-3\nOL-4\n");
    expect(record.draw.window_from).toBe("2026-10-05");
    expect(record.draw.outside_window).toBe(2);
  });

  it("before any draw happened, counts from the earliest missed draw's own first day", async () => {
    // November's draw never froze (the server was down through its round): no draw ever happened here.
    const november = Date.UTC(2026, 10, 2, 15);
    await storage.db
      .insertInto("draws")
      .values({
        draw_at: november,
        rule: "opinionlabz-draw-v2",
        seed: "",
        commitment: "",
        committed_at: november - DAY,
      })
      .execute();
    await ensureUpcoming(storage.db, T0);
    const row = (id: string, date: string) => ({ id, name: `Nombre ${id}`, country: "Chile", date });
    await freezeDueDraw(
      storage.db,
      async () => ({ entries: [row("OL-1", "2026-10-05"), row("OL-2", "2026-10-04")], fromSample: false }),
      DRAW + 1000,
      onFrozen,
    );
    // November's window started on 5 October (the first Monday before it): no month is lost.
    expect(await frozenList(storage.db, DRAW)).toBe("OL-1\n");
  });
});
