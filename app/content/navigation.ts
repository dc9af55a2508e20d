/** Top navigation (docs/product.md, "Header"). */
export interface NavItem {
  label: string;
  /**
   * A home-page anchor (without "#"), an anchor every page has (the footer's `contacto`),
   * or an absolute path.
   */
  target: { anchor: string } | { anchorOnEveryPage: string } | { path: string };
}

export const NAV_ITEMS: NavItem[] = [
  { label: "Cómo funciona", target: { anchor: "como-funciona" } },
  { label: "Sorteos", target: { path: "/sorteos" } },
  { label: "¿Por qué Opinion Labz?", target: { anchor: "diferencias" } },
  { label: "Contacto", target: { anchorOnEveryPage: "contacto" } },
];

export const START_SURVEY = { label: "Empezar encuesta", path: "/encuesta" } as const;

/**
 * A home anchor is local on the home page and `/#anchor` from any other page; an anchor
 * every page has keeps the visitor on the page they are reading.
 */
export function hrefFor(target: NavItem["target"], pathname: string): string {
  if ("path" in target) return target.path;
  if ("anchorOnEveryPage" in target) return `#${target.anchorOnEveryPage}`;
  return pathname === "/" ? `#${target.anchor}` : `/#${target.anchor}`;
}
