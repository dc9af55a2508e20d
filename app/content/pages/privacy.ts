import type { PageSummary } from "~/content/site";

export const PRIVACY_PAGE: PageSummary = {
  path: "/privacidad",
  title: "Política de privacidad | Opinion Labz",
  description:
    "Qué datos trata Opinion Labz, para qué, cuánto tiempo los guarda y cómo pedir acceso, corrección o supresión según la Ley N° 25.326.",
};
