const ISO_DATE = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;

/** docs/product.md, "Dates": yyyy-m-d becomes dd/mm/yyyy; d/m/yyyy and anything else stay as written. */
export function formatParticipantDate(fecha: string): string {
  const match = ISO_DATE.exec(fecha.trim());
  if (!match) return fecha;
  const [, year, month, day] = match as unknown as [string, string, string, string];
  return `${day.padStart(2, "0")}/${month.padStart(2, "0")}/${year}`;
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
