import { useRevalidator } from "@remix-run/react";
import { useEffect, useRef } from "react";

/** docs/product.md, "Revalidation": participants are refreshed every 5 minutes. */
const REVALIDATE_INTERVAL_MS = 5 * 60 * 1000;

/**
 * Reloads the route's data every interval while the tab is visible, and at once when a
 * hidden tab comes back with data older than the interval (docs/product.md, "Revalidation").
 */
export function useRevalidateOnInterval(): void {
  const { revalidate } = useRevalidator();
  const revalidateRef = useRef(revalidate);
  useEffect(() => {
    revalidateRef.current = revalidate;
  }, [revalidate]);

  useEffect(() => {
    let lastLoadedAt = Date.now();
    const reload = () => {
      lastLoadedAt = Date.now();
      revalidateRef.current();
    };
    // A reload on return to the tab also counts, so the next tick does not repeat it.
    const reloadIfStale = () => {
      if (document.visibilityState === "visible" && Date.now() - lastLoadedAt >= REVALIDATE_INTERVAL_MS) reload();
    };
    const timer = window.setInterval(reloadIfStale, REVALIDATE_INTERVAL_MS / 10);
    const onVisibilityChange = reloadIfStale;
    document.addEventListener("visibilitychange", onVisibilityChange);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisibilityChange);
    };
  }, []);
}
