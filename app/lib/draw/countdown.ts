import { argentinaWallClock } from "./next-draw";

const SECOND_MS = 1000;
const MINUTE_S = 60;
const HOUR_S = 60 * MINUTE_S;
const DAY_S = 24 * HOUR_S;

export interface CountdownParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/**
 * Splits the time left into whole units. Partial seconds round up, so the display
 * reaches 00 exactly at the draw instead of a second early; past the draw it stays
 * at zero rather than going negative.
 */
export function splitCountdown(ms: number): CountdownParts {
  const total = Number.isFinite(ms) && ms > 0 ? Math.ceil(ms / SECOND_MS) : 0;
  return {
    days: Math.floor(total / DAY_S),
    hours: Math.floor((total % DAY_S) / HOUR_S),
    minutes: Math.floor((total % HOUR_S) / MINUTE_S),
    seconds: total % MINUTE_S,
  };
}

/**
 * How long until the displayed seconds change: the remainder of the current second,
 * so ticks stay aligned with the draw instant instead of drifting with setInterval.
 */
export function msUntilNextTick(ms: number): number {
  if (ms <= 0) return 0;
  return ms % SECOND_MS || SECOND_MS;
}

const WEEKDAYS = ["domingo", "lunes", "martes", "miércoles", "jueves", "viernes", "sábado"];
const MONTHS = [
  "enero",
  "febrero",
  "marzo",
  "abril",
  "mayo",
  "junio",
  "julio",
  "agosto",
  "septiembre",
  "octubre",
  "noviembre",
  "diciembre",
];

/** "07": the countdown's digits and the draw's hour and minute. */
export const twoDigits = (value: number) => String(value).padStart(2, "0");

/**
 * "7/12/2026, 12:00:03", Argentina time: a seal's instant, whose seconds matter. Here, with the
 * page's other dates, so that the records under "Verificalo vos" print it without loading the
 * checks, which load on their button (docs/decisions/094-the-draw-verification-loads-on-its-button.md).
 */
export function formatArgentinaSecond(iso: string): string {
  const wall = argentinaWallClock(Date.parse(iso));
  return `${wall.getUTCDate()}/${wall.getUTCMonth() + 1}/${wall.getUTCFullYear()}, ${twoDigits(wall.getUTCHours())}:${twoDigits(wall.getUTCMinutes())}:${twoDigits(wall.getUTCSeconds())}`;
}

/** "lunes 7 de diciembre", read on Argentina's wall clock, and that clock for the rest. */
function drawDay(draw: Date): { day: string; wallClock: Date } {
  const wallClock = argentinaWallClock(draw.getTime());
  const weekday = WEEKDAYS[wallClock.getUTCDay()];
  return { day: `${weekday} ${wallClock.getUTCDate()} de ${MONTHS[wallClock.getUTCMonth()]}`, wallClock };
}

/**
 * "lunes 7 de diciembre, 12:00", always in Argentina time because that is how the
 * rules state the draw. Written out rather than through `Intl.DateTimeFormat`: server and
 * browser print the same text whatever CLDR data they ship, and the browser does not
 * load its locale and time-zone data while hydrating, which cost 15–26 ms of main
 * thread here (docs/performance.md, "Main thread after the first paint").
 */
export function formatDrawDate(draw: Date): string {
  const { day, wallClock } = drawDay(draw);
  return `${day}, ${twoDigits(wallClock.getUTCHours())}:${twoDigits(wallClock.getUTCMinutes())}`;
}

/** "lunes 7 de diciembre de 2026": the draw's day as the rules name it, year included. */
export function formatDrawDay(draw: Date): string {
  const { day, wallClock } = drawDay(draw);
  return `${day} de ${wallClock.getUTCFullYear()}`;
}

/** "7/12/2026": the day of an instant in Argentina. */
export function formatArgentinaDate(iso: string): string {
  const wallClock = argentinaWallClock(Date.parse(iso));
  return `${wallClock.getUTCDate()}/${wallClock.getUTCMonth() + 1}/${wallClock.getUTCFullYear()}`;
}

/** "7/12/2026, 12:00", Argentina time, written out for the reason `formatDrawDate` gives. */
export function formatArgentinaInstant(iso: string): string {
  const wallClock = argentinaWallClock(Date.parse(iso));
  return `${formatArgentinaDate(iso)}, ${twoDigits(wallClock.getUTCHours())}:${twoDigits(wallClock.getUTCMinutes())}`;
}

/**
 * "noviembre": the month of the day `day` ("yyyy-mm-dd"), with its year ("diciembre de 2025") when
 * it is not the year of `reference`'s day, as a list's marks name another draw.
 */
export function formatMonthOfDay(day: string, reference: string): string {
  const month = MONTHS[Number(day.slice(5, 7)) - 1];
  return day.slice(0, 4) === reference.slice(0, 4) ? `${month}` : `${month} de ${day.slice(0, 4)}`;
}

/** "diciembre de 2026": the month a draw belongs to, Argentina time, as winner cards say it. */
export function formatDrawMonth(iso: string): string {
  const wallClock = argentinaWallClock(Date.parse(iso));
  return `${MONTHS[wallClock.getUTCMonth()]} de ${wallClock.getUTCFullYear()}`;
}
