/** Top navigation (spec §2). Anchors are sections of the home page. */
export interface NavItem {
  label: string;
  /** A home-page anchor (without "#") or an absolute path. */
  target: { anchor: string } | { path: string };
}

export const NAV_ITEMS: NavItem[] = [
  { label: "Cómo funciona", target: { anchor: "como-funciona" } },
  { label: "Sorteos", target: { path: "/sorteos" } },
  { label: "¿Por qué Opinion Labz?", target: { anchor: "diferencias" } },
  { label: "Contacto", target: { anchor: "contacto" } },
];

export const START_SURVEY = { label: "Empezar encuesta", path: "/encuesta" } as const;

/** On the home page an anchor is local; from any other page it goes to `/#anchor`. */
export function hrefFor(target: NavItem["target"], pathname: string): string {
  if ("path" in target) return target.path;
  return pathname === "/" ? `#${target.anchor}` : `/#${target.anchor}`;
}
