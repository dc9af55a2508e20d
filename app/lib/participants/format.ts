import { countOf } from "~/lib/ui/wording";

/** A sheet date written year first: "2026-1-5", "2026-01-05"; nothing before or after it. */
const YEAR_FIRST = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;

/**
 * docs/product.md, "Dates", as the spec displays a sheet's date: d/m/yyyy text unchanged,
 * yyyy-m-d converted to dd/mm/yyyy ("2026-1-5" → "05/01/2026"), anything else unchanged
 * ("2026-11-10 14:22:10", "8 de noviembre"). The draw reads the date on its own terms
 * (`entryDay`); this is only how a list shows it.
 */
export function formatParticipantDate(fecha: string): string {
  const yearFirst = YEAR_FIRST.exec(fecha);
  if (!yearFirst) return fecha;
  const [, year = "", month = "", day = ""] = yearFirst;
  return `${day.padStart(2, "0")}/${month.padStart(2, "0")}/${year}`;
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
