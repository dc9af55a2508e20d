import { formatArgentinaInstant } from "~/lib/draw/countdown";
import { UPCOMING_ANCHOR } from "~/lib/draw/draw-day";
import type { PendingDraw } from "~/lib/draw/published-draw";
import { quicknetRoundTime } from "~/lib/draw/quicknet-rounds";
import { formatCount } from "~/lib/ui/wording";
import { EntriesInPlay, Hex, ListLink, NoticesSent, PublishedValue, WindowDays } from "./verify-draw-values";
import { WitnessSeals } from "./verify-draw-witnesses";

/**
 * The next draw before it is made: its days and its round, then from the draw instant on its
 * frozen list, its seals and its notices, and whether the seals came in time (docs/draw.md, "The
 * order, proven").
 */
export function UpcomingDraw({ upcoming, afterList }: { upcoming: PendingDraw; afterList: boolean }) {
  const roundAt = new Date(quicknetRoundTime(upcoming.beaconRound)).toISOString();
  const frozen = upcoming.frozen;
  return (
    <article
      aria-labelledby={UPCOMING_ANCHOR}
      className="rounded-3xl border border-brand-200 bg-brand-50 p-5 shadow-sm sm:p-8"
      data-testid="upcoming-draw"
    >
      <h3 id={UPCOMING_ANCHOR} className="text-xl font-bold text-slate-900">
        {/* From the freeze on it is the draw under way, not the next one (docs/product.md, "Draw day"). */}
        {frozen ? "Sorteo en curso" : "Próximo sorteo"}:{" "}
        <time dateTime={upcoming.drawAt}>{formatArgentinaInstant(upcoming.drawAt)}</time>{" "}
        <span className="text-base font-normal text-slate-600">(hora de Argentina)</span>
      </h3>
      <dl className="mt-4 divide-y divide-brand-100">
        {frozen ? (
          <>
            <PublishedValue label="Participaciones">
              <EntriesInPlay
                count={frozen.entryCount}
                window={upcoming.window}
                afterList={afterList}
                leftOut={frozen.leftOut}
              />
            </PublishedValue>
            <PublishedValue label="Huella de la lista">
              <Hex value={frozen.listHash} />
              <ListLink url={frozen.listUrl} sealedAt={frozen.sealedAt} />
            </PublishedValue>
            <WitnessSeals witnesses={upcoming.witnesses} awaited={upcoming.awaited} />
            <NoticesSent {...frozen.notices} />
          </>
        ) : (
          <PublishedValue label="Participaciones">
            <WindowDays window={upcoming.window} afterList={afterList} />
            <span className="mt-1 block text-slate-600">
              La lista se congela en el momento del sorteo, con las participaciones registradas hasta entonces, y dos
              autoridades de sellado de tiempo la sellan enseguida.
            </span>
          </PublishedValue>
        )}
        <PublishedValue label="Valor público">
          drand quicknet, ronda {formatCount(upcoming.beaconRound)} (la primera que sale 30 minutos después del sorteo,
          y ninguna otra)
          <span className="mt-1 block text-slate-600">
            {frozen ? "La lista ya está congelada: el ganador sale de ella y del valor de esa ronda" : "Sale"}, que
            drand publica el <time dateTime={roundAt}>{formatArgentinaInstant(roundAt)}</time>.{" "}
            {frozen?.witnessed
              ? "Dos autoridades independientes ya sellaron la lista antes de esa hora: el sorteo se hace."
              : "Si antes de esa hora la lista no tiene los sellos de dos autoridades independientes, ese día no hay sorteo y sus participaciones pasan al siguiente."}
          </span>
        </PublishedValue>
      </dl>
    </article>
  );
}
