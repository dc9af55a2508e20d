/**
 * Two facts the home page states beside the FAQ, the rules and the privacy policy, apart from
 * `DRAW_FACTS` (which reuses them) so the home page's script carries these two sentences and not
 * the draw's whole set (docs/decisions/067-one-set-of-facts.md).
 */

/** How many entries a person has in a month's draw, whatever the number of surveys answered. */
export const ENTRIES_PER_MONTH = "una participación por persona por mes";

/** Where a survey's answers live, and who sees them: the home page's claims and the privacy policy say it alike. */
export const ANSWERS_KEPT =
  "Tus respuestas quedan en el formulario de la encuesta (en Google), con el email con el que respondiste; las marcas reciben las opiniones sin tu nombre ni tu email";
