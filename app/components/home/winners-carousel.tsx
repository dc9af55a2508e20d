import {
  startTransition,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
} from "react";
import {
  nextIndex,
  perViewForWidth,
  previousIndex,
  swipeDirection,
  trackOrder,
  visibleIndices,
} from "~/lib/ui/carousel";
import { DRAW_PRIZE, type Winner, type WinnerTone } from "~/content/winners";
import type { DrawnWinner } from "~/lib/draw/shown-winners";
import { PrizeBadge } from "../prize-badge";
import { Icon } from "../icons";
import { WinnerMarkBadge, type WinnerMark } from "../winner-mark";
import { initialsOf } from "~/lib/ui/initials";

// Layout effects warn when rendered on the server; there the plain effect (never run) is the same thing.
const useBrowserLayoutEffect = typeof window === "undefined" ? useEffect : useLayoutEffect;

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
  /** The draw a real card comes from; an example has none. */
  when: string | null;
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
        {when ? (
          <p className="mt-4 flex items-center gap-1.5 text-xs font-medium text-slate-600">
            <Icon name="calendar" className="h-4 w-4" />
            {when}
          </p>
        ) : null}
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

/** One of the spec's testimonials: shown only to fill places, marked as an example, with no date or prize. */
function ExampleWinnerSlide({ winner }: { winner: Winner }) {
  return (
    <CardShell
      tone={winner.tone}
      name={winner.name}
      mark="example"
      place={winner.location}
      when={null}
      footer={
        <div>
          <dt className="sr-only">Tipo de encuesta</dt>
          <dd className="rounded-full bg-slate-100 px-2.5 py-1 font-medium text-slate-700">{winner.surveyType}</dd>
        </div>
      }
    >
      <blockquote>
        <p>“{winner.testimonial}”</p>
      </blockquote>
    </CardShell>
  );
}

function CarouselWinnerCard({ place }: { place: CarouselWinner }) {
  return place.kind === "drawn" ? (
    <DrawnWinnerSlide winner={place.winner} />
  ) : (
    <ExampleWinnerSlide winner={place.winner} />
  );
}

const placeKey = (place: CarouselWinner) => (place.kind === "drawn" ? place.winner.drawAt : place.winner.id);

type Move = "next" | "previous";

function ArrowButton({
  move,
  onMove,
  disabled,
  controls,
}: {
  move: Move;
  onMove: (move: Move) => void;
  disabled: boolean;
  controls: string;
}) {
  return (
    <button
      type="button"
      aria-label={move === "next" ? "Ganador siguiente" : "Ganador anterior"}
      aria-controls={controls}
      disabled={disabled}
      onClick={() => onMove(move)}
      className="flex h-11 w-11 items-center justify-center rounded-full bg-white text-slate-800 shadow-md ring-1 ring-slate-900/10 transition hover:bg-brand-50 hover:text-brand-700 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-50"
    >
      <Icon name={move === "next" ? "chevronRight" : "chevronLeft"} className="h-5 w-5" />
    </button>
  );
}

const TRACK_ID = "ganadores-pista";

/**
 * WAI-ARIA carousel. Before hydration (and without JavaScript) it is a plain scroll-snap
 * row starting at the first winner. Once the script knows the viewport width it shows
 * `perView` cards and loops: the track is re-ordered so one card sits just off-screen on
 * each side, and each move slides the track by one card from where it was.
 */
export function WinnersCarousel({ winners }: { winners: CarouselWinner[] }) {
  const count = winners.length;
  const [start, setStart] = useState(0);
  /** null until measured in the browser: the server cannot know the width. */
  const [perView, setPerView] = useState<number | null>(null);
  const trackRef = useRef<HTMLDivElement>(null);
  const pendingMove = useRef<Move | null>(null);
  const swipeStartX = useRef<number | null>(null);

  useEffect(() => {
    // A transition: re-ordering the track while hydrating must not hold the main thread in one task.
    const update = () => startTransition(() => setPerView(perViewForWidth(window.innerWidth)));
    update();
    window.addEventListener("resize", update);
    return () => window.removeEventListener("resize", update);
  }, []);

  useBrowserLayoutEffect(() => {
    const track = trackRef.current;
    const move = pendingMove.current;
    pendingMove.current = null;
    if (!track || !move || perView === null) return;
    // The DOM order just shifted by one card; start the track where the old order stood,
    // then let the class-defined resting position take over with its transition.
    const card = 100 / perView;
    const from = move === "next" ? 0 : -2 * card;
    track.style.transition = "none";
    track.style.transform = `translateX(${from}%)`;
    track.getBoundingClientRect();
    track.style.transition = "";
    track.style.transform = "";
  }, [start, perView]);

  const onMove = (move: Move) => {
    pendingMove.current = move;
    setStart((current) => (move === "next" ? nextIndex(current, count) : previousIndex(current, count)));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (perView === null) return;
    if (event.key !== "ArrowRight" && event.key !== "ArrowLeft") return;
    event.preventDefault();
    onMove(event.key === "ArrowRight" ? "next" : "previous");
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    // Mouse users have the arrows; a mouse drag should stay free to select text.
    swipeStartX.current = event.pointerType === "mouse" ? null : event.clientX;
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const startX = swipeStartX.current;
    swipeStartX.current = null;
    if (startX === null || perView === null) return;
    const direction = swipeDirection(event.clientX - startX);
    if (direction) onMove(direction);
  };

  const measured = perView !== null;
  const order = measured ? trackOrder(start, count) : winners.map((_, index) => index);
  const visible = new Set(measured ? visibleIndices(start, perView, count) : []);

  return (
    // The arrow keys work wherever focus is inside the carousel (WAI-ARIA carousel pattern).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <section
      aria-roledescription="carousel"
      aria-label="Ganadores anteriores"
      data-testid="winners-carousel"
      data-per-view={perView ?? undefined}
      data-start={start}
      onKeyDown={onKeyDown}
    >
      <div
        // Focusable so a keyboard can reach the slides and move them with the arrows.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        data-testid="winners-viewport"
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (swipeStartX.current = null)}
        // relative: the cards' sr-only text is absolutely positioned and must be clipped here, or it widens the page.
        className={`relative -mx-3 rounded-3xl focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${
          measured
            ? "touch-pan-y overflow-hidden"
            : "snap-x snap-mandatory overflow-x-auto [scrollbar-width:none] [&::-webkit-scrollbar]:hidden"
        }`}
      >
        <div
          ref={trackRef}
          id={TRACK_ID}
          aria-live="polite"
          className={`flex ${measured ? "-translate-x-full transition-transform duration-500 ease-out motion-reduce:transition-none md:-translate-x-1/3" : ""}`}
        >
          {order.map((index) => {
            const winner = winners[index];
            if (!winner) return null;
            const hidden = measured && !visible.has(index);
            return (
              <div
                key={placeKey(winner)}
                role="group"
                aria-roledescription="slide"
                aria-label={`${index + 1} de ${count}`}
                aria-hidden={hidden || undefined}
                {...(hidden ? { inert: "" } : {})}
                data-testid="winner-slide"
                data-visible={!hidden}
                className="w-full flex-none snap-start px-3 py-4 md:w-1/3"
              >
                <CarouselWinnerCard place={winner} />
              </div>
            );
          })}
        </div>
      </div>

      <div className="mt-6 flex items-center justify-center gap-6">
        <ArrowButton move="previous" onMove={onMove} disabled={!measured} controls={TRACK_ID} />
        <div aria-hidden="true" className="flex gap-1.5">
          {winners.map((winner, index) => (
            <span
              key={placeKey(winner)}
              className={`h-2 rounded-full transition-all duration-300 ${index === start ? "w-6 bg-brand-600" : "w-2 bg-slate-300"}`}
            />
          ))}
        </div>
        <ArrowButton move="next" onMove={onMove} disabled={!measured} controls={TRACK_ID} />
      </div>
    </section>
  );
}
