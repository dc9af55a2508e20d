import { entryDay, formatDay } from "~/lib/draw/entry-window";
import { countOf } from "~/lib/ui/wording";

/**
 * docs/product.md, "Dates": every date the sheet gives is shown one way, d/m/aaaa ("2026-1-5",
 * "05/01/2026" and "5/1/2026 14:22:10" are all "5/1/2026"), read as the draws read it; a date
 * that cannot be read is shown as written.
 */
export function formatParticipantDate(fecha: string): string {
  const day = entryDay(fecha);
  return day === null ? fecha : formatDay(day);
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** docs/product.md, "Last updated": the wording, counted from the server's fetch time. */
export function formatLastUpdated(fetchedAt: number | null, now: number): string {
  if (fetchedAt === null) return "nunca";
  const elapsed = Math.max(0, now - fetchedAt);
  if (elapsed < MINUTE_MS) return "hace menos de 1 minuto";
  if (elapsed < HOUR_MS) return `hace ${countOf(Math.floor(elapsed / MINUTE_MS), "minuto", "minutos")}`;
  return `hace ${countOf(Math.floor(elapsed / HOUR_MS), "hora", "horas")}`;
}
