import type { ReactNode } from "react";
import { DRAW_DAY } from "~/content/draw-day";
import { formatDrawDate, twoDigits } from "~/lib/draw/countdown";
import { isToday, type DrawDay } from "~/lib/draw/draw-day";
import { argentinaDay, formatDay } from "~/lib/draw/entry-window";
import { argentinaWallClock, nextDrawAt } from "~/lib/draw/next-draw";
import { useRenderInstant } from "~/lib/document/render-instant";
import { countOf, formatCount } from "~/lib/ui/wording";
import { Icon } from "./icons";
import { LocalTime } from "./local-time";
import { WinnerMarkBadge } from "./winner-mark";

/** "12:30": an instant's time on Argentina's wall clock. */
function argentinaTime(iso: string): string {
  const wallClock = argentinaWallClock(Date.parse(iso));
  return `${twoDigits(wallClock.getUTCHours())}:${twoDigits(wallClock.getUTCMinutes())}`;
}

const LINK =
  "inline-flex items-center gap-1 font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-800";

/**
 * Draw day at the top of a page (docs/product.md, "Draw day"): from the freeze, the frozen list
 * (count, hash, link) and when and from which drand round the result comes; after the result, the
 * winner; the next draw below, secondary. `checkPath` is the page of the draw's values and
 * check: none on /sorteos itself, "/sorteos" elsewhere.
 */
export function DrawToday({ today, checkPath = "" }: { today: DrawDay; checkPath?: string }) {
  if (today.state === "missed") return <MissedToday missed={today.missed} />;
  return <DrawOfTheDay today={today} checkPath={checkPath} />;
}

/** The frame of the card: its label (today, or the day), its content, and the next draw below. */
function TodayCard({
  drawAt,
  state,
  nextAt,
  children,
}: {
  drawAt: string;
  state: string;
  nextAt: Date;
  children: ReactNode;
}) {
  const now = useRenderInstant();
  return (
    <section
      id="sorteo-hoy"
      aria-labelledby="sorteo-hoy-titulo"
      data-testid="draw-today"
      data-state={state}
      className="rounded-3xl bg-white p-5 text-slate-700 shadow-2xl shadow-brand-950/20 ring-1 ring-slate-900/5 sm:p-7"
    >
      <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">
        {isToday(drawAt, now) ? DRAW_DAY.today : DRAW_DAY.onDay(formatDay(argentinaDay(Date.parse(drawAt))))}
        {" · "}
        <time dateTime={drawAt}>{argentinaTime(drawAt)}</time>
      </p>
      <LocalTime at={drawAt} className="text-sm text-slate-600" />
      {children}
      <p className="mt-5 border-t border-slate-100 pt-4 text-sm text-slate-600">
        {DRAW_DAY.next}: <time dateTime={nextAt.toISOString()}>{formatDrawDate(nextAt)}</time> (hora de Argentina)
      </p>
    </section>
  );
}

/**
 * A day with no draw (docs/draw.md, "The order, proven"), said plainly: why, and that its entries
 * go to the next draw. It promises no result: none will come for that day.
 */
function MissedToday({ missed }: { missed: Extract<DrawDay, { state: "missed" }>["missed"] }) {
  const now = useRenderInstant();
  const next = new Date(missed.nextDrawAt);
  const round = formatCount(missed.beaconRound);
  return (
    <TodayCard drawAt={missed.drawAt} state="missed" nextAt={next}>
      <h2 id="sorteo-hoy-titulo" className="mt-2 text-2xl font-bold text-slate-900">
        {isToday(missed.drawAt, now)
          ? DRAW_DAY.missedTitle
          : DRAW_DAY.missedTitleOn(formatDay(argentinaDay(Date.parse(missed.drawAt))))}
      </h2>
      <p className="mt-2">{DRAW_DAY.missedWhy[missed.reason](round, argentinaTime(missed.beaconAt))}</p>
      <p className="mt-2 font-semibold text-slate-900">{DRAW_DAY.missedNext(formatDrawDate(next))}</p>
    </TodayCard>
  );
}

function DrawOfTheDay({ today, checkPath }: { today: Exclude<DrawDay, { state: "missed" }>; checkPath: string }) {
  const now = useRenderInstant();
  const { draw } = today;
  const round = formatCount(draw.beaconRound);
  const entries = countOf(draw.entryCount, "participación", "participaciones");
  const next = nextDrawAt(Date.parse(draw.drawAt));
  const checkHref = `${checkPath}#${draw.checkAnchor}`;
  return (
    <TodayCard drawAt={draw.drawAt} state={today.state} nextAt={next}>
      {today.state === "frozen" ? (
        <>
          <h2 id="sorteo-hoy-titulo" className="mt-2 text-2xl font-bold text-slate-900">
            {DRAW_DAY.frozenTitle}
          </h2>
          <p className="mt-2" data-testid="draw-today-entries">
            {DRAW_DAY.frozenLead(entries)}
          </p>
          {draw.sample ? <p className="mt-2 text-sm text-amber-900">{DRAW_DAY.sampleNote}</p> : null}
          <p className="mt-4 text-xs font-semibold text-slate-900">{DRAW_DAY.listHash}</p>
          <code className="mt-1 block break-all font-mono text-xs text-slate-700">{draw.listHash}</code>
          <a href={draw.listUrl} className={`mt-2 text-sm ${LINK}`}>
            {DRAW_DAY.download}
          </a>
          <p className="mt-4 text-sm">
            {/* Never a result that will not come: without its seals, the day has no draw. */}
            {!draw.witnessed
              ? DRAW_DAY.sealsMissing(round, argentinaTime(draw.beaconAt), formatDrawDate(next))
              : now < Date.parse(draw.beaconAt)
                ? DRAW_DAY.resultComes(round, argentinaTime(draw.beaconAt))
                : DRAW_DAY.roundOut(round, argentinaTime(draw.beaconAt))}
          </p>
          <a href={checkHref} className={`mt-3 text-sm ${LINK}`}>
            {DRAW_DAY.howToCheck}
            <Icon name="arrowRight" className="h-4 w-4" />
          </a>
        </>
      ) : (
        <>
          <h2
            id="sorteo-hoy-titulo"
            className="mt-2 flex flex-wrap items-center gap-2 text-2xl font-bold text-slate-900"
          >
            <span>{DRAW_DAY.winnerTitle(today.winner.name)}</span>
            <WinnerMarkBadge mark={today.winner.mark} />
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            {today.winner.country ? `${today.winner.country} · ` : ""}ID{" "}
            <code className="font-mono">{today.winner.id}</code>
          </p>
          <p className="mt-3">{DRAW_DAY.winnerFrom(entries, round)}</p>
          <a href={checkHref} className={`mt-3 text-sm ${LINK}`}>
            {DRAW_DAY.checkResult}
            <Icon name="arrowRight" className="h-4 w-4" />
          </a>
        </>
      )}
    </TodayCard>
  );
}
