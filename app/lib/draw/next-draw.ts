/** Draws happen at 12:00 in Argentina, which is UTC-3 all year (no daylight saving). */
const DRAW_HOUR_UTC = 15;
export const ARGENTINA_OFFSET_MS = -3 * 60 * 60 * 1000;

/** The instant as a date whose UTC fields read Argentina's wall clock. */
export function argentinaWallClock(ms: number): Date {
  return new Date(ms + ARGENTINA_OFFSET_MS);
}

function firstMondayDrawUtc(year: number, month: number): number {
  const weekdayOfFirst = new Date(Date.UTC(year, month, 1)).getUTCDay();
  const firstMonday = 1 + ((8 - weekdayOfFirst) % 7);
  return Date.UTC(year, month, firstMonday, DRAW_HOUR_UTC);
}

/**
 * The next draw: this month's first Monday at 12:00 Argentina time if it is still
 * ahead, otherwise next month's (docs/product.md, "Next draw").
 */
export function nextDrawAt(now: Date | number): Date {
  const nowMs = typeof now === "number" ? now : now.getTime();
  const argentina = argentinaWallClock(nowMs);
  const year = argentina.getUTCFullYear();
  const month = argentina.getUTCMonth();
  const thisMonth = firstMondayDrawUtc(year, month);
  return new Date(thisMonth > nowMs ? thisMonth : firstMondayDrawUtc(year, month + 1));
}

/**
 * The draw before the one at `drawAt` (itself a draw instant): the previous month's first
 * Monday at 12:00 in Argentina, whether or not a draw was recorded then.
 */
export function previousDrawAt(drawAt: number): Date {
  const argentina = argentinaWallClock(drawAt);
  return new Date(firstMondayDrawUtc(argentina.getUTCFullYear(), argentina.getUTCMonth() - 1));
}
