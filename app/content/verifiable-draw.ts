/**
 * How a winner is chosen, in plain words: the "Verificalo vos" section of /sorteos and the
 * rules' "Cómo se elige" section state these same steps. docs/draw.md holds the precise rule.
 */
import { DRAW_FACTS } from "./draw-facts";

export interface DrawRuleStep {
  title: string;
  text: string;
}

export const DRAW_RULE_STEPS: DrawRuleStep[] = [
  {
    title: "Antes del sorteo, un compromiso",
    text: "Nuestro servidor genera una semilla secreta al azar (64 caracteres) y publica su huella SHA-256 en la página de sorteos, con la fecha en que la publicó. La huella no deja adivinar la semilla, pero si después la cambiáramos, no coincidiría.",
  },
  {
    title: "En el sorteo, la lista congelada",
    text: `En el momento del sorteo congelamos las participaciones del mes: ${DRAW_FACTS.entryWindow}. Van los ids en el orden de la planilla, uno por línea, cada uno una sola vez. Publicamos esa lista y su huella SHA-256.`,
  },
  {
    title: "Un azar que nadie controla",
    text: "Sumamos un valor público al azar que todavía no existía cuando se congeló la lista: una ronda de drand quicknet, la baliza pública de aleatoriedad de la League of Entropy. Es siempre la primera ronda que sale 30 minutos después del momento del sorteo, así que queda fijada de antemano, y cada valor viene firmado por drand: ni nosotros ni nadie lo puede elegir ni inventar.",
  },
  {
    title: "La cuenta",
    text: "Con la semilla como clave, calculamos HMAC-SHA256 de una línea que junta la huella de la lista, el valor público, la ronda (0 en el sorteo) y un número de intento que arranca en 0. De los primeros 8 caracteres del resultado tomamos los bits justos para numerar a todos; si el número se pasa de la cantidad de participaciones, probamos con el intento siguiente, así nadie tiene más chances que otro. Ese número es la posición del ganador en la lista, contando desde 0.",
  },
  {
    title: "Si nadie reclama el premio",
    text: "Pasados los 30 días se resortea entre los que quedan, sin los ganadores anteriores, con la misma semilla y la misma lista, la ronda siguiente (1, 2…) y un valor público nuevo: la primera ronda de drand que sale 30 minutos después de cumplido el plazo.",
  },
];
