/**
 * The stats' weeks, on a real embedded database with the clock passed in: the 8 ISO 8601 weeks
 * (Monday to Sunday, week 1 holds the year's first Thursday) up to the one in progress, on
 * Argentina's wall clock, UTC−3 all year, so a week starts on Monday at 03:00 UTC.
 */
import { describe, expect, it } from "vitest";
import { waitlistStats } from "~/lib/forms/waitlist-stats.server";
import { useTemporaryStorage } from "../../support/temporary-storage";

const WEEK = 7 * 24 * 60 * 60 * 1000;

const storage = useTemporaryStorage("waitlist-stats-");

describe("waitlistStats' weeks", () => {
  it.each([
    ["a Wednesday", "2026-11-25T15:00:00Z", "2026-W48", "2026-11-23T03:00:00.000Z"],
    ["its Monday at 00:00 in Argentina", "2026-11-23T03:00:00Z", "2026-W48", "2026-11-23T03:00:00.000Z"],
    ["Monday in UTC, still Sunday in Argentina", "2026-11-23T02:59:59.999Z", "2026-W47", "2026-11-16T03:00:00.000Z"],
    ["1 January 2027, a Friday: the 53rd week of 2026", "2027-01-01T12:00:00Z", "2026-W53", "2026-12-28T03:00:00.000Z"],
    ["the Monday after it", "2027-01-04T03:00:00Z", "2027-W01", "2027-01-04T03:00:00.000Z"],
    [
      "29 December 2025: week 1 of 2026, whose 1 January is a Thursday",
      "2025-12-29T12:00:00Z",
      "2026-W01",
      "2025-12-29T03:00:00.000Z",
    ],
    ["3 January 2021, a Sunday: the 53rd week of 2020", "2021-01-03T12:00:00Z", "2020-W53", "2020-12-28T03:00:00.000Z"],
  ])("%s", async (_, instant, label, start) => {
    const { weeks } = await waitlistStats(storage.db, Date.parse(instant));
    expect(weeks).toHaveLength(8);
    expect(weeks.at(-1)!.label).toBe(label);
    expect(new Date(weeks.at(-1)!.start).toISOString()).toBe(start);
    // Eight weeks in a row, each 7 × 24 h after the one before.
    expect(weeks.map((week) => week.start - weeks[0]!.start)).toEqual([0, 1, 2, 3, 4, 5, 6, 7].map((n) => n * WEEK));
  });

  it("numbers the weeks across a year with 53 of them", async () => {
    const { weeks } = await waitlistStats(storage.db, Date.parse("2027-01-20T12:00:00Z"));
    expect(weeks.map((week) => week.label)).toEqual([
      "2026-W49",
      "2026-W50",
      "2026-W51",
      "2026-W52",
      "2026-W53",
      "2027-W01",
      "2027-W02",
      "2027-W03",
    ]);
  });
});
