import type { PageSummary } from "~/content/site";

export const DRAWS_PAGE: PageSummary = {
  path: "/sorteos",
  title: "Sorteos mensuales de US$200 | Opinion Labz",
  description:
    "Mirá quiénes participan del sorteo de este mes, cuánto falta para el próximo y cómo sumarte: respondé una encuesta gratis y entrá al sorteo de una tarjeta Visa de US$200.",
};
