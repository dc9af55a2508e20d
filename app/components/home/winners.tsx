import { Link } from "@remix-run/react";
import { WINNERS } from "~/content/winners";
import { examplesToFill, type DrawnWinner } from "~/lib/draw/shown-winners";
import { Icon } from "../icons";
import { marksExplained } from "../winner-mark";
import { SectionHeading } from "./section-heading";
import type { CarouselWinner } from "./winner-cards";
import { WinnersCarousel } from "./winners-carousel";

/** The carousel's places: ten, as the spec's list (docs/product.md, "Winners"). */
const PLACES = 10;

/**
 * Recorded draws' winners first, newest first; the spec's testimonials fill the places left,
 * each marked as an example. The heading says "reales" only once a real draw is recorded.
 */
export function Winners({ drawn }: { drawn: DrawnWinner[] }) {
  const places: CarouselWinner[] = [
    ...drawn.slice(0, PLACES).map((winner) => ({ kind: "drawn" as const, winner })),
    ...examplesToFill(WINNERS, drawn.length, PLACES).map((winner) => ({ kind: "example" as const, winner })),
  ];
  const real = drawn.filter((winner) => winner.notReal === null).length;
  const explained = marksExplained(
    places.map((place) => (place.kind === "example" ? ("example" as const) : place.winner.mark)),
  );
  return (
    <section
      id="ganadores"
      aria-labelledby="ganadores-titulo"
      data-reveal=""
      className="overflow-hidden bg-gradient-to-b from-white to-brand-50/60 py-20 sm:py-24"
    >
      <div className="container-page">
        <SectionHeading
          id="ganadores-titulo"
          eyebrow="Ganadores anteriores"
          title={real > 0 ? "Personas reales, premios reales" : "Así publicamos a cada ganador"}
        >
          Cada mes una persona se lleva una tarjeta Visa de US$200. Publicamos solo su nombre y la inicial del apellido
          para cuidar su privacidad.
          {explained ? ` ${explained}` : null}
        </SectionHeading>

        <div className="mt-12">
          <WinnersCarousel winners={places} />
        </div>

        <div className="mt-14 flex flex-col items-center gap-6 rounded-3xl bg-brand-950 px-6 py-10 text-center sm:px-12 md:flex-row md:justify-between md:text-left">
          <div className="flex flex-col items-center gap-4 md:flex-row">
            <span className="flex h-14 w-14 shrink-0 items-center justify-center rounded-2xl bg-amber-400/15 text-amber-300">
              <Icon name="trophy" className="h-7 w-7" />
            </span>
            <div>
              <p className="text-2xl font-bold tracking-tight text-white">El próximo nombre puede ser el tuyo.</p>
              <p className="mt-1 text-brand-100">
                Con una encuesta respondida este mes ya estás participando del sorteo.
              </p>
            </div>
          </div>
          <Link to="/sorteos#ganadores-anteriores" className="btn shrink-0 bg-white text-brand-800 hover:bg-brand-50">
            Ver todos los ganadores
          </Link>
        </div>
      </div>
    </section>
  );
}
