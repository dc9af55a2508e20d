import { argentinaWallClock, previousDrawAt } from "./next-draw";

/**
 * Which sheet rows a draw is made among, by their date (docs/draw.md, "The month's entries";
 * docs/decisions/053-the-months-entries-by-date.md, docs/decisions/088-entries-go-to-the-next-draw-that-happens.md):
 * dated from the day of the last draw that happened through the draw's own day, Argentina time,
 * except that draw's day's rows its frozen list already holds (sheet dates are days: a row
 * entered that afternoon, after the freeze, belongs to this draw). Days as "yyyy-mm-dd", which
 * compare as text in date order.
 */
export interface EntryWindow {
  /** The last draw that happened's day (or, before any, see `entryWindow`): its rows are in play unless it took them. */
  from: string;
  /** The draw's day: the last day whose rows are in play. */
  through: string;
}

/** "2026-12-07": the day in Argentina of the instant `ms`, as windows, list paths and mails name a draw. */
export const argentinaDay = (ms: number) => argentinaWallClock(ms).toISOString().slice(0, 10);

/**
 * The window of the draw at `drawAt`, from `from` (the day of the last draw that happened, or,
 * when none ever did, the earliest missed draw's own window start); without it, from the
 * previous first Monday, as before any draw.
 */
export function entryWindow(drawAt: number, from: string | null = null): EntryWindow {
  return { from: from ?? argentinaDay(previousDrawAt(drawAt).getTime()), through: argentinaDay(drawAt) };
}

/**
 * A time of day after the date is allowed and ignored: a survey form's answers sheet stamps
 * each row "7/12/2026 10:31:05", and only the day decides the draw.
 */
const TIME_OF_DAY = String.raw`(?:[ T]\d{1,2}:\d{2}(?::\d{2})?)?`;
const ISO_DAY = new RegExp(String.raw`^(\d{4})-(\d{1,2})-(\d{1,2})${TIME_OF_DAY}$`);
const WRITTEN_DAY = new RegExp(String.raw`^(\d{1,2})\/(\d{1,2})\/(\d{4})${TIME_OF_DAY}$`);

/**
 * A sheet's date as a day ("yyyy-mm-dd"), read the two ways the sheet writes dates
 * (docs/product.md, "Dates": yyyy-m-d, or d/m/yyyy as the site shows them), with or without a
 * time after it; null for anything else, or a day that does not exist (31/11).
 */
export function entryDay(fecha: string): string | null {
  const text = fecha.trim();
  const iso = ISO_DAY.exec(text);
  const written = iso ? null : WRITTEN_DAY.exec(text);
  const parts = iso ? [iso[1], iso[2], iso[3]] : written ? [written[3], written[2], written[1]] : null;
  if (!parts) return null;
  const [year, month, day] = parts.map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

/**
 * Whether a row dated `day` with id `id` is in play: inside the window, and not one the previous
 * draw took (`previous`: the previous draw's frozen ids, empty when it was not drawn).
 */
export function inWindow(day: string, id: string, window: EntryWindow, previous: ReadonlySet<string>): boolean {
  return day <= window.through && afterDraw(day, id, { day: window.from, ids: previous });
}

/** What a recorded draw took from the sheet: its day, and the ids of its frozen list. */
export interface DrawTaken {
  day: string;
  ids: ReadonlySet<string>;
}

/** Whether a row belongs to the draw after `taken`: dated after its day, or on it without being in its list. */
function afterDraw(day: string, id: string, taken: DrawTaken): boolean {
  return day > taken.day || (day === taken.day && !taken.ids.has(id));
}

/** "3/11/2026" from "2026-11-03": a window's day as the page writes days. */
export function formatDay(day: string): string {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return `${date}/${month}/${year}`;
}
