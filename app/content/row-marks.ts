/**
 * The short mark a listed row carries when the next draw does not take it (docs/product.md,
 * "Participant lists"): which draw took it (and whether it won) or will count it, or what keeps it out of every draw.
 * `spoken` comes before it for screen readers, so the mark is never a bare word. Apart from the
 * search's sentences (`entry-status.ts`): the lists' pages carry only these words.
 */
export const ROW_MARKS = {
  otherDraw: (month: string) => `sorteo de ${month}`,
  won: (month: string) => `ganó el sorteo de ${month}`,
  /** Dated before the next draw's days, and in no list of a draw that happened. */
  earlierDate: "fecha anterior",
  unreadableDate: "fecha ilegible",
  repeated: "ID repetido",
  refusedId: "ID con otro formato",
  spoken: (drawDay: string) => `No entra en el sorteo del ${drawDay}:`,
};
