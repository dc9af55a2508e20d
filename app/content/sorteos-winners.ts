import { WINNERS } from "./winners";

export type CountryCode = "AR" | "MX" | "CO" | "CL";

export interface DrawWinner {
  /** First name and surname initial only, as the site promises (docs/product.md, "Winners"). */
  name: string;
  /** ISO date of the draw, for `<time dateTime>`. */
  date: string;
  dateLabel: string;
  country: { code: CountryCode; name: string };
  prize: string;
  testimonial: string;
}

/** The draws behind the home carousel's four newest winners, with what /sorteos adds. */
const LATEST_DRAWS: (Pick<DrawWinner, "date" | "dateLabel" | "country"> & { winnerId: string })[] = [
  {
    winnerId: "w-2026-11",
    date: "2026-11-02",
    dateLabel: "2 de noviembre de 2026",
    country: { code: "AR", name: "Argentina" },
  },
  {
    winnerId: "w-2026-10",
    date: "2026-10-05",
    dateLabel: "5 de octubre de 2026",
    country: { code: "MX", name: "México" },
  },
  {
    winnerId: "w-2026-09",
    date: "2026-09-07",
    dateLabel: "7 de septiembre de 2026",
    country: { code: "CO", name: "Colombia" },
  },
  {
    winnerId: "w-2026-08",
    date: "2026-08-03",
    dateLabel: "3 de agosto de 2026",
    country: { code: "CL", name: "Chile" },
  },
];

/**
 * docs/product.md, "Winners": four hard-coded previous winners on /sorteos, newest first. Names, prizes and
 * words come from the home page's list, so the two pages never tell different stories.
 */
export const DRAW_WINNERS: DrawWinner[] = LATEST_DRAWS.map(({ winnerId, ...draw }) => {
  const winner = WINNERS.find((candidate) => candidate.id === winnerId);
  if (!winner) throw new Error(`no home winner ${winnerId}`);
  return { ...draw, name: winner.name, prize: winner.prize, testimonial: winner.testimonial };
});
