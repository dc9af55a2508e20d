import { DRAW_FACTS } from "~/content/draw-facts";
import type { PageSummary } from "~/content/site";
import { CLAIM_PATH } from "./mail-link-paths";

/** The page a winner's mail links to: one button claims the prize. */
export const CLAIM_PAGE: PageSummary = {
  path: CLAIM_PATH,
  title: "Reclamá tu premio | Opinion Labz",
  description: "Reclamá el premio del sorteo mensual de Opinion Labz con el enlace que te mandamos por email.",
};

/** What the claim page says before its button is pressed, and after (docs/draw.md, "The winner told"). */
export const CLAIM_PAGE_COPY = {
  title: "Reclamá tu premio",
  /** The page's button, and the winner's mail's: one action, one name. */
  button: "Reclamar mi premio",
  explanation: `Tocá el botón para reclamar el premio del sorteo mensual de Opinion Labz, ${DRAW_FACTS.prize}. Tu reclamo queda registrado y sellado por dos autoridades de sellado de tiempo, y te escribimos para coordinar la entrega. Puede tardar unos segundos.`,
  sealed: {
    title: "Premio reclamado",
    message: (at: string) =>
      `¡Listo! Registramos tu reclamo y dos autoridades de sellado de tiempo lo sellaron el ${at} (hora de Argentina), dentro del plazo: el premio es tuyo. Te vamos a escribir a este email para coordinar la entrega.`,
  },
  pending: {
    title: "Reclamo registrado",
    message: (until: string) =>
      `Registramos tu reclamo. Todavía faltan los sellos de las autoridades de sellado de tiempo, que lo prueban ante cualquiera: los seguimos pidiendo solos hasta el ${until} (hora de Argentina), y no tenés que hacer nada más. Te vamos a escribir a este email para coordinar la entrega.`,
  },
  late: {
    title: "Plazo vencido",
    message: (until: string) =>
      `El plazo para reclamar este premio venció el ${until} (hora de Argentina), así que ya no se puede reclamar: ${DRAW_FACTS.redraw}.`,
  },
  unknown: {
    title: "Enlace vencido",
    message:
      "Este enlace venció o ya no es válido. Si te mandamos otro email después, usá el enlace de ese. Si creés que es un error, escribinos.",
    next: { label: "Escribirnos", href: "/contacto" },
  },
} as const;
