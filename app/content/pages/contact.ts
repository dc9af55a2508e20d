import type { PageSummary } from "~/content/site";

export const CONTACT_PAGE: PageSummary = {
  path: "/contacto",
  title: "Contacto | Opinion Labz",
  description:
    "Escribile a Opinion Labz por cualquier duda sobre las encuestas, el sorteo mensual o tus datos: te responde una persona dentro de las 24 horas.",
};
