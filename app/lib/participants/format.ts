import { entryDay, formatDay } from "~/lib/draw/entry-window";

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

/** Spanish plural categories: "one" for 1, "many" for a million and up, "other" for the rest. */
const SPANISH_PLURALS = new Intl.PluralRules("es");

/**
 * A word in the form a count asks for, by the language's own rules (Intl.PluralRules), not by
 * `count === 1`: "1 fila", "0 filas", "1,5 horas".
 */
export function pluralForm(count: number, one: string, other: string): string {
  return SPANISH_PLURALS.select(count) === "one" ? one : other;
}

/** "1 fila", "12.345 filas": a count, written as in Argentina, with its noun in the right form. */
export function countOf(count: number, one: string, other: string): string {
  return `${formatCount(count)} ${pluralForm(count, one, other)}`;
}

/** docs/product.md, "Last updated": the wording, counted from the server's fetch time. */
export function formatLastUpdated(fetchedAt: number | null, now: number): string {
  if (fetchedAt === null) return "nunca";
  const elapsed = Math.max(0, now - fetchedAt);
  if (elapsed < MINUTE_MS) return "hace menos de 1 minuto";
  if (elapsed < HOUR_MS) return `hace ${countOf(Math.floor(elapsed / MINUTE_MS), "minuto", "minutos")}`;
  return `hace ${countOf(Math.floor(elapsed / HOUR_MS), "hora", "horas")}`;
}

/**
 * A count as written in Argentina, with a point between thousands ("12.345"). Written out
 * rather than through `Intl.NumberFormat` for the reason `formatDrawDate` gives.
 */
export function formatCount(count: number): string {
  return String(count).replace(/\B(?=(\d{3})+$)/g, ".");
}

/** Joins phrases as Spanish lists them: "a", "a y b", "a, b y c". */
export function listed(parts: readonly string[]): string {
  return parts.length < 2 ? (parts[0] ?? "") : `${parts.slice(0, -1).join(", ")} y ${parts.at(-1)}`;
}
