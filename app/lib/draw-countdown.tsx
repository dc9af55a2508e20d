import { createContext, useContext, useEffect, useState, type ReactNode } from "react";
import { msUntilNextTick, splitCountdown, type CountdownParts } from "./countdown";
import { nextDrawAt } from "./next-draw";
import { useRenderInstant } from "./render-instant";

interface DrawClock {
  /** The draw being counted down to (epoch ms). */
  drawAt: number;
  /** The time the count is shown for (epoch ms). */
  now: number;
  /** False while the count is the server's render-time one (no JavaScript yet, or hydrating). */
  live: boolean;
}

export interface DrawCountdown {
  drawAt: Date;
  parts: CountdownParts;
  live: boolean;
}

const DrawClockContext = createContext<DrawClock | null>(null);

/**
 * The one place that decides which draw a page counts down to, so the countdown and the
 * days-remaining tile can never disagree. The server and the hydrating browser both count
 * from the document's render instant (so the page reads right without JavaScript and
 * hydrates without a mismatch); once mounted, the count follows the visitor's clock
 * (spec §9), targets the draw that clock expects, and stops at zero when it arrives
 * instead of jumping to next month.
 */
export function DrawCountdownProvider({ children }: { children: ReactNode }) {
  const renderInstant = useRenderInstant();
  const [clock, setClock] = useState<DrawClock>(() => ({
    drawAt: nextDrawAt(renderInstant).getTime(),
    now: renderInstant,
    live: false,
  }));

  useEffect(() => {
    const drawAt = nextDrawAt(Date.now()).getTime();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = () => {
      const now = Date.now();
      setClock({ drawAt, now, live: true });
      // Re-reading the clock each tick keeps it right after a throttled background tab.
      if (drawAt > now) timer = setTimeout(tick, msUntilNextTick(drawAt - now));
    };
    tick();
    return () => clearTimeout(timer);
  }, []);

  return <DrawClockContext.Provider value={clock}>{children}</DrawClockContext.Provider>;
}

export function useDrawCountdown(): DrawCountdown {
  const clock = useContext(DrawClockContext);
  if (!clock) throw new Error("useDrawCountdown needs a DrawCountdownProvider above it");
  return { drawAt: new Date(clock.drawAt), parts: splitCountdown(clock.drawAt - clock.now), live: clock.live };
}
