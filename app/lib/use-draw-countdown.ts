import { useEffect, useState } from "react";
import { msUntilNextTick, splitCountdown, type CountdownParts } from "./countdown";
import { nextDrawAt } from "./next-draw";

export interface DrawCountdown {
  /** The draw being counted down to, fixed on mount; null while server-rendering and hydrating. */
  drawAt: number | null;
  /** Time left, or null until the browser's clock has been read. */
  parts: CountdownParts | null;
}

/**
 * Counts down on the visitor's clock (spec §9), which the server cannot know: nothing is
 * computed until after mount, so server and hydration markup agree. The target is fixed
 * when the page opens and the count stops at zero instead of jumping to next month.
 */
export function useDrawCountdown(): DrawCountdown {
  const [state, setState] = useState<DrawCountdown>({ drawAt: null, parts: null });

  useEffect(() => {
    const drawAt = nextDrawAt(Date.now()).getTime();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = () => {
      const left = drawAt - Date.now();
      setState({ drawAt, parts: splitCountdown(left) });
      // Re-reading the clock each tick keeps it right after a throttled background tab.
      if (left > 0) timer = setTimeout(tick, msUntilNextTick(left));
    };
    tick();
    return () => clearTimeout(timer);
  }, []);

  return state;
}
