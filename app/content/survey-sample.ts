import { SURVEY_TIME } from "./survey-time";
/**
 * Illustrative survey values (docs/product.md, "Survey preview"): nothing here is stored or submitted,
 * it only dresses the hero and explainer previews.
 */
interface SampleOption {
  text: string;
  selected: boolean;
}

export interface SampleQuestion {
  prompt: string;
  options: SampleOption[];
}

export const SAMPLE_PROGRESS = { current: 3, total: 5 } as const;

export function progressPercent(current: number, total: number): number {
  return total > 0 ? Math.round((current / total) * 100) : 0;
}

/** Hero: a single-choice question. */
export const HERO_QUESTION: SampleQuestion = {
  prompt: "¿Con qué frecuencia comprás productos online?",
  options: [
    { text: "Todas las semanas", selected: false },
    { text: "Una o dos veces por mes", selected: true },
    { text: "Cada algunos meses", selected: false },
    { text: "Casi nunca", selected: false },
  ],
};

/** Explainer step 2: a multiple-choice question answered with checkboxes. */
export const STEP_QUESTION: SampleQuestion = {
  prompt: "¿Qué tenés en cuenta al elegir un producto nuevo?",
  options: [
    { text: "El precio", selected: true },
    { text: "La calidad", selected: true },
    { text: "Opiniones de otras personas", selected: false },
    { text: "Que sea sustentable", selected: false },
  ],
};

export const SAMPLE_PROFILE = {
  ageRange: "25–34 años",
  interest: "Tecnología y viajes",
  duration: SURVEY_TIME,
} as const;

export const SAMPLE_DRAW = { prize: "Visa US$200" } as const;

/**
 * The reward the explainer's completion screen shows, in the spec's words (an illustrative value,
 * docs/product.md, "Survey preview"); the monthly draw notice beside it says what a survey earns.
 */
export const SAMPLE_REWARD = "+15 puntos ganados";

export const SAMPLE_BADGES = { available: "Disponible", anonymous: "Anónima", completed: "Completada" } as const;
