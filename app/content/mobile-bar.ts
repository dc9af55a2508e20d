/**
 * The bar fixed at the bottom of /sorteos on small screens, in the spec's words, quoted as the
 * spec quotes them (docs/product.md, "Sorteos"): the spec itself notes the site says 2 minutes in
 * some places and 2 to 3 in others.
 */
export const MOBILE_BAR = {
  prize: "Sorteo $200 USD",
  time: "2 min - Gratis",
  action: "Participar",
} as const;
