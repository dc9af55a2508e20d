import { formatArgentinaInstant } from "~/lib/draw/countdown";
import { UPCOMING_ANCHOR } from "~/lib/draw/draw-day";
import type { UpcomingCommitment } from "~/lib/draw/published-draw";
import { beaconRound, quicknetRoundTime } from "~/lib/draw/quicknet-rounds";
import { formatCount } from "~/lib/ui/wording";
import { EntriesInPlay, Hex, ListLink, MovedRound, PublishedValue, WindowDays } from "./verify-draw-values";
import { WitnessSeals } from "./verify-draw-witnesses";

/** The next draw before it is made: its commitment, then its frozen list from the draw instant on. */
export function UpcomingDraw({ upcoming, afterList }: { upcoming: UpcomingCommitment; afterList: boolean }) {
  const moved = upcoming.beaconRound !== beaconRound(new Date(upcoming.drawAt), 0);
  return (
    <article
      aria-labelledby={UPCOMING_ANCHOR}
      className="rounded-3xl border border-brand-200 bg-brand-50 p-5 shadow-sm sm:p-8"
      data-testid="upcoming-commitment"
    >
      <h3 id={UPCOMING_ANCHOR} className="text-xl font-bold text-slate-900">
        {/* From the freeze on it is the draw under way, not the next one (docs/product.md, "Draw day"). */}
        {upcoming.frozen ? "Sorteo en curso" : "Próximo sorteo"}:{" "}
        <time dateTime={upcoming.drawAt}>{formatArgentinaInstant(upcoming.drawAt)}</time>{" "}
        <span className="text-base font-normal text-slate-600">(hora de Argentina)</span>
      </h3>
      <dl className="mt-4 divide-y divide-brand-100">
        <PublishedValue label="Compromiso (huella de la semilla)">
          <Hex value={upcoming.commitment} />
          <span className="mt-1 block text-slate-600">
            Publicado el <time dateTime={upcoming.committedAt}>{formatArgentinaInstant(upcoming.committedAt)}</time>. La
            semilla se revela en el sorteo: su huella tiene que dar este compromiso.
          </span>
        </PublishedValue>
        {upcoming.frozen ? (
          <>
            <PublishedValue label="Participaciones">
              <EntriesInPlay
                count={upcoming.frozen.entryCount}
                window={upcoming.window}
                afterList={afterList}
                leftOut={upcoming.frozen.leftOut}
              />
            </PublishedValue>
            <PublishedValue label="Huella de la lista">
              <Hex value={upcoming.frozen.listHash} />
              <ListLink url={upcoming.frozen.listUrl} frozenAt={upcoming.frozen.frozenAt} />
            </PublishedValue>
          </>
        ) : (
          <PublishedValue label="Participaciones">
            <WindowDays window={upcoming.window} afterList={afterList} />
            <span className="mt-1 block text-slate-600">
              La lista se congela en el momento del sorteo, con las participaciones registradas hasta entonces.
            </span>
          </PublishedValue>
        )}
        <WitnessSeals witnesses={upcoming.witnesses} awaited={upcoming.awaited} />
        <PublishedValue label="Valor público">
          drand quicknet, ronda {formatCount(upcoming.beaconRound)}
          {moved ? null : " (la primera que sale 30 minutos después del sorteo)"}
          <MovedRound drawAt={upcoming.drawAt} used={upcoming.beaconRound} made={false} />
          {upcoming.frozen ? (
            <span className="mt-1 block text-slate-600">
              La lista ya está congelada: el ganador sale de ella con el valor de esa ronda, que drand publica el{" "}
              <time dateTime={new Date(quicknetRoundTime(upcoming.beaconRound)).toISOString()}>
                {formatArgentinaInstant(new Date(quicknetRoundTime(upcoming.beaconRound)).toISOString())}
              </time>
              .
              {upcoming.witnesses.list?.tokens.length
                ? null
                : " Si ninguna autoridad sella la lista antes, el sorteo se corre a la primera ronda que salga 30 minutos después del primer sello."}
            </span>
          ) : null}
        </PublishedValue>
      </dl>
    </article>
  );
}
