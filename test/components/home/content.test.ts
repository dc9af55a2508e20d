import { BENEFITS, CTA_BENEFITS } from "~/content/benefits";
import { COMPARISON } from "~/content/comparison";
import { progressPercent, SAMPLE_PROGRESS } from "~/content/survey-sample";
import { WINNERS } from "~/content/winners";

describe("hard-coded winners", () => {
  it("are ten, with every field the spec gives them, all with the prize Visa US$200 and none verified", () => {
    expect(WINNERS).toHaveLength(10);
    for (const winner of WINNERS) {
      // The spec's fields: id, name, location, date text, prize, testimonial, survey type, verified flag, background colour.
      expect(Object.keys(winner).sort()).toEqual([
        "date",
        "id",
        "location",
        "name",
        "prize",
        "surveyType",
        "testimonial",
        "tone",
        "verified",
      ]);
      expect(winner.prize).toBe("Visa US$200");
      expect(winner.date).toMatch(/^[a-z]+ de \d{4}$/);
      // A badge is earned by a recorded draw whose check passed: no example has one.
      expect(winner.verified).toBe(false);
    }
    // Countries include the spec's six.
    const countries = new Set(WINNERS.map((winner) => winner.location.split(", ").at(-1)));
    for (const country of ["Argentina", "México", "Brasil", "Colombia", "Chile", "Perú"]) {
      expect(countries).toContain(country);
    }
  });

  it("speak the Spanish of where each says it is from: vos and Rioplatense words only from the Río de la Plata", () => {
    const rioplatense = /\b(colectivo|al toque|sos|tenés|podés|respondés|che)\b/i;
    for (const winner of WINNERS) {
      const country = winner.location.split(", ").at(-1)!;
      if (!["Argentina", "Uruguay", "Paraguay"].includes(country)) {
        expect(winner.testimonial, winner.location).not.toMatch(rioplatense);
      }
    }
  });

  it("have unique ids", () => {
    expect(new Set(WINNERS.map((winner) => winner.id)).size).toBe(WINNERS.length);
  });

  it("show only the first name and the surname initial", () => {
    for (const winner of WINNERS) expect(winner.name).toMatch(/^\p{Lu}\p{Ll}+ \p{Lu}\.$/u);
  });

  it("come from every country the spec names", () => {
    const countries = new Set(WINNERS.map((winner) => winner.location.split(", ").at(-1)));
    for (const country of ["Argentina", "México", "Brasil", "Colombia", "Chile", "Perú"]) {
      expect(countries).toContain(country);
    }
  });

  it("carry every field a card shows", () => {
    for (const winner of WINNERS) {
      expect(winner.location).toMatch(/^[^,]+, [^,]+$/);
      for (const text of [winner.testimonial, winner.surveyType]) expect(text.trim()).not.toBe("");
    }
  });
});

describe("other home content", () => {
  it("names the spec's three benefits", () => {
    expect(BENEFITS.map((benefit) => benefit.title)).toEqual([
      "100% confidencialidad",
      "Encuestas dirigidas",
      "Recompensas mensuales",
    ]);
    expect(CTA_BENEFITS).toHaveLength(3);
  });

  it("compares on distinct criteria with both sides filled in", () => {
    expect(new Set(COMPARISON.map((row) => row.criterion)).size).toBe(COMPARISON.length);
    for (const row of COMPARISON) {
      expect(row.opinionLabz.trim()).not.toBe("");
      expect(row.common.trim()).not.toBe("");
    }
  });

  it("samples question 3 of 5 at 60%", () => {
    expect(progressPercent(SAMPLE_PROGRESS.current, SAMPLE_PROGRESS.total)).toBe(60);
    expect(progressPercent(1, 0)).toBe(0);
  });
});
