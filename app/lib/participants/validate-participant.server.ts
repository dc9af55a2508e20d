import type { Participant } from "./view";

/** Trims a cell and drops stray double quotes, as the sheet's authors never mean them. */
function cleanCell(cell: string | undefined): string {
  return (cell ?? "").replaceAll('"', "").trim();
}

/**
 * The longest value each field may hold, in characters, fitted to real entries: a long real
 * name ("María de los Ángeles Fernández de la Torre y Sánchez de Bustamante", 66) fits, as does
 * the longest country name in Spanish; ids and dates are short codes. The sheet is fed by what
 * people type into a survey, so a longer value is no entry: its row is dropped and counted with
 * the other invalid rows, never cut to fit (docs/decisions/027-bounded-sheets.md).
 */
const FIELD_LIMITS = { nombre: 100, pais: 60, id: 32, fecha: 32 } as const;

/**
 * docs/product.md, "Participants pipeline": a row counts only with at least four fields, the first four non-empty.
 * Columns are positional (nombre, pais, id, fecha); extra columns are ignored.
 */
export function validateParticipant(record: readonly string[]): Participant | null {
  if (record.length < 4) return null;
  const [nombre, pais, id, fecha] = record.slice(0, 4).map(cleanCell) as [string, string, string, string];
  const participant = { nombre, pais, id, fecha };
  for (const [field, limit] of Object.entries(FIELD_LIMITS)) {
    const value = participant[field as keyof Participant];
    if (!value || value.length > limit) return null;
  }
  return participant;
}
