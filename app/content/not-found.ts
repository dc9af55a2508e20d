/**
 * What the 404 page adds to the spec's English sentence and link (docs/product.md, "404 and
 * error screen"): a line and links in Spanish, for the people the site speaks to.
 */
export const NOT_FOUND = {
  line: "No encontramos esta página: puede que el enlace esté mal escrito o que la página ya no exista.",
  linksLabel: "Páginas del sitio",
  links: [
    { text: "Ir al inicio", href: "/" },
    { text: "Ver el sorteo y sus participantes", href: "/sorteos" },
    { text: "Responder una encuesta", href: "/encuesta" },
    { text: "Escribirnos", href: "/contacto" },
  ],
} as const;
