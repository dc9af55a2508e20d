/**
 * How long a survey takes, and the prize as short labels say it: stated once, so the hero, the
 * steps, /encuesta and the bar at the bottom of /sorteos never disagree ("2 minutos" beside "2 a
 * 3 minutos", "US$200" beside "$200 USD").
 */
export const SURVEY_TIME = "2 a 3 minutos";
export const SURVEY_TIME_SHORT = "2 a 3 min";
export const PRIZE_SHORT = "US$200";
