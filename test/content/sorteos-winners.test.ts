import { describe, expect, it } from "vitest";
import { DRAW_WINNERS } from "~/content/sorteos-winners";
import { WINNERS } from "~/content/winners";

const COUNTRY_NAMES = { AR: "Argentina", MX: "México", CO: "Colombia", CL: "Chile" } as const;
const spanishLongDate = new Intl.DateTimeFormat("es-AR", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

describe("the winners on /sorteos", () => {
  it("are four, newest first, one per month, each drawn on the first Monday of its month", () => {
    expect(DRAW_WINNERS).toHaveLength(4);
    const dates = DRAW_WINNERS.map((draw) => new Date(`${draw.date}T12:00:00Z`));
    for (const [index, date] of dates.entries()) {
      expect(date.getUTCDay(), DRAW_WINNERS[index]!.date).toBe(1);
      expect(date.getUTCDate(), DRAW_WINNERS[index]!.date).toBeLessThanOrEqual(7);
      if (index > 0) expect(date.getTime()).toBeLessThan(dates[index - 1]!.getTime());
    }
    expect(new Set(DRAW_WINNERS.map((draw) => draw.date.slice(0, 7))).size).toBe(4);
  });

  it("show the date they carry, in Spanish", () => {
    for (const draw of DRAW_WINNERS) {
      expect(draw.dateLabel).toBe(spanishLongDate.format(new Date(`${draw.date}T12:00:00Z`)));
    }
  });

  it("show the first name and surname initial only, the US$200 Visa and the country named by its code", () => {
    for (const draw of DRAW_WINNERS) {
      expect(draw.name).toMatch(/^\p{Lu}\p{Ll}+ \p{Lu}\.$/u);
      expect(draw.prize).toBe("Visa US$200");
      expect(draw.country.name).toBe(COUNTRY_NAMES[draw.country.code]);
      expect(draw.testimonial.length).toBeGreaterThan(20);
    }
  });

  it("tell the same story as the home carousel's winner of the same month", () => {
    for (const draw of DRAW_WINNERS) {
      const month = spanishLongDate.format(new Date(`${draw.date}T12:00:00Z`)).replace(/^\d+ de /, "");
      const home = WINNERS.filter((winner) => winner.date === month);
      expect(home, `home winners of ${month}`).toHaveLength(1);
      expect(home[0]!.name).toBe(draw.name);
      expect(home[0]!.location.endsWith(`, ${draw.country.name}`)).toBe(true);
      expect(home[0]!.testimonial).toBe(draw.testimonial);
    }
  });

  it("are the four most recent draws the home carousel shows", () => {
    const homeMonths = WINNERS.map((winner) => winner.date);
    const drawMonths = DRAW_WINNERS.map((draw) => draw.dateLabel.replace(/^\d+ de /, ""));
    expect(drawMonths).toEqual(homeMonths.slice(0, 4));
  });
});
