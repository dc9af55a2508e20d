/** Top navigation (docs/product.md, "Header"). */
export interface NavItem {
  label: string;
  /** A home-page anchor (without "#"), or an absolute path. */
  target: { anchor: string } | { path: string };
}

export const NAV_ITEMS: NavItem[] = [
  { label: "Cómo funciona", target: { anchor: "como-funciona" } },
  { label: "Sorteos", target: { path: "/sorteos" } },
  { label: "¿Por qué Opinion Labz?", target: { anchor: "diferencias" } },
  { label: "Contacto", target: { path: "/contacto" } },
];

export const START_SURVEY = { label: "Empezar encuesta", path: "/encuesta" } as const;

/** A home anchor is local on the home page and `/#anchor` from any other page. */
export function hrefFor(target: NavItem["target"], pathname: string): string {
  if ("path" in target) return target.path;
  return pathname === "/" ? `#${target.anchor}` : `/#${target.anchor}`;
}
