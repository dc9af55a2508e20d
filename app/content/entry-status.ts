/**
 * How someone finds out whether they are in a draw: the list of /sorteos, its search, and what
 * the search says of a row it found that is not in the draw's list, and why (docs/draw.md, "The
 * month's entries" and "Canonical list"). Days come written d/m/aaaa.
 */

/** Where a participation number comes from, and what to search. */
export const PARTICIPANTS_LOOKUP =
  "Para confirmarlo, buscá tu nombre como aparece en la lista (nombre e inicial del apellido) o tu número de participación: el ID que te muestra la encuesta al terminarla.";

export const NOT_IN_PLAY = {
  heading: "Estas participaciones coinciden con tu búsqueda pero no entran en este sorteo:",
  taken: (day: string, drawDay: string) => `Tu participación del ${day} ya entró en el sorteo del ${drawDay}.`,
  earlier: (day: string, drawDay: string) =>
    `Tu participación del ${day} era para el sorteo del ${drawDay}, no para este.`,
  later: (day: string, drawDay: string) =>
    `Tiene fecha ${day}, posterior a este sorteo: cuenta para el del ${drawDay}.`,
  unreadableDate: (written: string) =>
    `Fecha ilegible: «${written}» no es una fecha que podamos leer, así que esta fila no entra en ningún sorteo.`,
  refusedId: (what: string) =>
    `El id no sirve: tiene ${what}. Un id solo puede llevar letras sin acentos, números, guiones, guiones bajos y puntos.`,
  repeated: (id: string, firstDay: string | null) =>
    `Repetida: el id ${id} ya participa${firstDay ? ` con una fila del ${firstDay}` : ""}, y cuenta una sola vez.`,
  more: (count: string) => `Y ${count} más: afiná la búsqueda para verlas.`,
};
