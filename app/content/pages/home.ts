import type { PageSummary } from "~/content/site";

/** The home page before any real draw: its description claims a draw anyone can check, not real winners yet. */
export const HOME_PAGE: PageSummary = {
  path: "/",
  title: "Opinion Labz | Encuestas confidenciales y un sorteo mensual de US$200",
  description:
    "Respondé encuestas breves y confidenciales para marcas y participá cada mes del sorteo de una tarjeta Visa de US$200. Gratis, anónimo y con un sorteo que cualquiera puede verificar.",
};

/** Once a real draw is recorded, its winners are real, and the description says so. */
const HOME_PAGE_WITH_WINNERS: PageSummary = {
  ...HOME_PAGE,
  description:
    "Respondé encuestas breves y confidenciales para marcas y participá cada mes del sorteo de una tarjeta Visa de US$200. Gratis, anónimo y con ganadores reales.",
};

/** The home page as shared and searched: "con ganadores reales" only once a real draw is recorded. */
export const homePage = (realWinners: boolean): PageSummary => (realWinners ? HOME_PAGE_WITH_WINNERS : HOME_PAGE);
