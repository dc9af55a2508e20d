import type { PageSummary } from "~/content/site";

export const SURVEY_PAGE: PageSummary = {
  path: "/encuesta",
  title: "Encuestas: próximamente | Opinion Labz",
  description:
    "Muy pronto vas a poder responder encuestas breves y confidenciales en Opinion Labz y participar gratis del sorteo mensual de una tarjeta Visa de US$200.",
};
