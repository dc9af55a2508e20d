import type { ReactNode } from "react";
import { DRAW_PRIZE, type Winner, type WinnerTone } from "~/content/winners";
import type { DrawnWinner } from "~/lib/draw/shown-winners";
import { initialsOf } from "~/lib/ui/initials";
import { PrizeBadge } from "../prize-badge";
import { Icon } from "../icons";
import { WinnerMarkBadge, type WinnerMark } from "../winner-mark";

/**
 * The winners carousel's cards (winners-carousel.tsx slides them): a recorded draw's winner with
 * the way to check it, or one of the spec's testimonials marked as an example.
 */

const WINNER_CARD_TONES: Record<WinnerTone, { band: string; avatar: string }> = {
  indigo: { band: "from-brand-100", avatar: "bg-brand-100 text-brand-800" },
  amber: { band: "from-amber-100", avatar: "bg-amber-100 text-amber-900" },
  emerald: { band: "from-emerald-100", avatar: "bg-emerald-100 text-emerald-800" },
  sky: { band: "from-sky-100", avatar: "bg-sky-100 text-sky-800" },
  rose: { band: "from-rose-100", avatar: "bg-rose-100 text-rose-800" },
  violet: { band: "from-violet-100", avatar: "bg-violet-100 text-violet-800" },
};

/** A carousel place: a recorded draw's winner, or a marked example while there are too few. */
export type CarouselWinner = { kind: "drawn"; winner: DrawnWinner } | { kind: "example"; winner: Winner };

function CardShell({
  tone,
  name,
  mark,
  place,
  when,
  children,
  footer,
}: {
  tone: WinnerTone;
  name: string;
  mark: WinnerMark;
  place: string | null;
  /** The draw a real card comes from, or an example's date text. */
  when: string;
  children: ReactNode;
  footer: ReactNode;
}) {
  const colours = WINNER_CARD_TONES[tone];
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-3xl bg-white shadow-lg shadow-slate-900/5 ring-1 ring-slate-900/5">
      <div className={`bg-gradient-to-b ${colours.band} to-white px-6 pb-2 pt-6`}>
        <div className="flex items-center gap-4">
          <span
            aria-hidden="true"
            className={`flex h-12 w-12 shrink-0 items-center justify-center rounded-full text-base font-bold ${colours.avatar}`}
          >
            {initialsOf(name)}
          </span>
          <div className="min-w-0">
            <h3 className="flex flex-wrap items-center gap-1.5 font-semibold text-slate-900">
              {name}
              <WinnerMarkBadge mark={mark} />
            </h3>
            {place ? (
              <p className="mt-0.5 flex items-center gap-1 text-sm text-slate-600">
                <Icon name="mapPin" className="h-4 w-4 shrink-0" />
                {place}
              </p>
            ) : null}
          </div>
        </div>
        <p className="mt-4 flex items-center gap-1.5 text-xs font-medium text-slate-600">
          <Icon name="calendar" className="h-4 w-4" />
          {when}
        </p>
      </div>
      <div className="flex-1 px-6 py-4 text-sm leading-relaxed text-slate-700">{children}</div>
      {footer ? (
        <dl className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 px-6 py-4 text-xs">
          {footer}
        </dl>
      ) : null}
    </article>
  );
}

function PrizeTerm({ prize }: { prize: string }) {
  return (
    <div>
      <dt className="sr-only">Premio</dt>
      <dd>
        <PrizeBadge prize={prize} size="sm" />
      </dd>
    </div>
  );
}

/** A recorded draw's winner: what the record says, and the way to check it. */
function DrawnWinnerSlide({ winner }: { winner: DrawnWinner }) {
  return (
    <CardShell
      tone="indigo"
      name={winner.name}
      mark={winner.mark}
      place={winner.country}
      when={`Sorteo de ${winner.month}${winner.round > 0 ? ` (resorteo ${winner.round})` : ""}`}
      footer={
        // A sample-sheet draw or a rehearsal has no prize to deliver.
        winner.notReal ? null : (
          <>
            <div>
              <dt className="sr-only">Entrega</dt>
              <dd className="rounded-full bg-slate-100 px-2.5 py-1 font-medium text-slate-700">
                {winner.deliveredOn ? `Premio entregado el ${winner.deliveredOn}` : "Premio por entregar"}
              </dd>
            </div>
            <PrizeTerm prize={DRAW_PRIZE} />
          </>
        )
      }
    >
      <p>
        Salió de la lista congelada de ese mes, con una cuenta que cualquiera puede rehacer.{" "}
        <a href={winner.recordHref} className="font-medium text-brand-700 underline underline-offset-4">
          {`Ver el sorteo de ${winner.month}`}
        </a>
      </p>
    </CardShell>
  );
}

/**
 * One of the spec's testimonials, with every field the spec gives it, shown only to fill places
 * and marked as an example: its verified flag is false, so it never carries the badge.
 */
function ExampleWinnerSlide({ winner }: { winner: Winner }) {
  return (
    <CardShell
      tone={winner.tone}
      name={winner.name}
      mark={winner.verified ? "verified" : "example"}
      place={winner.location}
      when={winner.date}
      footer={
        <>
          <div>
            <dt className="sr-only">Tipo de encuesta</dt>
            <dd className="rounded-full bg-slate-100 px-2.5 py-1 font-medium text-slate-700">{winner.surveyType}</dd>
          </div>
          <PrizeTerm prize={winner.prize} />
        </>
      }
    >
      <blockquote>
        <p>“{winner.testimonial}”</p>
      </blockquote>
    </CardShell>
  );
}

export function CarouselWinnerCard({ place }: { place: CarouselWinner }) {
  return place.kind === "drawn" ? (
    <DrawnWinnerSlide winner={place.winner} />
  ) : (
    <ExampleWinnerSlide winner={place.winner} />
  );
}
