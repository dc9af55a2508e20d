import type { LeftOut } from "~/lib/draw/published-draw";
import { countOf, pluralForm } from "./format";

/** Joins phrases as Spanish lists them: "a", "a y b", "a, b y c". */
function joined(parts: string[]): string {
  return parts.length < 2 ? (parts[0] ?? "") : `${parts.slice(0, -1).join(", ")} y ${parts.at(-1)}`;
}

/**
 * "Quedaron afuera 2 filas con fecha fuera de esos días… y 1 fila con una fecha que no se puede
 * leer.": only the reasons that left a row out, each counted in its own form; null when none did.
 */
export function leftOutSentence({ outsideWindow, unreadableDate, refusedId }: LeftOut): string | null {
  const parts: string[] = [];
  if (outsideWindow > 0) {
    parts.push(
      `${countOf(outsideWindow, "fila", "filas")} con fecha fuera de esos días o que ya ${pluralForm(outsideWindow, "entró", "entraron")} en el sorteo anterior`,
    );
  }
  if (unreadableDate > 0) parts.push(`${countOf(unreadableDate, "fila", "filas")} con una fecha que no se puede leer`);
  if (refusedId) {
    parts.push(
      `${countOf(refusedId, "fila", "filas")} con un id que no es solo letras, números, guiones, guiones bajos y puntos`,
    );
  }
  const total = outsideWindow + unreadableDate + (refusedId ?? 0);
  return total === 0 ? null : `${pluralForm(total, "Quedó", "Quedaron")} afuera ${joined(parts)}.`;
}
