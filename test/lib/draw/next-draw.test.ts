import { describe, expect, it } from "vitest";
import { nextDrawAt } from "~/lib/draw/next-draw";

/** Argentina is UTC-3 all year, so "12:00 ART" is 15:00 UTC. */
const art = (isoLocal: string) => new Date(`${isoLocal}-03:00`);

describe("nextDrawAt", () => {
  it.each([
    ["mid-month, this month's draw already past", "2026-11-22T10:00:00", "2026-12-07T12:00:00"],
    ["first day of a month whose first Monday is later", "2026-12-01T09:00:00", "2026-12-07T12:00:00"],
    ["the last evening of the year", "2026-12-31T23:59:59", "2027-01-04T12:00:00"],
    ["New Year's Day, draw still ahead this month", "2027-01-01T00:00:00", "2027-01-04T12:00:00"],
    ["end of a 30-day month", "2026-11-30T23:00:00", "2026-12-07T12:00:00"],
    ["leap year: January after its draw", "2028-01-15T12:00:00", "2028-02-07T12:00:00"],
    ["leap day, already March in UTC", "2028-02-29T23:30:00", "2028-03-06T12:00:00"],
    ["leap day, daytime", "2028-02-29T08:00:00", "2028-03-06T12:00:00"],
    ["the month before one starting on a Monday", "2026-05-20T18:00:00", "2026-06-01T12:00:00"],
    ["a month starting on Monday: that morning", "2026-06-01T00:00:00", "2026-06-01T12:00:00"],
    ["a month starting on Monday: right after its draw", "2026-06-01T12:00:01", "2026-07-06T12:00:00"],
    ["February starting on Monday (2027)", "2027-01-20T12:00:00", "2027-02-01T12:00:00"],
  ])("%s", (_case, now, expected) => {
    expect(nextDrawAt(art(now)).toISOString()).toBe(art(expected).toISOString());
  });

  it("counts the hours before 12:00 ART on a draw Monday as the same day", () => {
    expect(nextDrawAt(art("2026-12-07T11:59:00")).toISOString()).toBe("2026-12-07T15:00:00.000Z");
    expect(nextDrawAt(art("2026-12-07T11:59:59.999")).toISOString()).toBe("2026-12-07T15:00:00.000Z");
  });

  it("moves to next month's draw once 12:00 ART has passed (the draw instant itself included)", () => {
    expect(nextDrawAt(art("2026-12-07T12:00:00")).toISOString()).toBe("2027-01-04T15:00:00.000Z");
    expect(nextDrawAt(art("2026-12-07T12:00:01")).toISOString()).toBe("2027-01-04T15:00:00.000Z");
  });

  it("uses the Argentine calendar day, not the UTC one, near midnight", () => {
    // 01:00 UTC on 7 December is still Sunday 6 December 22:00 in Argentina.
    expect(nextDrawAt(new Date("2026-12-07T01:00:00Z")).toISOString()).toBe("2026-12-07T15:00:00.000Z");
    // 02:30 UTC on 1 January 2027 is still New Year's Eve in Argentina.
    expect(nextDrawAt(new Date("2027-01-01T02:30:00Z")).toISOString()).toBe("2027-01-04T15:00:00.000Z");
  });

  it("accepts epoch milliseconds as well as a Date", () => {
    const now = art("2026-11-22T10:00:00");
    expect(nextDrawAt(now.getTime()).getTime()).toBe(nextDrawAt(now).getTime());
  });

  it("always falls on a Monday within the first seven days, in the future", () => {
    for (let day = 0; day < 3 * 366; day += 1) {
      const now = Date.UTC(2026, 0, 1, (7 * day) % 24) + day * 86_400_000;
      const draw = nextDrawAt(now);
      expect(draw.getTime()).toBeGreaterThan(now);
      expect(draw.getUTCDay()).toBe(1);
      expect(draw.getUTCDate()).toBeLessThanOrEqual(7);
      expect(draw.getUTCHours()).toBe(15);
      expect(draw.getTime() - now).toBeLessThanOrEqual(36 * 86_400_000);
    }
  });
});
