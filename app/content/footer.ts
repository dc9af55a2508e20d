import type { NavItem } from "./navigation";

/** docs/product.md, "Footer": privacy, terms and contact point at their pages. */
export const FOOTER_LINKS: { label: string; target: NavItem["target"] }[] = [
  { label: "Política de privacidad", target: { path: "/privacidad" } },
  { label: "Bases y condiciones", target: { path: "/bases-y-condiciones" } },
  { label: "Ver ganadores", target: { anchor: "ganadores" } },
  { label: "Contacto", target: { path: "/contacto" } },
];
