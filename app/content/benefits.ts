import { ENTRIES_PER_MONTH } from "./participation-facts";
import type { ContentIconName } from "./icon-name";

export interface Benefit {
  icon: ContentIconName;
  title: string;
  description: string;
}

/** docs/product.md, "Home", section 2: the benefit strip under the hero. */
export const BENEFITS: Benefit[] = [
  {
    icon: "lock",
    title: "100% confidencialidad",
    description: "Tus respuestas son anónimas para las marcas: ven opiniones, nunca tu nombre ni tu email.",
  },
  {
    icon: "target",
    title: "Encuestas dirigidas",
    description: "Te invitamos solo a encuestas pensadas para tu perfil, tu edad y tus intereses.",
  },
  {
    icon: "gift",
    title: "Recompensas mensuales",
    description: `Con una encuesta respondida participás del sorteo de una tarjeta Visa de US$200, todos los meses: ${ENTRIES_PER_MONTH}.`,
  },
];

/** docs/product.md, "Home", section 7: what the closing call to action promises. */
export const CTA_BENEFITS: string[] = [
  "Encuestas personalizadas",
  "100% confidencial",
  "Sorteos mensuales con ganadores públicos",
];
