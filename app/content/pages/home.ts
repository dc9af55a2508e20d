import type { PageSummary } from "~/content/site";

export const HOME_PAGE: PageSummary = {
  path: "/",
  title: "Opinion Labz | Encuestas confidenciales y un sorteo mensual de US$200",
  description:
    "Respondé encuestas breves y confidenciales para marcas y participá cada mes del sorteo de una tarjeta Visa de US$200. Gratis, anónimo y con ganadores reales.",
};
