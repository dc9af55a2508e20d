/**
 * The facts of the monthly draw that more than one page states. The FAQ (/sorteos) and the
 * rules (/bases-y-condiciones) are both written from these phrases, so the two can never
 * promise different things (docs/product.md, "Legal and contact pages").
 */

/** Where people may enter from, as the FAQ has always listed it. */
const COUNTRIES = ["Argentina", "México", "Colombia", "Chile", "Perú", "Uruguay", "Paraguay", "España"];

export const DRAW_FACTS = {
  /** The one prize of each draw. */
  prize: "una tarjeta de regalo Visa de US$200",
  noCashAlternative: "El premio no se puede cambiar por dinero en efectivo ni por otro premio.",
  /** When every draw happens; the countdown and the rules' date come from the same rule (lib/draw). */
  schedule: "el primer lunes de cada mes a las 12:00 (hora de Argentina)",
  firstDayMonday: "Si el día 1 cae lunes, el sorteo es ese mismo día.",
  entriesPerMonth: "una participación por persona por mes",
  /** Which rows of the sheet a draw counts: the entry window of lib/draw/entry-window.ts, in words. */
  entryWindow:
    "las filas de la planilla con fecha desde el día del sorteo anterior (el primer lunes del mes anterior, haya habido sorteo o no) hasta el día del sorteo inclusive, menos las que ya entraron en la lista del sorteo anterior, tal como están en el momento del sorteo",
  freeEntry: "sin obligación de compra",
  /** Said of the winner, with the pronoun of the sentence: "le avisamos…", "te avisamos…". */
  winnerNotice: "avisamos por email",
  /** How and when anyone can enter: true whether a survey is open right now or not. */
  howToEnter:
    "respondiendo una encuesta de Opinion Labz. Cuando hay una abierta, la encontrás en la página de la encuesta; si no hay ninguna, anotate ahí y te avisamos cuando abra la próxima",
  claimWindow: "30 días desde el aviso",
  redraw: "hacemos un nuevo sorteo entre el resto de los participantes del mes",
  countries: `${COUNTRIES.join(", ")} y otros países de habla hispana`,
  minimumAge: "18 años o más",
  /** What a list on the site shows of a person: docs/product.md, "Participant names". */
  publishedName: "el nombre y la inicial del apellido",
  publishedNameExample: "«Valentina R.»",
  neverPublished: "Tu apellido completo, tu email y tus respuestas nunca se publican.",
  supportReply: "te responde una persona de nuestro equipo dentro de las 24 horas",
} as const;
