import { SURVEY_TIME } from "./survey-time";
/** docs/product.md, "Explainer": the explainer's active step is 1, 2 or 3. */
export type StepNumber = 1 | 2 | 3;

export interface Step {
  number: StepNumber;
  title: string;
  description: string;
}

/** docs/product.md, "Explainer": the three steps. */
export const STEPS: Step[] = [
  {
    number: 1,
    title: "Te invitamos",
    description: "Según tu perfil, te llega una invitación a una encuesta breve de una marca que quiere escucharte.",
  },
  {
    number: 2,
    title: "Respondés con libertad",
    description: `Son ${SURVEY_TIME}. Respondés de forma anónima, sin respuestas correctas ni incorrectas.`,
  },
  {
    number: 3,
    title: "Participás del sistema",
    description: "Tu participación queda registrada y entrás en el sorteo mensual de una tarjeta Visa de US$200.",
  },
];

/** docs/product.md, "Explainer": step 1 is the default, and also what shows without JavaScript. */
export const DEFAULT_STEP: StepNumber = 1;

/** Arrow-key movement across the step tabs, wrapping at both ends (WAI-ARIA tabs pattern). */
export function stepAfterKey(current: StepNumber, key: string): StepNumber | null {
  const count = STEPS.length;
  const index = STEPS.findIndex((step) => step.number === current);
  const target = (() => {
    switch (key) {
      case "ArrowRight":
      case "ArrowDown":
        return (index + 1) % count;
      case "ArrowLeft":
      case "ArrowUp":
        return (index - 1 + count) % count;
      case "Home":
        return 0;
      case "End":
        return count - 1;
      default:
        return null;
    }
  })();
  return target === null ? null : (STEPS[target]?.number ?? null);
}
