/**
 * The facts of the monthly draw that more than one place states. The FAQ (/sorteos), the rules
 * (/bases-y-condiciones), the privacy policy and the notice to the winner are written from these
 * phrases, so they can never promise different things (docs/product.md, "Legal and contact
 * pages"; docs/decisions/067-one-set-of-facts.md).
 */

import { ANSWERS_KEPT, ENTRIES_PER_MONTH } from "./participation-facts";

/** Where people may enter from, as the FAQ has always listed it. */
const COUNTRIES = ["Argentina", "México", "Colombia", "Chile", "Perú", "Uruguay", "Paraguay", "España"];

export const DRAW_FACTS = {
  /** The one prize of each draw. */
  prize: "una tarjeta de regalo Visa de US$200",
  noCashAlternative: "El premio no se puede cambiar por dinero en efectivo ni por otro premio.",
  /** When every draw happens; the countdown and the rules' date come from the same rule (lib/draw). */
  schedule: "el primer lunes de cada mes a las 12:00 (hora de Argentina)",
  firstDayMonday: "Si el día 1 cae lunes, el sorteo es ese mismo día.",
  entriesPerMonth: ENTRIES_PER_MONTH,
  /** Which rows of the sheet a draw counts: the entry window of lib/draw/entry-window.ts, in words. */
  entryWindow:
    "las participaciones con fecha desde el día del último sorteo que se hizo (si un sorteo no se hizo, sus participaciones pasan al siguiente) hasta el día del sorteo inclusive, menos las que ya entraron en la lista de ese sorteo, tal como están en el momento del sorteo",
  /** Which ids take an entry: ID_PATTERN's rule in words (docs/draw.md, "Canonical list"). */
  idFormat:
    "El número de participación (ID) tiene que tener el formato de los que da la encuesta (por ejemplo, OL-24001: «OL-» y un número que no empieza con cero). Una fila con un ID de otro formato (un cero en lugar de la O, una I en lugar de la L, un guion bajo, un guion de más o un cero adelante) aparece en la lista marcada «ID con otro formato» y no entra en el sorteo: así nadie entra dos veces con un ID parecido.",
  freeEntry: "sin obligación de compra",
  /** Said of the winner, with the pronoun of the sentence: "le avisamos…", "te avisamos…". */
  winnerNotice: "avisamos por email",
  /** How and when anyone can enter: true whether a survey is open right now or not. */
  howToEnter:
    "respondiendo una encuesta de Opinion Labz. Cuando hay una abierta, la encontrás en la página de la encuesta; si no hay ninguna, anotate ahí y te avisamos cuando abra la próxima",
  /**
   * How long the winner has to claim, counted from one instant, the draw's (CLAIM_PERIOD_MS in
   * app/lib/draw-records: what `draw -- status` and `redraw` count), never from the notice.
   */
  claimWindow: "30 días desde el momento del sorteo",
  claimFrom:
    "El plazo corre desde el momento del sorteo (el lunes del sorteo a las 12:00, hora de Argentina), no desde que llega el aviso; el de un nuevo sorteo, desde que vence el plazo anterior.",
  redraw: "hacemos un nuevo sorteo entre el resto de los participantes del mes",
  countries: `${COUNTRIES.join(", ")} y otros países de habla hispana`,
  minimumAge: "18 años o más",
  /** How a list on the site shows a person's name: docs/product.md, "Participant names". */
  publishedName: "el nombre y la inicial del apellido",
  /** Everything the lists publish of each participant and winner, and an example of a row. */
  published:
    "el nombre y la inicial del apellido, el país, el número de participación (ID) y la fecha de la participación",
  publishedExample: "«Valentina R., Argentina, OL-24001, 2/11/2026»",
  neverPublished: "Tu apellido completo, tu email y tus respuestas nunca se publican.",
  answersKept: ANSWERS_KEPT,
  /** Where the winner is told: the address the survey collected, kept with its answers. */
  surveyAddress: "la dirección de email con la que se respondió la encuesta",
  surveyAddressKept:
    "queda guardada con las respuestas, en el formulario de la encuesta (en Google), y solo se usa para avisar a quien gana y coordinar la entrega del premio",
  supportReply: "te responde una persona de nuestro equipo dentro de las 24 horas",
} as const;
