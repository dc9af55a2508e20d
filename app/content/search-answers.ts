/**
 * The frame of what the search of /sorteos answers, as the page's own code shows it: how to look
 * yourself up, and the box around the sentences the server wrote (`entry-status.ts`).
 */

/** Where a participation number comes from, and what to search. */
export const PARTICIPANTS_LOOKUP =
  "Para confirmarlo, buscá tu nombre como aparece en la lista (nombre e inicial del apellido) o tu número de participación: el ID que te muestra la encuesta al terminarla.";

export const SEARCH_ANSWERS = {
  heading: (drawDay: string) =>
    `Estas participaciones coinciden con tu búsqueda y no entran en el sorteo del ${drawDay}:`,
  more: (count: string) => `Y ${count} más: afiná la búsqueda para verlas.`,
  /** The last line of every explanation: where to ask. */
  contact: { before: "¿Algo no te cierra? ", link: "Escribinos", after: " y lo revisamos." },
};
