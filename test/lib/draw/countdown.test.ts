import { describe, expect, it } from "vitest";
import { formatDrawDate, formatDrawDay, msUntilNextTick, splitCountdown } from "~/lib/draw/countdown";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe("splitCountdown", () => {
  it("splits into days, hours, minutes and seconds", () => {
    expect(splitCountdown(14 * DAY + 3 * HOUR + 25 * MINUTE + 9 * SECOND)).toEqual({
      days: 14,
      hours: 3,
      minutes: 25,
      seconds: 9,
    });
  });

  it("rounds partial seconds up so zero is shown only at the draw", () => {
    expect(splitCountdown(1)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 1 });
    expect(splitCountdown(59 * SECOND + 1)).toEqual({ days: 0, hours: 0, minutes: 1, seconds: 0 });
    expect(splitCountdown(DAY - 1)).toEqual({ days: 1, hours: 0, minutes: 0, seconds: 0 });
  });

  it("carries exact boundaries", () => {
    expect(splitCountdown(DAY)).toEqual({ days: 1, hours: 0, minutes: 0, seconds: 0 });
    expect(splitCountdown(HOUR)).toEqual({ days: 0, hours: 1, minutes: 0, seconds: 0 });
    expect(splitCountdown(35 * DAY)).toEqual({ days: 35, hours: 0, minutes: 0, seconds: 0 });
  });

  it.each([0, -1, -5 * DAY, Number.NaN, Number.NEGATIVE_INFINITY])("clamps %s to zero", (ms) => {
    expect(splitCountdown(ms)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });
});

describe("msUntilNextTick", () => {
  it("waits for the rest of the current second", () => {
    expect(msUntilNextTick(5 * SECOND + 250)).toBe(250);
    expect(msUntilNextTick(5 * SECOND)).toBe(SECOND);
    expect(msUntilNextTick(1)).toBe(1);
  });

  it("stops once the draw is reached", () => {
    expect(msUntilNextTick(0)).toBe(0);
    expect(msUntilNextTick(-20)).toBe(0);
  });
});

describe("formatDrawDate", () => {
  it("prints the draw in Argentina time, in Spanish", () => {
    expect(formatDrawDate(new Date("2026-12-07T15:00:00Z"))).toBe("lunes 7 de diciembre, 12:00");
    expect(formatDrawDate(new Date("2026-06-01T15:00:00Z"))).toBe("lunes 1 de junio, 12:00");
  });

  it("prints what Intl prints for Argentina, every day and hour of a year", () => {
    const intl = new Intl.DateTimeFormat("es-AR", {
      timeZone: "America/Argentina/Buenos_Aires",
      weekday: "long",
      day: "numeric",
      month: "long",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    const start = Date.UTC(2026, 0, 1, 0, 7);
    for (let instant = start; instant < start + 366 * DAY; instant += 5 * HOUR) {
      const parts = intl.formatToParts(instant);
      const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)!.value;
      const expected = `${part("weekday")} ${part("day")} de ${part("month")}, ${part("hour")}:${part("minute")}`;
      expect(formatDrawDate(new Date(instant))).toBe(expected);
    }
  });

  it("does not depend on the machine's time zone", () => {
    // 02:00 UTC on 2 February is still 1 February, 23:00 in Buenos Aires.
    expect(formatDrawDate(new Date("2027-02-02T02:00:00Z"))).toBe("lunes 1 de febrero, 23:00");
  });
});

describe("formatDrawDay", () => {
  it("names the draw's day with its year, on Argentina's calendar", () => {
    expect(formatDrawDay(new Date("2026-12-07T15:00:00Z"))).toBe("lunes 7 de diciembre de 2026");
    // 02:00 UTC on 2 February is still 1 February in Argentina.
    expect(formatDrawDay(new Date("2027-02-02T02:00:00Z"))).toBe("lunes 1 de febrero de 2027");
    expect(formatDrawDay(new Date("2027-01-01T02:00:00Z"))).toBe("jueves 31 de diciembre de 2026");
  });
});
