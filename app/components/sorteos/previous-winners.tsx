import { DRAW_WINNERS, type CountryCode, type DrawWinner } from "~/content/sorteos-winners";
import { DRAW_PRIZE } from "~/content/winners";
import { SampleDataNotice } from "../participants-table";
import type { ReactNode } from "react";
import type { ShownDraw } from "~/lib/draw/published-draw";
import { drawnWinners, examplesToFill, type DrawnWinner } from "~/lib/draw/shown-winners";
import { normalizeSearchText } from "~/lib/participants/search-text";
import { CountryFlag } from "../country-flag";
import { marksExplained, WinnerMarkBadge, type WinnerMark } from "../winner-mark";
import { PrizeBadge } from "../prize-badge";
import { PageSection } from "./page-section";
import { initialsOf } from "~/lib/ui/initials";

/** A winner card's avatar and name, its mark, and what the card says under the name. */
function WinnerHeading({ name, mark, children }: { name: string; mark: WinnerMark; children: ReactNode }) {
  return (
    <div className="flex items-center gap-3">
      <span
        aria-hidden="true"
        className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-brand-600 text-base font-bold text-white"
      >
        {initialsOf(name)}
      </span>
      <div className="min-w-0">
        <h3 className="flex flex-wrap items-center gap-1.5 font-bold text-slate-900">
          {name}
          <WinnerMarkBadge mark={mark} />
        </h3>
        {children}
      </div>
    </div>
  );
}

/** A card's prize (none for a draw that promises none) and the date it names. */
function PrizeAndDate({ prize, children }: { prize: string | null; children: ReactNode }) {
  return (
    <dl className="mt-5 flex flex-wrap items-center justify-between gap-2 text-sm">
      {prize ? (
        <div>
          <dt className="sr-only">Premio</dt>
          <dd>
            <PrizeBadge prize={prize} />
          </dd>
        </div>
      ) : null}
      <div>
        <dt className="sr-only">Fecha</dt>
        <dd className="text-slate-600">{children}</dd>
      </div>
    </dl>
  );
}

/** One of the spec's four: name, date, country with flag, prize, testimony, marked as an example. */
function PreviousWinnerCard({ winner }: { winner: DrawWinner }) {
  return (
    <li className="flex flex-col rounded-3xl border border-slate-200 bg-white p-6 shadow-sm">
      <WinnerHeading name={winner.name} mark="example">
        <p className="flex items-center gap-2 text-sm text-slate-600">
          <CountryFlag code={winner.country.code} />
          {winner.country.name}
        </p>
      </WinnerHeading>
      <PrizeAndDate prize={winner.prize}>{winner.date}</PrizeAndDate>
      <blockquote className="mt-5 flex-1 border-t border-slate-100 pt-5 leading-relaxed text-slate-700">
        <p>“{winner.testimonial}”</p>
      </blockquote>
    </li>
  );
}

/** A country's flag where the site draws one: the sheet names countries in words, spelt as people type them. */
const FLAG_OF: Record<string, CountryCode> = { argentina: "AR", mexico: "MX", colombia: "CO", chile: "CL" };

/** A recorded draw's winner: name, country, month, prize, whether it was delivered, and the record. */
function DrawnWinnerCard({ winner }: { winner: DrawnWinner }) {
  // Folded as the lists fold countries: "mexico" and "México" are one country.
  const flag = winner.country ? FLAG_OF[normalizeSearchText(winner.country)] : undefined;
  return (
    <li className="flex flex-col rounded-3xl border border-slate-200 bg-white p-6 shadow-sm">
      <WinnerHeading name={winner.name} mark={winner.mark}>
        {winner.country ? (
          <p className="flex items-center gap-2 text-sm text-slate-600">
            {flag ? <CountryFlag code={flag} /> : null}
            {winner.country}
          </p>
        ) : null}
      </WinnerHeading>
      {/* A sample-sheet draw or a rehearsal has no prize to deliver. */}
      <PrizeAndDate prize={winner.notReal ? null : DRAW_PRIZE}>
        <time dateTime={winner.drawAt}>{winner.month}</time>
        {winner.round > 0 ? ` (resorteo ${winner.round})` : null}
      </PrizeAndDate>
      <p className="mt-5 flex-1 border-t border-slate-100 pt-5 text-sm leading-relaxed text-slate-700">
        {winner.notReal
          ? ""
          : winner.deliveredOn
            ? `Premio entregado el ${winner.deliveredOn}. `
            : "Premio por entregar. "}
        <a href={winner.recordHref} className="font-medium text-brand-700 underline underline-offset-4">
          Ver el sorteo y verificarlo
        </a>
      </p>
    </li>
  );
}

/** Places shown before the real winners are enough to fill them: the spec's four. */
const PLACES = 4;

/**
 * Every recorded draw's winner, newest first; while there are fewer than four, the example
 * winners fill the rest, each marked as an example (docs/product.md, "Winners").
 */
export function PreviousWinners({ draws }: { draws: ShownDraw[] }) {
  const drawn = drawnWinners(draws);
  const examples = examplesToFill(DRAW_WINNERS, drawn.length, PLACES);
  const real = drawn.some((winner) => winner.notReal === null);
  // The notice explains each mark the cards carry: "Ejemplo", "Ensayo", "Sorteo de muestra"…
  const explained = marksExplained([...drawn.map((winner) => winner.mark), ...examples.map(() => "example" as const)]);
  return (
    <PageSection
      id="ganadores-anteriores"
      eyebrow={real ? "Ganadores reales" : "Ganadores"}
      title="Ganadores anteriores"
      lead="Cada mes alguien se lleva una tarjeta Visa de US$200. Publicamos solo el nombre y la inicial del apellido."
    >
      {explained ? (
        <div className="mb-6">
          <SampleDataNotice>{explained}</SampleDataNotice>
        </div>
      ) : null}
      <ul className="grid gap-5 sm:grid-cols-2 xl:grid-cols-4">
        {drawn.map((winner) => (
          <DrawnWinnerCard key={winner.drawAt} winner={winner} />
        ))}
        {examples.map((winner) => (
          <PreviousWinnerCard key={winner.name} winner={winner} />
        ))}
      </ul>
    </PageSection>
  );
}
