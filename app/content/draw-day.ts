/**
 * Draw day in the visitor's words, as the top of /sorteos and the home page's draw card say it
 * (docs/product.md, "Draw day"). Counts, days and times come filled in: "29 participaciones",
 * "7/12/2026", "12:30".
 */
export const DRAW_DAY = {
  today: "Sorteo de hoy",
  onDay: (day: string) => `Sorteo del ${day}`,
  frozenTitle: "La lista está cerrada",
  frozenLead: (entries: string) => `Entran ${entries}: la lista ya no cambia y cualquiera puede descargarla.`,
  sampleNote: "Es la lista de muestra: participaciones de ejemplo, no personas reales.",
  listHash: "Huella de la lista (SHA-256)",
  download: "Descargar la lista de IDs",
  resultComes: (round: string, time: string) =>
    `El ganador sale de la ronda ${round} de drand, que se publica a las ${time} (hora de Argentina): nadie la conoce antes, ni nosotros.`,
  sealsMissing: (round: string, time: string, next: string) =>
    `Todavía faltan los sellos de las autoridades de sellado de tiempo. Si no llegan antes de las ${time}, cuando drand publica la ronda ${round}, hoy no hay sorteo y las participaciones pasan al del ${next}.`,
  roundOut: (round: string, time: string) =>
    `La ronda ${round} de drand salió a las ${time} (hora de Argentina): publicamos el ganador en cuanto hacemos la cuenta.`,
  missedTitle: "Hoy no hubo sorteo",
  missedTitleOn: (day: string) => `El ${day} no hubo sorteo`,
  missedWhy: {
    "not-frozen": (round: string, time: string) =>
      `La lista no se cerró antes de las ${time}, cuando drand publicó la ronda ${round}: un sorteo con esa ronda ya no se puede probar limpio, así que no se hace.`,
    "not-sealed": (round: string, time: string) =>
      `La lista no tuvo los sellos de dos autoridades de sellado de tiempo antes de las ${time}, cuando drand publicó la ronda ${round}: sin ellos no se puede probar que la lista existía antes del número que la sortea, así que no hay sorteo y ninguna otra ronda lo reemplaza.`,
  },
  missedNext: (next: string) => `Todas sus participaciones pasan al próximo sorteo, el ${next}: no perdés tu lugar.`,
  howToCheck: "Cómo comprobarlo",
  winnerTitle: (name: string) => `Ganó ${name}`,
  winnerFrom: (entries: string, round: string) => `Entre ${entries}, con la ronda ${round} de drand.`,
  checkResult: "Comprobá el resultado",
  next: "Próximo sorteo",
  seeDraw: "Ver el sorteo",
};
