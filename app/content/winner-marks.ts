/**
 * What a winner card is, when it is not a draw the server's check verified (docs/product.md,
 * "Winners"; docs/decisions/057-the-verified-badge-is-a-check.md): the word on the card, what it
 * means (said to screen readers beside the word), and the sentence the notice above the cards
 * explains it with. One source for the badge and the notice.
 */
export type UnverifiedMark = "example" | "sample" | "rehearsal" | "unwitnessed" | "mismatch";

export const UNVERIFIED_MARKS: Record<UnverifiedMark, { label: string; meaning: string; explained: string }> = {
  example: {
    label: "Ejemplo",
    meaning: "no es una persona real",
    explained: "«Ejemplo» marca una tarjeta que muestra cómo publicamos a quien gana: no es una persona real.",
  },
  sample: {
    label: "Sorteo de muestra",
    meaning: "entre participaciones de ejemplo",
    explained: "«Sorteo de muestra» es un sorteo hecho con la lista de muestra: quien sale no es una persona real.",
  },
  rehearsal: {
    label: "Ensayo",
    meaning: "un sorteo de prueba, sin premio",
    explained: "«Ensayo» es un sorteo de prueba, con una clave de prueba en lugar de drand: no tiene premio.",
  },
  unwitnessed: {
    label: "Sin testigos",
    meaning: "ninguna autoridad independiente selló sus datos antes del sorteo",
    explained: "«Sin testigos» es un sorteo cuyos datos ninguna autoridad independiente selló antes del sorteo.",
  },
  mismatch: {
    label: "No coincide",
    meaning: "la cuenta con los datos publicados no da este resultado",
    explained: "«No coincide» es un sorteo cuya cuenta, con los datos publicados, no da el ganador publicado.",
  },
};
