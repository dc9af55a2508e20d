import { startTransition, useEffect, useState } from "react";

/**
 * The current time, ticking every `intervalMs`. The first render uses `initial` (the
 * server's render time) so server and browser agree during hydration. Each tick is a
 * transition: a tick that reaches a Suspense boundary still hydrating (a slow phone, a
 * stored page rendered a while ago) waits for it instead of making React discard the
 * server's HTML there (React error #421).
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
