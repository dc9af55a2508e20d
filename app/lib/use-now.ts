import { useEffect, useState } from "react";

/**
 * The current time, ticking every `intervalMs`. The first render uses `initial` (the
 * server's render time) so server and browser agree during hydration.
 */
export function useNow(initial: number, intervalMs: number): number {
  const [now, setNow] = useState(initial);
  useEffect(() => {
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}
