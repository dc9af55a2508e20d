import {
  startTransition,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
} from "react";
import {
  nextIndex,
  perViewForWidth,
  previousIndex,
  swipeDirection,
  trackOrder,
  visibleIndices,
} from "~/lib/ui/carousel";
import { Icon } from "../icons";
import { CarouselWinnerCard, type CarouselWinner } from "./winner-cards";

// Layout effects warn when rendered on the server; there the plain effect (never run) is the same thing.
const useBrowserLayoutEffect = typeof window === "undefined" ? useEffect : useLayoutEffect;

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
