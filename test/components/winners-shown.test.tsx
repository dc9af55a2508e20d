/**
 * Real winners where the site says real (docs/product.md, "Winners"): the home carousel and
 * /sorteos' previous winners, server-rendered from recorded draws' winners and the examples.
 */
import { WINNERS } from "~/content/winners";
import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { Winners } from "~/components/home/winners";
import { PreviousWinners } from "~/components/sorteos/previous-winners";
import type { DrawVerdict, ShownDraw } from "~/lib/draw/published-draw";
import type { DrawnWinner } from "~/lib/draw/shown-winners";

const DECEMBER: DrawnWinner = {
  drawAt: "2026-12-07T15:00:00.000Z",
  name: "Lucía F.",
  country: "Chile",
  month: "diciembre de 2026",
  round: 0,
  recordHref: "/sorteos#sorteo-2026-12-07",
  deliveredOn: "15/12/2026",
  notReal: null,
  mark: "verified",
};

/** What a reader or a screen reader gets: tags gone, spaces collapsed. */
const textOf = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]*>/g, " ")
    .replace(/\s+/g, " ");
const slidesOf = (html: string) => html.split('aria-roledescription="slide"').slice(1);

function home(drawn: DrawnWinner[]): string {
  return renderToString(
    <StaticRouter location="/">
      <Winners drawn={drawn} />
    </StaticRouter>,
  );
}

describe("the home carousel", () => {
  it("before any draw: ten examples, each marked to the eye and to a screen reader, none verified", () => {
    const html = home([]);
    const slides = slidesOf(html);
    expect(slides).toHaveLength(10);
    for (const slide of slides) {
      expect(textOf(slide)).toContain("Ejemplo : no es una persona real");
      expect(slide).not.toContain("verificado");
    }
    expect(textOf(html)).toContain("Así publicamos a cada ganador");
    expect(textOf(html)).not.toContain("Personas reales");
    expect(textOf(html)).toContain(
      "«Ejemplo» marca una tarjeta que muestra cómo publicamos a quien gana: no es una persona real.",
    );
    // Each carries the spec's fields: location, date text, testimonial, survey type and prize, but never a draw's record.
    for (const [index, slide] of slides.entries()) {
      const winner = WINNERS[index]!;
      for (const field of [winner.location, winner.date, winner.surveyType, winner.prize]) {
        expect(textOf(slide)).toContain(field);
      }
      expect(textOf(slide)).not.toMatch(/Sorteo de|Premio (entregado|por entregar)/);
    }
  });

  it("a recorded draw's winner leads, verified, with its country, month, prize, delivery and record; nine examples after", () => {
    const html = home([DECEMBER]);
    const slides = slidesOf(html);
    expect(slides).toHaveLength(10);
    const first = textOf(slides[0]!);
    expect(first).toContain("Lucía F. (sorteo verificado)");
    expect(first).toContain("Chile");
    expect(first).toContain("Sorteo de diciembre de 2026");
    expect(first).toContain("Visa US$200");
    expect(first).toContain("Premio entregado el 15/12/2026");
    expect(slides[0]).toMatch(/<a href="\/sorteos#sorteo-2026-12-07"[^>]*>Ver el sorteo de diciembre de 2026<\/a>/);
    expect(first).not.toContain("Ejemplo");
    for (const slide of slides.slice(1)) expect(textOf(slide)).toContain("Ejemplo");
    expect(textOf(html)).toContain("Personas reales, premios reales");
  });

  it("ten recorded draws leave no example, and the newest ten are shown", () => {
    const drawn = Array.from({ length: 12 }, (_, index) => ({
      ...DECEMBER,
      drawAt: `20${30 - index}-12-07T15:00:00.000Z`,
      name: `Persona ${index} F.`,
    }));
    const html = home(drawn);
    const slides = slidesOf(html);
    expect(slides).toHaveLength(10);
    expect(html).not.toContain("Ejemplo");
    expect(textOf(slides[9]!)).toContain("Persona 9 F.");
    expect(html).not.toContain("Persona 10 F.");
  });

  it("a sample-sheet draw or a rehearsal says what it is, and the heading does not say real", () => {
    const html = home([
      { ...DECEMBER, notReal: "sample", mark: "sample" },
      { ...DECEMBER, drawAt: "2026-11-02T15:00:00.000Z", notReal: "rehearsal", mark: "rehearsal", deliveredOn: null },
    ]);
    const [sample, rehearsal] = slidesOf(html).map(textOf);
    expect(sample).toContain("Sorteo de muestra : entre participaciones de ejemplo");
    expect(rehearsal).toContain("Ensayo : un sorteo de prueba, sin premio");
    // No prize to deliver for either.
    for (const card of [sample, rehearsal]) {
      expect(card).not.toContain("Premio");
      expect(card).not.toContain("Visa US$200");
    }
    expect(html).not.toContain("sorteo verificado");
    expect(textOf(html)).toContain("Así publicamos a cada ganador");
    // The notice explains each mark the cards carry, "Ensayo" and "Ejemplo" too.
    expect(textOf(html)).toContain(
      "«Sorteo de muestra» es un sorteo hecho con la lista de muestra: quien sale no es una persona real. «Ensayo» es un sorteo de prueba, con una clave de prueba en lugar de drand: no tiene premio. «Ejemplo» marca",
    );
  });
});

function recordedDraw(drawAt: string, name: string, verdict: DrawVerdict = "verified"): ShownDraw {
  return {
    drawAt,
    entryCount: 3,
    window: { from: "2026-11-02", through: "2026-12-07" },
    leftOut: null,
    rule: "opinionlabz-draw-v2",
    listHash: "a".repeat(64),
    listUrl: "https://opinionlabz.example/ids.txt",
    idRule: 2,
    idPattern: null,
    commitment: null,
    committedAt: null,
    frozenAt: drawAt,
    seed: null,
    rounds: [
      {
        beacon: "d".repeat(64),
        beaconSource: "drand quicknet",
        beaconUrl: null,
        drandRound: 1,
        signature: null,
        rehearsal: false,
        winnerId: "OL-1",
        winnerName: name,
        winnerCountry: "Argentina",
      },
    ],
    sample: false,
    claimedAt: null,
    claimRound: null,
    told: [],
    claimSealedAt: null,
    notices: null,
    verdict,
    witnesses: { commitment: null, list: null, claim: null },
  };
}

describe("/sorteos' previous winners", () => {
  it("before any draw: the four examples, marked, each with the spec's name, date, country with flag, prize and testimony", () => {
    const html = renderToString(<PreviousWinners draws={[]} />);
    const cards = html.split("<li").slice(1);
    expect(cards).toHaveLength(4);
    for (const [index, card] of cards.entries()) {
      const winner = WINNERS[index]!;
      expect(textOf(card)).toContain("Ejemplo : no es una persona real");
      for (const field of [
        winner.name,
        winner.date,
        winner.location.split(", ").at(-1)!,
        "Visa US$200",
        winner.testimonial,
      ]) {
        expect(textOf(card)).toContain(field);
      }
      expect(card).toContain('<svg viewBox="0 0 3 2"');
    }
    expect(html).not.toContain("Ganadores reales");
  });

  it("every recorded draw's winner first, with a flag, the record's link and no example once there are four", () => {
    const draws = ["2027-03-01", "2027-02-01", "2027-01-04", "2026-12-07", "2026-11-02"].map((day, index) =>
      recordedDraw(`${day}T15:00:00.000Z`, `Ganador ${index} G.`),
    );
    const html = renderToString(<PreviousWinners draws={draws} />);
    const cards = html.split("<li").slice(1);
    expect(cards).toHaveLength(5);
    expect(html).not.toContain("Ejemplo");
    expect(textOf(cards[0]!)).toContain("Ganador 0 G. (sorteo verificado)");
    expect(textOf(cards[0]!)).toContain("Argentina");
    // Argentina's flag: its sky-blue bands.
    expect(cards[0]).toContain('fill="#74acdf"');
    expect(cards[0]).toMatch(/<a href="\/sorteos#sorteo-2027-03-01"[^>]*>Ver el sorteo y verificarlo<\/a>/);
    expect(html).toContain("Ganadores reales");
    // The oldest card, November's draw, names its month as a person would.
    expect(textOf(cards[4]!)).toContain("noviembre de 2026");
  });

  it("draws a country's flag however the sheet spelt it, and none for a country without one", () => {
    const spelt = (country: string) => {
      const draw = recordedDraw("2026-12-07T15:00:00.000Z", "Lucía F.");
      draw.rounds[0]!.winnerCountry = country;
      return renderToString(<PreviousWinners draws={[draw]} />).split("<li")[1]!;
    };
    // Mexico's green band; the card's other icons are not flags (a flag is drawn 3 by 2).
    for (const country of ["México", "mexico", " MEXICO "]) expect(spelt(country), country).toContain('fill="#006847"');
    expect(spelt("Honduras")).not.toContain('viewBox="0 0 3 2"');
    expect(textOf(spelt("Honduras"))).toContain("Honduras");
  });

  it("says 'sorteo verificado' only where the server's check verified the record, and what it is elsewhere", () => {
    const card = (verdict: DrawVerdict) =>
      textOf(
        renderToString(
          <PreviousWinners draws={[recordedDraw("2026-12-07T15:00:00.000Z", "Lucía F.", verdict)]} />,
        ).split("<li")[1]!,
      );
    expect(card("verified")).toContain("Lucía F. (sorteo verificado)");
    for (const [verdict, said] of [
      ["unwitnessed", "Sin testigos : ninguna autoridad independiente selló sus datos antes del sorteo"],
      ["mismatch", "No coincide : la cuenta con los datos publicados no da este resultado"],
    ] as const) {
      expect(card(verdict)).toContain(`Lucía F. ${said}`);
      expect(card(verdict)).not.toContain("verificado");
    }
  });

  it("one recorded draw leads three marked examples", () => {
    const html = renderToString(<PreviousWinners draws={[recordedDraw("2026-12-07T15:00:00.000Z", "Lucía F.")]} />);
    const cards = html.split("<li").slice(1).map(textOf);
    expect(cards).toHaveLength(4);
    expect(cards[0]).toContain("Lucía F. (sorteo verificado)");
    expect(cards.slice(1).every((card) => card.includes("Ejemplo"))).toBe(true);
  });
});
