import { describe, expect, it } from "vitest";
import { DRAW_WINNERS } from "~/content/sorteos-winners";
import { WINNERS } from "~/content/winners";

describe("the winners on /sorteos", () => {
  it("are the home carousel's four newest, with the same name, country, prize and words", () => {
    expect(DRAW_WINNERS).toHaveLength(4);
    DRAW_WINNERS.forEach((draw, index) => {
      const home = WINNERS[index]!;
      expect(draw.name).toBe(home.name);
      expect(home.location.endsWith(`, ${draw.country.name}`)).toBe(true);
      expect(draw.testimony).toBe(home.testimonial);
      expect(draw.prize).toBe("Visa US$200");
      expect(draw.dateLabel.endsWith(home.date)).toBe(true);
    });
  });

  it("are newest first", () => {
    const dates = DRAW_WINNERS.map((draw) => draw.date);
    expect([...dates].sort().reverse()).toEqual(dates);
  });
});
