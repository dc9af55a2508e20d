/**
 * Countries as the site writes them (docs/product.md, "Countries"): the sheet holds them as
 * people typed them ("argentina", "MEXICO", "Peru"); every list, card and mail shows the name
 * below instead, whatever the accents and case it came with. Other spellings people use are
 * listed with each name; a country not here is shown with its words capitalized.
 */
export const COUNTRY_NAMES: readonly { name: string; also?: readonly string[] }[] = [
  { name: "Argentina" },
  { name: "Bolivia" },
  { name: "Brasil", also: ["Brazil"] },
  { name: "Canadá" },
  { name: "Chile" },
  { name: "Colombia" },
  { name: "Costa Rica" },
  { name: "Cuba" },
  { name: "Ecuador" },
  { name: "El Salvador" },
  { name: "España", also: ["Spain"] },
  { name: "Estados Unidos", also: ["EE. UU.", "EEUU", "EE.UU.", "USA", "United States"] },
  { name: "Guatemala" },
  { name: "Honduras" },
  { name: "México", also: ["Méjico", "Mexico"] },
  { name: "Nicaragua" },
  { name: "Panamá" },
  { name: "Paraguay" },
  { name: "Perú" },
  { name: "Puerto Rico" },
  { name: "República Dominicana" },
  { name: "Uruguay" },
  { name: "Venezuela" },
];
