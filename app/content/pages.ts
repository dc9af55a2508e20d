/** What each public page says about itself in search results and link previews. */
export interface PageSummary {
  /** The page's path on the site, as its canonical URL ends. */
  path: string;
  title: string;
  description: string;
}

export const SITE_NAME = "Opinion Labz";

/** The one share image (public/, made by `npm run images`) and what it shows. */
export const SHARE_IMAGE = {
  path: "/og-image.png",
  width: 1200,
  height: 630,
  alt: "Opinion Labz: respondé encuestas confidenciales y participá del sorteo mensual de una tarjeta Visa de US$200.",
} as const;

/** The square logo that search engines show for the organisation. */
export const LOGO_PATH = "/icon-512.png";

export const HOME_PAGE: PageSummary = {
  path: "/",
  title: "Opinion Labz | Encuestas confidenciales y un sorteo mensual de US$200",
  description:
    "Respondé encuestas breves y confidenciales para marcas y participá cada mes del sorteo de una tarjeta Visa de US$200. Gratis, anónimo y con ganadores reales.",
};

export const DRAWS_PAGE: PageSummary = {
  path: "/sorteos",
  title: "Sorteos mensuales de US$200 | Opinion Labz",
  description:
    "Mirá quiénes participan del sorteo de este mes, cuánto falta para el próximo y cómo sumarte: respondé una encuesta gratis y entrá al sorteo de una tarjeta Visa de US$200.",
};

export const SURVEY_PAGE: PageSummary = {
  path: "/encuesta",
  title: "Encuestas: próximamente | Opinion Labz",
  description:
    "Muy pronto vas a poder responder encuestas breves y confidenciales en Opinion Labz y participar gratis del sorteo mensual de una tarjeta Visa de US$200.",
};

export const RULES_PAGE: PageSummary = {
  path: "/bases-y-condiciones",
  title: "Bases y condiciones del sorteo | Opinion Labz",
  description:
    "Las reglas del sorteo mensual de Opinion Labz: quién organiza, quién puede participar, cómo se elige a quien gana, el premio de US$200 y el plazo para reclamarlo.",
};

export const PRIVACY_PAGE: PageSummary = {
  path: "/privacidad",
  title: "Política de privacidad | Opinion Labz",
  description:
    "Qué datos trata Opinion Labz, para qué, cuánto tiempo los guarda y cómo pedir acceso, corrección o supresión según la Ley N° 25.326.",
};

export const CONTACT_PAGE: PageSummary = {
  path: "/contacto",
  title: "Contacto | Opinion Labz",
  description:
    "Escribile a Opinion Labz por cualquier duda sobre las encuestas, el sorteo mensual o tus datos: te responde una persona dentro de las 24 horas.",
};

/**
 * Every page search engines should list, in sitemap order: canonical URLs only. Searches
 * and later pages of /sorteos are left out and marked noindex (lib/sharing/robots-directive).
 */
export const INDEXED_PAGES: PageSummary[] = [
  HOME_PAGE,
  DRAWS_PAGE,
  SURVEY_PAGE,
  RULES_PAGE,
  PRIVACY_PAGE,
  CONTACT_PAGE,
];
