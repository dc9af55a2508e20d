import type { PageSummary } from "~/content/site";

export const RULES_PAGE: PageSummary = {
  path: "/bases-y-condiciones",
  title: "Bases y condiciones del sorteo | Opinion Labz",
  description:
    "Las reglas del sorteo mensual de Opinion Labz: quién organiza, quién puede participar, cómo se elige a quien gana, el premio de US$200 y el plazo para reclamarlo.",
};
