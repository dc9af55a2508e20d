import { describe, expect, it } from "vitest";
import { DRAW_WINNERS } from "~/content/sorteos-winners";
import { WINNERS } from "~/content/winners";

const COUNTRY_NAMES = { AR: "Argentina", MX: "México", CO: "Colombia", CL: "Chile" } as const;

describe("the example winners on /sorteos", () => {
  it("are four, with the spec's fields: name, date, country with flag, prize, testimony", () => {
    expect(DRAW_WINNERS).toHaveLength(4);
    for (const draw of DRAW_WINNERS) {
      expect(Object.keys(draw).sort()).toEqual(["country", "date", "name", "prize", "testimonial"]);
      expect(draw.prize).toBe("Visa US$200");
    }
  });

  it("show the first name and surname initial only, and the country named by its code", () => {
    for (const draw of DRAW_WINNERS) {
      expect(draw.name).toMatch(/^\p{Lu}\p{Ll}+ \p{Lu}\.$/u);
      expect(draw.country.name).toBe(COUNTRY_NAMES[draw.country.code]);
      expect(draw.testimonial.length).toBeGreaterThan(20);
    }
  });

  it("tell the same story as the home carousel's first four examples, in order", () => {
    for (const [index, draw] of DRAW_WINNERS.entries()) {
      const home = WINNERS[index]!;
      expect(home.name).toBe(draw.name);
      expect(home.location.endsWith(`, ${draw.country.name}`)).toBe(true);
      expect(home.testimonial).toBe(draw.testimonial);
      expect(home.date).toBe(draw.date);
    }
  });
});
