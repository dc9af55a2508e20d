import { ANSWERS_KEPT } from "./participation-facts";
import { SURVEY_TIME } from "./survey-time";
import type { ContentIconName } from "./icon-name";

/** One criterion of the "¿Por qué Opinion Labz?" comparison (docs/product.md, "Home", section 3). */
export interface ComparisonRow {
  icon: ContentIconName;
  criterion: string;
  opinionLabz: string;
  /** What common survey platforms usually do: phrased as a tendency, not as a fact about every one. */
  common: string;
}

export const COMPARISON_US = "Opinion Labz";
export const COMPARISON_THEM = "Plataformas comunes";

export const COMPARISON: ComparisonRow[] = [
  {
    icon: "lock",
    criterion: "Confidencialidad",
    opinionLabz: `${ANSWERS_KEPT}.`,
    common: "Suelen guardar tus respuestas asociadas a tu cuenta y a tu perfil.",
  },
  {
    icon: "clock",
    criterion: "Duración de las encuestas",
    opinionLabz: `De ${SURVEY_TIME} por encuesta.`,
    common: "Cuestionarios de 15 a 30 minutos son lo habitual.",
  },
  {
    icon: "target",
    criterion: "Encuestas para tu perfil",
    opinionLabz: "Solo te invitamos a encuestas pensadas para tu perfil.",
    common: "Es común que te descalifiquen a mitad de camino, sin recompensa.",
  },
  {
    icon: "trophy",
    criterion: "Recompensas transparentes",
    opinionLabz: "Sorteo mensual de una Visa de US$200 con ganadores publicados.",
    common: "Puntos con mínimos altos para canjear y premios que nadie ve entregados.",
  },
  {
    icon: "message",
    criterion: "Soporte",
    opinionLabz: "Personas reales que te responden en menos de 24 horas.",
    common: "Formularios automáticos y respuestas que tardan días.",
  },
  {
    icon: "shield",
    criterion: "Tus datos",
    opinionLabz: "No vendemos tus datos. Nunca.",
    common: "Muchas comparten datos con terceros según sus términos.",
  },
];
