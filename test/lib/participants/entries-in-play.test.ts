import { describe, expect, it } from "vitest";
import { entriesInPlay, type EntryRule } from "~/lib/participants/entries-in-play";

/** The draw of 7 December 2026: rows dated 2 November (what November's draw did not take) to 7 December. */
const DECEMBER: EntryRule = {
  drawAt: Date.UTC(2026, 11, 7, 15),
  window: { from: "2026-11-02", through: "2026-12-07" },
  previous: new Set(["OL-7"]),
  idPattern: null,
};

interface Row {
  id: string;
  date: string;
}
const rows = (entries: [string, string][]): Row[] => entries.map(([id, date]) => ({ id, date }));
const take = (sheet: Row[], fromSample = false) => entriesInPlay(sheet, (row) => row, DECEMBER, fromSample);

describe("entriesInPlay", () => {
  it("takes the window's rows, one per canonical id, and counts what it leaves out", () => {
    const sheet = rows([
      ["OL-1", "2026-11-01"], // before the window
      ["OL-7", "2026-11-02"], // the previous draw's day, in its list
      ["OL-8", "2/11/2026"], // the same day, after its freeze
      ["ol-8", "2026-11-20"], // OL-8 again, lower case
      ["\uFF2FL-9", "2026-11-21"], // a full-width Ｏ: OL-9
      ["\u041EL-9", "2026-11-22"], // a Cyrillic О: refused
      ["OL\u20109", "2026-11-22"], // U+2010: refused
      ["OL-9\u00A0", "2026-11-23"], // a trailing non-breaking space: OL-9 again
      ["OL-10", "ayer"],
      ["OL-11", "7/12/2026 10:31:05"], // the draw's day, with a time
      ["OL-12", "2026-12-08"], // after the draw's day
    ]);
    const entries = take(sheet);
    expect(entries.ids).toEqual(["OL-8", "OL-9", "OL-11"]);
    expect(entries.rows).toEqual([sheet[2], sheet[4], sheet[9]]);
    expect(entries.leftOut).toEqual({ outsideWindow: 3, unreadableDate: 1, refusedId: 2 });
    expect(entries.repeated).toBe(2);
  });

  it("says why each other row is out", () => {
    const sheet = rows([
      ["OL-1", "2026-10-30"],
      ["OL-7", "2026-11-02"],
      ["OL-8", "2026-11-03"],
      ["ol-8", "2026-11-20"],
      ["\u041EL-9", "2026-11-22"],
      ["OL-10", "31/11/2026"],
      ["OL-12", "2026-12-08"],
    ]);
    const { whyNotInPlay } = take(sheet);
    expect(sheet.map(whyNotInPlay)).toEqual([
      { why: "earlier", day: "2026-10-30", drawDay: "2026-11-02" },
      { why: "taken", day: "2026-11-02", drawDay: "2026-11-02" },
      null,
      { why: "repeated", id: "OL-8", firstDay: "2026-11-03" },
      { why: "refused-id" },
      { why: "unreadable-date" },
      { why: "later", day: "2026-12-08", drawDay: "2027-01-04" },
    ]);
  });

  it("takes every example of the bundled sample sheet whatever its date, one per id", () => {
    const sheet = rows([
      ["OL-1", "2020-01-06"],
      ["OL-2", "ayer"],
      ["ol-2", "2026-11-03"],
      ["OL\u20103", "2026-11-03"],
    ]);
    const entries = take(sheet, true);
    expect(entries.ids).toEqual(["OL-1", "OL-2"]);
    expect(entries.leftOut).toEqual({ outsideWindow: 0, unreadableDate: 0, refusedId: 1 });
    expect(entries.whyNotInPlay(sheet[2]!)).toEqual({ why: "repeated", id: "OL-2", firstDay: null });
  });
});
