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

function plural(count: number, singular: string, pluralForm: string): string {
  return `${count} ${count === 1 ? singular : pluralForm}`;
}

/** docs/product.md, "Last updated": the wording, counted from the server's fetch time. */
export function formatLastUpdated(fetchedAt: number | null, now: number): string {
  if (fetchedAt === null) return "nunca";
  const elapsed = Math.max(0, now - fetchedAt);
  if (elapsed < MINUTE_MS) return "hace menos de 1 minuto";
  if (elapsed < HOUR_MS) return `hace ${plural(Math.floor(elapsed / MINUTE_MS), "minuto", "minutos")}`;
  return `hace ${plural(Math.floor(elapsed / HOUR_MS), "hora", "horas")}`;
}

/**
 * A count as written in Argentina, with a point between thousands ("12.345"). Written out
 * rather than through `Intl.NumberFormat` for the reason `formatDrawDate` gives.
 */
export function formatCount(count: number): string {
  return String(count).replace(/\B(?=(\d{3})+$)/g, ".");
}
