import type { Participant } from "./view";

/** Trims a cell and drops stray double quotes, as the sheet's authors never mean them. */
function cleanCell(cell: string | undefined): string {
  return (cell ?? "").replaceAll('"', "").trim();
}

/**
 * docs/product.md, "Participants pipeline": a row counts only with at least four fields, the first four non-empty.
 * Columns are positional (nombre, pais, id, fecha); extra columns are ignored.
 */
export function validateParticipant(record: readonly string[]): Participant | null {
  if (record.length < 4) return null;
  const [nombre, pais, id, fecha] = record.slice(0, 4).map(cleanCell) as [string, string, string, string];
  if (!nombre || !pais || !id || !fecha) return null;
  return { nombre, pais, id, fecha };
}
