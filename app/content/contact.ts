import { DRAW_FACTS } from "./draw-facts";
import type { ContentIconName } from "./icon-name";

/** /contacto: how to reach a person. The support address comes from CONTACT_EMAIL. */
export const CONTACT_COPY = {
  eyebrow: "Contacto",
  title: "Hablá con una persona",
  lead: `Escribinos por cualquier duda sobre las encuestas, el sorteo o tus datos: ${DRAW_FACTS.supportReply}.`,
  emailLabel: "Escribinos a",
  emailHint: "Contanos tu consulta y, si participaste del sorteo, tu número de participación.",
  formTitle: "O dejanos tu mensaje acá",
  formHint: `Completá el formulario y ${DRAW_FACTS.supportReply}, al email que nos dejes.`,
} as const;

/** Answers people usually look for before writing, one link each. */
export const CONTACT_SHORTCUTS: { title: string; text: string; href: string; icon: ContentIconName }[] = [
  {
    icon: "message",
    title: "Preguntas frecuentes",
    text: "Cuándo es el sorteo, cuántas veces podés participar y cómo se reclama el premio.",
    href: "/sorteos#preguntas-frecuentes",
  },
  {
    icon: "badgeCheck",
    title: "Bases y condiciones",
    text: "Las reglas completas del sorteo mensual.",
    href: "/bases-y-condiciones",
  },
  {
    icon: "lock",
    title: "Tus datos",
    text: "Qué datos tratamos y cómo pedirnos que los veas, los corrijas o los borremos.",
    href: "/privacidad#derechos",
  },
];
