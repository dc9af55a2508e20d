/**
 * What the search of /sorteos says of a row it found that is not in the draw's list, and why
 * (docs/draw.md, "The month's entries" and "Canonical list"), worked out on the server: the page
 * carries only the sentences a search found, and the frame around them (`search-answers.ts`).
 * Days come written d/m/aaaa.
 */

export const NOT_IN_PLAY = {
  /** What became of an entry a draw took: only draws that happened, or one whose round is still ahead. */
  won: (drawDay: string) => `Ganó el sorteo del ${drawDay}.`,
  wonThenRedrawn: (drawDay: string) =>
    `Ganó el sorteo del ${drawDay}. El premio no se reclamó a tiempo, así que se volvió a sortear.`,
  wonRedraw: (round: number, drawDay: string) => `Ganó el resorteo ${round} del sorteo del ${drawDay}.`,
  tookPart: (drawDay: string) => `Participó del sorteo del ${drawDay}.`,
  inPlay: (drawDay: string) => `Está en juego en el sorteo del ${drawDay}: su lista ya se cerró.`,
  /** A link to the record of the draw an entry went into. */
  record: (drawDay: string) => `Ver el sorteo del ${drawDay}`,
  notInList: (day: string, drawDay: string) =>
    `Tu participación del ${day} no está en la lista del sorteo del ${drawDay}, el que tomó las participaciones de esa fecha: llegó a la planilla después de que se cerrara la lista, o su ID ya participaba.`,
  before: (day: string, from: string) =>
    `Tu participación del ${day} es anterior a los días de este sorteo, que empiezan el ${from}.`,
  later: (day: string, drawDay: string) =>
    `Tiene fecha ${day}, posterior a este sorteo: cuenta para el del ${drawDay}.`,
  unreadableDate: (written: string) =>
    `Fecha ilegible: «${written}» no es una fecha que podamos leer, así que esta participación no entra en ningún sorteo.`,
  refusedId: (what: string) =>
    `El ID no sirve: tiene ${what}. Un ID solo puede llevar letras sin acentos, números, guiones, guiones bajos y puntos.`,
  otherFormat: (id: string) =>
    `ID con otro formato: «${id}» no tiene el formato de los IDs que da la encuesta (como OL-24001), así que no entra en el sorteo.`,
  repeated: (id: string, firstDay: string | null) =>
    `Repetida: el ID ${id} ya participa${firstDay ? ` con otra participación del ${firstDay}` : ""}, y cuenta una sola vez.`,
};
