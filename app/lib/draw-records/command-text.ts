import { formatArgentinaInstant } from "~/lib/draw/countdown";
import { argentinaDay } from "~/lib/draw/entry-window";

/** How the draw commands write to the organizer (docs/operations.md, "Draw day"): in Spanish, lined up. */

/**
 * An instant as the organizer reads it: Argentina's wall clock, as the rules state the draw,
 * then the exact instant ("7/12/2026, 12:00 hora de Argentina (2026-12-07T15:00:00.000Z)").
 */
export function spokenInstant(ms: number): string {
  const iso = new Date(ms).toISOString();
  return `${formatArgentinaInstant(iso)} hora de Argentina (${iso})`;
}

/** One line of a record: the label padded to one column, so the values line up. */
export const line = (label: string, value: string) => `  ${`${label}:`.padEnd(19)} ${value}`;

/** A continuation under a line's value. */
export const continued = (text: string) => `${" ".repeat(22)}${text}`;

/** "2026-12": the month a draw belongs to, Argentina time, as the commands name it. */
export const drawMonth = (drawAt: number) => argentinaDay(drawAt).slice(0, 7);
