import { WINNERS } from "./winners";

export type CountryCode = "AR" | "MX" | "CO" | "CL";

/**
 * One of the four example winners of /sorteos, with the spec's fields: name, date, country with
 * flag, prize, testimony; marked "Ejemplo" wherever it shows (docs/product.md, "Winners").
 */
export interface DrawWinner {
  /** First name and surname initial only, as the site promises (docs/product.md, "Winners"). */
  name: string;
  /** The date text the home card gives the same example: "noviembre de 2026". */
  date: string;
  country: { code: CountryCode; name: string };
  prize: string;
  testimonial: string;
}

/** The home carousel's first four examples, with the country /sorteos shows by its flag. */
const SHOWN: { winnerId: string; country: DrawWinner["country"] }[] = [
  { winnerId: "ejemplo-1", country: { code: "AR", name: "Argentina" } },
  { winnerId: "ejemplo-2", country: { code: "MX", name: "México" } },
  { winnerId: "ejemplo-3", country: { code: "CO", name: "Colombia" } },
  { winnerId: "ejemplo-4", country: { code: "CL", name: "Chile" } },
];

/**
 * docs/product.md, "Winners": four hard-coded example winners on /sorteos. Names, dates, prizes
 * and words come from the home page's list, so the two pages never tell different stories.
 */
export const DRAW_WINNERS: DrawWinner[] = SHOWN.map(({ winnerId, country }) => {
  const winner = WINNERS.find((candidate) => candidate.id === winnerId);
  if (!winner) throw new Error(`no home winner ${winnerId}`);
  const { name, date, prize, testimonial } = winner;
  return { name, date, country, prize, testimonial };
});
