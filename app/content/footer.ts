import type { NavItem } from "./navigation";

/** Spec §2 footer, with privacy, terms and contact pointing at their pages. */
export const FOOTER_LINKS: { label: string; target: NavItem["target"] }[] = [
  { label: "Política de privacidad", target: { path: "/privacidad" } },
  { label: "Términos y condiciones", target: { path: "/bases-y-condiciones" } },
  { label: "Ver ganadores", target: { anchor: "ganadores" } },
  { label: "Contacto", target: { path: "/contacto" } },
];
