/**
 * How long a survey takes, as our own copy says it: stated once, so the hero, the steps,
 * /encuesta and the calls to action never disagree. The spec's own quoted strings stay as the
 * spec writes them ("2 min - Gratis" in the bar of /sorteos: app/content/mobile-bar.ts).
 */
export const SURVEY_TIME = "2 a 3 minutos";
