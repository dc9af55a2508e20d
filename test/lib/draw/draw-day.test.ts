import { describe, expect, it } from "vitest";
import { drawDayOf, isToday } from "~/lib/draw/draw-day";
import type { MissedDraw, PendingDraw, ShownDraw } from "~/lib/draw/published-draw";

/** The draw of Monday 7 December 2026, 12:00 in Argentina; its round, 34,618,012, out at 12:30. */
const DRAW_AT = "2026-12-07T15:00:00.000Z";
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const at = (offset: number) => Date.parse(DRAW_AT) + offset;

const upcoming = (frozen: boolean, witnessed = true): PendingDraw => ({
  drawAt: DRAW_AT,
  beaconRound: 34_618_012,
  window: { from: "2026-11-02", through: "2026-12-07" },
  witnesses: { commitment: null, list: null, claim: null },
  awaited: [],
  frozen: frozen
    ? {
        sealedAt: "2026-12-07T15:00:02.000Z",
        entryCount: 29,
        listHash: "a".repeat(64),
        listUrl: "https://opinionlabz.example/sorteos/2026-12-07/ids.txt",
        leftOut: null,
        sample: false,
        witnessed,
        notices: { queued: 3, sentBeforeRound: 3 },
      }
    : null,
});

/** The same day with no draw: its list got no seals before its round. */
const missed: MissedDraw = {
  drawAt: DRAW_AT,
  beaconRound: 34_618_012,
  beaconAt: "2026-12-07T15:30:00.000Z",
  reason: "not-sealed",
  frozen: null,
  witnesses: { commitment: null, list: null, claim: null },
  roundsIgnored: 0,
  record: null,
  nextDrawAt: "2027-01-04T15:00:00.000Z",
};

const drawn = {
  drawAt: DRAW_AT,
  entryCount: 29,
  listHash: "a".repeat(64),
  listUrl: "https://opinionlabz.example/sorteos/2026-12-07/ids.txt",
  sample: false,
  verdict: "unwitnessed",
  rounds: [{ drandRound: 34_618_012, winnerName: "Camila M.", winnerId: "M-13", winnerCountry: "Perú" }],
} as unknown as ShownDraw;

describe("drawDayOf", () => {
  it("is nothing before the freeze", () => {
    expect(drawDayOf(upcoming(false), [], [], at(-MINUTE))).toBeNull();
    expect(drawDayOf(upcoming(false), [], [], at(MINUTE))).toBeNull();
  });

  it("tells the frozen list, its round and when drand publishes it, until the result", () => {
    const today = drawDayOf(upcoming(true), [], [], at(2 * DAY));
    expect(today).toEqual({
      state: "frozen",
      draw: {
        drawAt: DRAW_AT,
        entryCount: 29,
        listHash: "a".repeat(64),
        listUrl: "https://opinionlabz.example/sorteos/2026-12-07/ids.txt",
        beaconRound: 34_618_012,
        beaconAt: "2026-12-07T15:30:00.000Z",
        checkAnchor: "proximo-sorteo",
        sample: false,
        witnessed: true,
      },
    });
  });

  it("leads with the winner for a week after the draw instant, then steps aside", () => {
    const today = drawDayOf(null, [drawn], [], at(31 * MINUTE));
    expect(today).toMatchObject({
      state: "drawn",
      draw: { checkAnchor: "sorteo-2026-12-07", entryCount: 29 },
      winner: { name: "Camila M.", id: "M-13", country: "Perú", mark: "unwitnessed" },
    });
    expect(drawDayOf(null, [drawn], [], at(7 * DAY - 1))?.state).toBe("drawn");
    expect(drawDayOf(null, [drawn], [], at(7 * DAY))).toBeNull();
  });

  it("says plainly that a day had no draw, for a week, and where its entries go; never a winner for it", () => {
    expect(drawDayOf(upcoming(true, false), [], [], at(10 * MINUTE))).toMatchObject({
      state: "frozen",
      draw: { witnessed: false },
    });
    expect(drawDayOf(null, [], [missed], at(31 * MINUTE))).toEqual({
      state: "missed",
      missed: {
        drawAt: DRAW_AT,
        beaconRound: 34_618_012,
        beaconAt: "2026-12-07T15:30:00.000Z",
        reason: "not-sealed",
        nextDrawAt: "2027-01-04T15:00:00.000Z",
      },
    });
    // An older winner never stands for a newer day with no draw.
    const older = { ...drawn, drawAt: "2026-11-02T15:00:00.000Z" } as ShownDraw;
    expect(drawDayOf(null, [older], [missed], at(DAY))?.state).toBe("missed");
    expect(drawDayOf(null, [], [missed], at(7 * DAY))).toBeNull();
  });

  it("says 'hoy' on the draw's own day in Argentina only", () => {
    expect(isToday(DRAW_AT, at(11 * 60 * MINUTE + 59 * MINUTE))).toBe(true); // 23:59 in Argentina
    expect(isToday(DRAW_AT, at(12 * 60 * MINUTE))).toBe(false); // 00:00 the next day
  });
});
