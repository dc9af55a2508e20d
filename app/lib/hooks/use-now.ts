import { startTransition, useEffect, useState } from "react";

/**
 * The current time, ticking every `intervalMs`. The first render uses `initial` (the
 * server's render time) so server and browser agree during hydration.
 *
 * Ticks are transitions: a tick that lands while a streamed Suspense boundary is still
 * hydrating would otherwise make React throw that boundary away and render it again on
 * the client (React error #421), losing the streamed HTML.
 */
export function useNow(initial: number, intervalMs: number): number {
  const [now, setNow] = useState(initial);
  useEffect(() => {
    const tick = () => startTransition(() => setNow(Date.now()));
    tick();
    const timer = window.setInterval(tick, intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}
