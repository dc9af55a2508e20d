import { DRAW_WINNERS, type DrawWinner } from "~/content/sorteos-winners";
import { SampleDataNotice } from "../participants-table";
import type { ReactNode } from "react";
import type { PublishedDraw } from "~/lib/draw/published-draw";
import { formatArgentinaInstant } from "~/lib/draw/countdown";
import { CountryFlag } from "../country-flag";
import { PrizeBadge } from "../prize-badge";
import { PageSection } from "./page-section";
import { initialsOf } from "~/lib/ui/initials";

/** A winner card's avatar and name, with what the card says under the name. */
function WinnerHeading({ name, children }: { name: string; children: ReactNode }) {
  return (
    <div className="flex items-center gap-3">
      <span
        aria-hidden="true"
        className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-brand-600 text-base font-bold text-white"
      >
        {initialsOf(name)}
      </span>
      <div className="min-w-0">
        <h3 className="font-bold text-slate-900">{name}</h3>
        {children}
      </div>
    </div>
  );
}

function PreviousWinnerCard({ winner }: { winner: DrawWinner }) {
  return (
    <li className="flex flex-col rounded-3xl border border-slate-200 bg-white p-6 shadow-sm">
      <WinnerHeading name={winner.name}>
        <p className="flex items-center gap-2 text-sm text-slate-600">
          <CountryFlag code={winner.country.code} />
          {winner.country.name}
        </p>
      </WinnerHeading>
      <dl className="mt-5 flex flex-wrap items-center justify-between gap-2 text-sm">
        <div>
          <dt className="sr-only">Premio</dt>
          <dd>
            <PrizeBadge prize={winner.prize} />
          </dd>
        </div>
        <div>
          <dt className="sr-only">Fecha del sorteo</dt>
          <dd className="text-slate-600">
            <time dateTime={winner.date}>{winner.dateLabel}</time>
          </dd>
        </div>
      </dl>
      <blockquote className="mt-5 flex-1 border-t border-slate-100 pt-5 leading-relaxed text-slate-700">
        <p>“{winner.testimonial}”</p>
      </blockquote>
    </li>
  );
}

/** A winner of a recorded draw: the name as published, the id anyone can find in the frozen list. */
function DrawnWinnerCard({ draw, round }: { draw: PublishedDraw; round: number }) {
  const winner = draw.rounds[round]!;
  return (
    <li className="flex flex-col rounded-3xl border border-slate-200 bg-white p-6 shadow-sm">
      <WinnerHeading name={winner.winnerName}>
        <p className="text-sm text-slate-600">
          id <code className="font-mono">{winner.winnerId}</code>
          {round > 0 ? ` (resorteo ${round})` : null}
        </p>
      </WinnerHeading>
      <p className="mt-5 text-sm text-slate-600">
        Sorteo del <time dateTime={draw.drawAt}>{formatArgentinaInstant(draw.drawAt)}</time>
      </p>
    </li>
  );
}

/**
 * Recorded draws once there are any, newest first; until then the example winners, marked
 * as examples while the sample sheet is served.
 */
export function PreviousWinners({ draws, sample }: { draws: PublishedDraw[]; sample: boolean }) {
  return (
    <PageSection
      id="ganadores-anteriores"
      eyebrow="Ganadores reales"
      title="Ganadores anteriores"
      lead="Cada mes alguien se lleva una tarjeta Visa de US$200. Publicamos solo el nombre y la inicial del apellido."
    >
      {sample ? (
        <div className="mb-6">
          <SampleDataNotice>
            {draws.length > 0
              ? "Estos sorteos se hicieron con la lista de muestra: sus ganadores no son personas reales."
              : "Estos ganadores son de muestra para que veas cómo se publican: todavía no hay sorteos registrados."}
          </SampleDataNotice>
        </div>
      ) : null}
      <ul className="grid gap-5 sm:grid-cols-2 xl:grid-cols-4">
        {draws.length > 0
          ? draws.flatMap((draw) =>
              draw.rounds.map((_, round) => (
                <DrawnWinnerCard key={`${draw.drawAt}-${round}`} draw={draw} round={round} />
              )),
            )
          : DRAW_WINNERS.map((winner) => <PreviousWinnerCard key={winner.name} winner={winner} />)}
      </ul>
    </PageSection>
  );
}
