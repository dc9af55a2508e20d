import { describe, expect, it } from "vitest";
import { entryDay, entryWindow, inWindow } from "~/lib/draw/entry-window";
import { previousDrawAt } from "~/lib/draw/next-draw";

describe("a draw's entry window", () => {
  it("runs from the day after the previous first Monday through the draw's own day, Argentina time", () => {
    // Monday 7 December 2026, 12:00 in Argentina; the previous draw, Monday 2 November.
    expect(entryWindow(Date.UTC(2026, 11, 7, 15))).toEqual({ after: "2026-11-02", through: "2026-12-07" });
    // January's window starts in December of the year before (Monday 7 December 2026).
    expect(entryWindow(Date.UTC(2027, 0, 4, 15))).toEqual({ after: "2026-12-07", through: "2027-01-04" });
    // A month whose first day is a Monday: 1 February 2027; the previous draw was 4 January.
    expect(previousDrawAt(Date.UTC(2027, 1, 1, 15)).toISOString()).toBe("2027-01-04T15:00:00.000Z");
  });

  it("takes the previous draw's day out and the draw's day in", () => {
    const window = { after: "2026-11-02", through: "2026-12-07" };
    expect(["2026-11-02", "2026-11-03", "2026-12-07", "2026-12-08"].map((day) => inWindow(day, window))).toEqual([
      false,
      true,
      true,
      false,
    ]);
  });
});

describe("a sheet's date as a day", () => {
  it.each([
    ["2026-11-3", "2026-11-03"],
    [" 2026-11-03 ", "2026-11-03"],
    ["3/11/2026", "2026-11-03"],
    ["03/11/2026", "2026-11-03"],
    ["29/2/2028", "2028-02-29"],
  ])("reads %j as %s", (written, day) => {
    expect(entryDay(written)).toBe(day);
  });

  it.each(["ayer", "", "31/11/2026", "29/2/2027", "2026-13-01", "2026/11/03", "11-03-2026", "3/11/26"])(
    "cannot read %j",
    (written) => {
      expect(entryDay(written)).toBeNull();
    },
  );
});
