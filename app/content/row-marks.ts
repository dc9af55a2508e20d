/**
 * The short mark a listed row carries when the next draw does not take it (docs/product.md,
 * "Participant lists"): which draw its date belongs to, or what keeps it out of every draw.
 * `spoken` comes before it for screen readers, so the mark is never a bare word. Apart from the
 * search's sentences (`entry-status.ts`): the lists' pages carry only these words.
 */
export const ROW_MARKS = {
  otherDraw: (month: string) => `sorteo de ${month}`,
  unreadableDate: "fecha ilegible",
  repeated: "ID repetido",
  refusedId: "ID con otro formato",
  spoken: (drawDay: string) => `No entra en el sorteo del ${drawDay}:`,
};
