import { describe, expect, it } from "vitest";
import { formatLastUpdated, formatParticipantDate } from "~/lib/participants/format";

describe("formatParticipantDate (docs/product.md#dates)", () => {
  it.each([
    ["2026-1-5", "05/01/2026"],
    ["2026-01-05", "05/01/2026"],
    ["2026-12-31", "31/12/2026"],
    ["2026-11-04", "04/11/2026"],
    // The spec converts the text's shape: a day that does not exist is converted too (and marked unreadable by the draw).
    ["2026-11-31", "31/11/2026"],
  ])("converts %j, written yyyy-m-d, to %j: dd/mm/yyyy", (input, expected) => {
    expect(formatParticipantDate(input)).toBe(expected);
  });

  it.each(["5/1/2026", "09/11/2026", "31/12/2026"])("shows %j, written d/m/yyyy, unchanged", (input) => {
    expect(formatParticipantDate(input)).toBe(input);
  });

  it.each([
    "2026-11-10 14:22:10",
    "9/11/2026 14:22:10",
    "2026-11-09T14:22",
    "8 de noviembre",
    "ayer",
    "2026/01/05",
    "01-05-2026",
    "x2026-01-05",
    "2026-01-05x",
    "",
  ])("shows %j, anything else, unchanged", (input) => {
    expect(formatParticipantDate(input)).toBe(input);
  });
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
