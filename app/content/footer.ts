import type { NavItem } from "./navigation";

/** docs/product.md, "Footer": privacy, terms and contact are placeholders until those pages exist. */
export const FOOTER_LINKS: { label: string; target: NavItem["target"] | null }[] = [
  { label: "Política de privacidad", target: null },
  { label: "Términos y condiciones", target: null },
  { label: "Ver ganadores", target: { anchor: "ganadores" } },
  { label: "Contacto", target: null },
];
