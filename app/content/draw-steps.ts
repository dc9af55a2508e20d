import type { ContentIconName } from "./icon-name";
import { SURVEY_TIME } from "./survey-time";

export interface DrawStep {
  title: string;
  text: string;
  icon: ContentIconName;
}

/** docs/product.md, "Sorteos", section 3: how a visitor ends up in the draw. */
export const DRAW_STEPS: DrawStep[] = [
  {
    title: "Respondé una encuesta",
    text: `Contestá preguntas breves sobre tus hábitos y opiniones. Te lleva ${SURVEY_TIME} como máximo.`,
    icon: "message",
  },
  {
    title: "Participás automáticamente",
    text: "Al terminar la encuesta ya quedás adentro del sorteo del mes. No tenés que completar nada más.",
    icon: "badgeCheck",
  },
  {
    title: "Esperá el resultado",
    text: "El primer lunes de cada mes elegimos al ganador: le avisamos por email y lo publicamos acá con la inicial del apellido.",
    icon: "trophy",
  },
];
