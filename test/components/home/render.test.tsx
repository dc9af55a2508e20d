import { renderToString } from "react-dom/server";
import { SurveyStepsExplainer } from "~/components/home/survey-steps-explainer";
import { WinnersCarousel } from "~/components/home/winners-carousel";
import { WINNERS } from "~/content/winners";

/** Attribute lists of every element carrying `marker`, in document order. */
function elementsWith(html: string, marker: string): string[] {
  return [...html.matchAll(/<[a-z]+\b[^>]*>/g)].map((match) => match[0]).filter((tag) => tag.includes(marker));
}

describe("explainer server render", () => {
  const html = renderToString(<SurveyStepsExplainer />);

  it("marks step 1 as the selected tab", () => {
    const tabs = elementsWith(html, 'role="tab"');
    expect(tabs).toHaveLength(3);
    expect(tabs.map((tab) => tab.includes('aria-selected="true"'))).toEqual([true, false, false]);
    expect(tabs.map((tab) => tab.includes('tabindex="0"'))).toEqual([true, false, false]);
  });

  it("shows step 1's panel and hides the others", () => {
    const panels = elementsWith(html, 'role="tabpanel"');
    expect(panels).toHaveLength(3);
    expect(panels.map((panel) => panel.includes('data-active="true"'))).toEqual([true, false, false]);
    expect(panels[1]).toContain("invisible");
    expect(panels[2]).toContain("invisible");
    expect(panels[0]).not.toContain("invisible");
  });

  it("holds the spec's preview texts", () => {
    expect(html).toContain("Encuesta personalizada para vos");
    expect(html).toMatch(/Pregunta <!-- -->3<!-- --> de <!-- -->5/);
    expect(html).toMatch(/60<!-- -->% completado/);
    expect(html).toContain("+15 puntos ganados");
    // docs/product.md, "Explainer": badges available and anonymous on the invitation, completed on the last step.
    for (const badge of ["Disponible", "Anónima", "Completada"]) expect(html).toContain(badge);
  });
});

describe("winners carousel server render", () => {
  const html = renderToString(<WinnersCarousel winners={WINNERS.map((winner) => ({ kind: "example", winner }))} />);
  const slides = elementsWith(html, 'aria-roledescription="slide"');

  it("follows the WAI-ARIA carousel pattern", () => {
    expect(html).toContain('aria-roledescription="carousel"');
    expect(html).toContain('aria-label="Ganadores anteriores"');
    expect(slides).toHaveLength(10);
    slides.forEach((slide, index) => expect(slide).toContain(`aria-label="${index + 1} de 10"`));
  });

  it("starts at the first winner, with nothing hidden before the width is known", () => {
    expect(html.indexOf(WINNERS[0]!.name)).toBeLessThan(html.indexOf(WINNERS[9]!.name));
    for (const slide of slides) {
      expect(slide).not.toContain("aria-hidden");
      expect(slide).not.toContain("inert");
    }
  });

  it("falls back to a scroll-snap row, since arrows need JavaScript", () => {
    expect(html).toContain("snap-x");
    const arrows = elementsWith(html, 'aria-label="Ganador ');
    expect(arrows).toHaveLength(2);
    for (const arrow of arrows) expect(arrow).toContain("disabled");
  });
});
