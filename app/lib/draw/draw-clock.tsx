import { createContext, useContext, useEffect, useState, useSyncExternalStore, type ReactNode } from "react";
import { msUntilNextTick, splitCountdown, type CountdownParts } from "./countdown";
import { nextDrawAt } from "./next-draw";
import { useRenderInstant } from "../document/render-instant";

interface ClockReading {
  /** The draw being counted down to (epoch ms). */
  drawAt: number;
  /** The time the count is shown for (epoch ms). */
  now: number;
  /** False while the count is the server's render-time one (no JavaScript yet, or hydrating). */
  live: boolean;
}

export interface DrawClock {
  drawAt: Date;
  parts: CountdownParts;
  live: boolean;
}

/**
 * The page's draw clock, as a store that components subscribe to. It is not a context
 * value that changes: a change of context would reach the participants' Suspense boundary
 * while it may still be waiting for streamed data, and React would give up hydrating it
 * (error #421). Subscribers hydrate from the render-time snapshot, then catch up.
 */
class DrawClockStore {
  private readonly rendered: ClockReading;
  private current: ClockReading;
  private readonly listeners = new Set<() => void>();

  constructor(renderInstant: number) {
    this.rendered = { drawAt: nextDrawAt(renderInstant).getTime(), now: renderInstant, live: false };
    this.current = this.rendered;
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  snapshot = () => this.current;

  renderedSnapshot = () => this.rendered;

  /** Follows the visitor's clock to the draw it expects, once a second, stopping at zero. */
  start(): () => void {
    const drawAt = nextDrawAt(Date.now()).getTime();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = () => {
      const now = Date.now();
      this.current = { drawAt, now, live: true };
      for (const listener of this.listeners) listener();
      // Re-reading the clock each tick keeps it right after a throttled background tab.
      if (drawAt > now) timer = setTimeout(tick, msUntilNextTick(drawAt - now));
    };
    tick();
    return () => clearTimeout(timer);
  }
}

const DrawClockContext = createContext<DrawClockStore | null>(null);

/**
 * The one place that decides which draw a page counts down to, so the countdown and the
 * days-remaining tile can never disagree. The server and the hydrating browser both count
 * from the document's render instant (so the page reads right without JavaScript and
 * hydrates without a mismatch); once mounted, the count follows the visitor's clock
 * (docs/product.md, "Countdown"), targets the draw that clock expects, and stops at zero when it arrives
 * instead of jumping to next month.
 */
export function DrawClockProvider({ children }: { children: ReactNode }) {
  const renderInstant = useRenderInstant();
  const [store] = useState(() => new DrawClockStore(renderInstant));
  useEffect(() => store.start(), [store]);
  return <DrawClockContext.Provider value={store}>{children}</DrawClockContext.Provider>;
}

export function useDrawClock(): DrawClock {
  const store = useContext(DrawClockContext);
  if (!store) throw new Error("useDrawClock needs a DrawClockProvider above it");
  const clock = useSyncExternalStore(store.subscribe, store.snapshot, store.renderedSnapshot);
  return { drawAt: new Date(clock.drawAt), parts: splitCountdown(clock.drawAt - clock.now), live: clock.live };
}
