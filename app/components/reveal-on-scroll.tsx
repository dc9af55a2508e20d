import { useLocation } from "@remix-run/react";
import { useEffect } from "react";

/** Spec §9: a section reveals once 15 % of it is visible. */
const REVEAL_THRESHOLD = 0.15;

/**
 * Animates `[data-reveal]` sections into view. Only sections that start below the fold
 * are marked pending, so nothing already on screen blinks and, without JavaScript or
 * with reduced motion, everything simply stays visible.
 */
export function RevealOnScroll() {
  const { pathname } = useLocation();

  useEffect(() => {
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          entry.target.setAttribute("data-reveal", "shown");
          observer.unobserve(entry.target);
        }
      },
      { threshold: REVEAL_THRESHOLD },
    );
    for (const element of document.querySelectorAll<HTMLElement>("[data-reveal]")) {
      if (element.getAttribute("data-reveal") !== "") continue;
      if (element.getBoundingClientRect().top < window.innerHeight) continue;
      element.setAttribute("data-reveal", "pending");
      observer.observe(element);
    }
    return () => observer.disconnect();
  }, [pathname]);

  return null;
}
