import { describe, expect, it } from "vitest";
import { formatLastUpdated, formatParticipantDate } from "~/lib/participants/format";

describe("formatParticipantDate (docs/product.md#dates)", () => {
  it.each([
    ["2026-1-5", "5/1/2026"],
    ["2026-01-05", "5/1/2026"],
    ["2026-12-31", "31/12/2026"],
    [" 2026-3-9 ", "9/3/2026"],
    ["5/1/2026", "5/1/2026"],
    ["05/01/2026", "5/1/2026"],
    ["9/11/2026 14:22:10", "9/11/2026"],
    ["2026-11-09T14:22", "9/11/2026"],
  ])("shows %j as %j: one format, d/m/aaaa", (input, expected) => {
    expect(formatParticipantDate(input)).toBe(expected);
  });

  it.each(["ayer", "2026/01/05", "31/11/2026", "01-05-2026", "x2026-01-05", ""])(
    "shows %j, which cannot be read, as written",
    (input) => {
      expect(formatParticipantDate(input)).toBe(input);
    },
  );
});

describe("formatLastUpdated (docs/product.md#last-updated)", () => {
  const now = Date.UTC(2026, 10, 22, 12);
  const minutesAgo = (minutes: number) => now - minutes * 60_000;

  it.each([
    [null, "nunca"],
    [now, "hace menos de 1 minuto"],
    [now - 59_999, "hace menos de 1 minuto"],
    [minutesAgo(1), "hace 1 minuto"],
    [minutesAgo(2), "hace 2 minutos"],
    [minutesAgo(59), "hace 59 minutos"],
    [minutesAgo(60), "hace 1 hora"],
    [minutesAgo(150), "hace 2 horas"],
    [now + 5_000, "hace menos de 1 minuto"],
  ])("fetched at %j reads %j", (fetchedAt, expected) => {
    expect(formatLastUpdated(fetchedAt, now)).toBe(expected);
  });
});
