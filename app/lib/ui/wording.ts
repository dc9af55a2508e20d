/**
 * How the site words numbers and lists in Spanish, on either side: plural forms by the
 * language's own rules, counts written as in Argentina, lists joined with "y". Below every
 * folder that speaks (participants, draw, the mails), so none of them imports another for it.
 */

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

/**
 * A count as written in Argentina, with a point between thousands ("12.345"). Written out
 * rather than through `Intl.NumberFormat` for the reason `formatDrawDate` (app/lib/draw/countdown.ts) gives.
 */
export function formatCount(count: number): string {
  return String(count).replace(/\B(?=(\d{3})+$)/g, ".");
}

/** Joins phrases as Spanish lists them: "a", "a y b", "a, b y c". */
export function listed(parts: readonly string[]): string {
  return parts.length < 2 ? (parts[0] ?? "") : `${parts.slice(0, -1).join(", ")} y ${parts.at(-1)}`;
}

/** "3 s", "4 min", "2 h 5 min", "3 d": how long ago, as an operator reads it. */
export function elapsed(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h${minutes % 60 ? ` ${minutes % 60} min` : ""}`;
  return `${Math.floor(hours / 24)} d`;
}
