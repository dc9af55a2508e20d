import type { LeftOut } from "~/lib/draw/published-draw";
import { countOf, listed, pluralForm } from "~/lib/ui/wording";

/**
 * "Quedaron afuera 2 filas con fecha fuera de esos días… y 1 fila con una fecha que no se puede
 * leer.": only the reasons that left a row out, each counted in its own form; null when none did.
 * Rows the previous draw took are only mentioned when it froze a list of real entries
 * (`afterList`).
 */
export function leftOutSentence(
  { outsideWindow, unreadableDate, refusedId }: LeftOut,
  afterList: boolean,
): string | null {
  const parts: string[] = [];
  if (outsideWindow > 0) {
    const taken = afterList ? ` o que ya ${pluralForm(outsideWindow, "entró", "entraron")} en el sorteo anterior` : "";
    parts.push(`${countOf(outsideWindow, "fila", "filas")} con fecha fuera de esos días${taken}`);
  }
  if (unreadableDate > 0) parts.push(`${countOf(unreadableDate, "fila", "filas")} con una fecha que no se puede leer`);
  if (refusedId) {
    parts.push(`${countOf(refusedId, "fila", "filas")} con un ID de otro formato`);
  }
  const total = outsideWindow + unreadableDate + (refusedId ?? 0);
  return total === 0 ? null : `${pluralForm(total, "Quedó", "Quedaron")} afuera ${listed(parts)}.`;
}
