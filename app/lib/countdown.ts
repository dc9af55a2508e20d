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

const ARGENTINA_TIME_ZONE = "America/Argentina/Buenos_Aires";

/**
 * "lunes 7 de diciembre, 12:00", always in Argentina time because that is how the
 * rules state the draw. Assembled from parts so that server and browser (which may
 * ship different CLDR data and punctuation) print the same text.
 */
export function formatDrawDate(draw: Date): string {
  const parts = new Intl.DateTimeFormat("es-AR", {
    timeZone: ARGENTINA_TIME_ZONE,
    weekday: "long",
    day: "numeric",
    month: "long",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(draw);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("weekday")} ${part("day")} de ${part("month")}, ${part("hour")}:${part("minute")}`;
}
