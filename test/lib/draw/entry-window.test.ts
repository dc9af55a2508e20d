import { describe, expect, it } from "vitest";
import { entryDay, entryWindow, inWindow } from "~/lib/draw/entry-window";
import { previousDrawAt } from "~/lib/draw/next-draw";

describe("a draw's entry window", () => {
  it("runs from the previous first Monday through the draw's own day, Argentina time", () => {
    // Monday 7 December 2026, 12:00 in Argentina; the previous draw, Monday 2 November.
    expect(entryWindow(Date.UTC(2026, 11, 7, 15))).toEqual({ from: "2026-11-02", through: "2026-12-07" });
    // January's window starts in December of the year before (Monday 7 December 2026).
    expect(entryWindow(Date.UTC(2027, 0, 4, 15))).toEqual({ from: "2026-12-07", through: "2027-01-04" });
    // A month whose first day is a Monday: 1 February 2027; the previous draw was 4 January.
    expect(previousDrawAt(Date.UTC(2027, 1, 1, 15)).toISOString()).toBe("2027-01-04T15:00:00.000Z");
    expect(entryWindow(Date.UTC(2027, 1, 1, 15))).toEqual({ from: "2027-01-04", through: "2027-02-01" });
  });

  it("takes the previous draw's day in, but for what that draw's list holds, and the draw's day in", () => {
    const window = { from: "2026-11-02", through: "2026-12-07" };
    const previous = new Set(["OL-1"]);
    const cases: [string, string, boolean][] = [
      ["2026-11-01", "OL-2", false],
      ["2026-11-02", "OL-1", false], // frozen by November's draw at 12:00
      ["2026-11-02", "OL-2", true], // entered that afternoon, after November's freeze
      ["2026-11-03", "OL-1", true], // the same person, again, the next month
      ["2026-12-07", "OL-3", true],
      ["2026-12-08", "OL-3", false],
    ];
    expect(cases.map(([day, id]) => inWindow(day, id, window, previous))).toEqual(cases.map(([, , inPlay]) => inPlay));
  });
});

describe("a sheet's date as a day", () => {
  it.each([
    ["2026-11-3", "2026-11-03"],
    [" 2026-11-03 ", "2026-11-03"],
    ["3/11/2026", "2026-11-03"],
    ["03/11/2026", "2026-11-03"],
    ["29/2/2028", "2028-02-29"],
    // A survey form's timestamp, as its answers sheet writes it: the day counts, not the time.
    ["7/12/2026 10:31:05", "2026-12-07"],
    ["7/12/2026 9:05", "2026-12-07"],
    ["2026-12-07 23:59:59", "2026-12-07"],
    ["2026-12-07T08:00", "2026-12-07"],
  ])("reads %j as %s", (written, day) => {
    expect(entryDay(written)).toBe(day);
  });

  it.each([
    "ayer",
    "",
    "31/11/2026",
    "29/2/2027",
    "2026-13-01",
    "2026/11/03",
    "11-03-2026",
    "3/11/26",
    "7/12/2026 10",
    "7/12/2026 a las 10:31",
  ])("cannot read %j", (written) => {
    expect(entryDay(written)).toBeNull();
  });
});
