import { SURVEY_TIME } from "~/content/survey-time";
import type { PageSummary } from "~/content/site";

export const SURVEY_PAGE: PageSummary = {
  path: "/encuesta",
  title: "Encuestas: próximamente | Opinion Labz",
  description:
    "Muy pronto vas a poder responder encuestas breves y confidenciales en Opinion Labz y participar gratis del sorteo mensual de una tarjeta Visa de US$200.",
};

/** /encuesta while a survey is open (SURVEY_URL). */
export const OPEN_SURVEY_PAGE: PageSummary = {
  path: "/encuesta",
  title: "Encuesta abierta | Opinion Labz",
  description: `Respondé la encuesta de este mes de Opinion Labz: son ${SURVEY_TIME}, es gratis y confidencial, y te suma al sorteo de una tarjeta Visa de US$200.`,
};
