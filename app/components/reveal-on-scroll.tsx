import { useLocation } from "@remix-run/react";
import { useEffect } from "react";

/** docs/product.md, "Home": a section reveals once 15 % of it is visible. */
const REVEAL_THRESHOLD = 0.15;

/**
 * Animates `[data-reveal]` sections into view. Only sections that start below the fold
 * are marked pending, so nothing already on screen blinks and, without JavaScript or
 * with reduced motion, everything simply stays visible. Where each section starts is read
 * from the observer's first report rather than measured while hydrating: measuring
 * between marks would lay the page out once per section (docs/performance.md, "Main
 * thread after the first paint").
 */
export function RevealOnScroll() {
  const { pathname } = useLocation();

  useEffect(() => {
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    const placed = new WeakSet<Element>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const { target, isIntersecting, boundingClientRect } of entries) {
          if (!placed.has(target)) {
            placed.add(target);
            if (boundingClientRect.top < window.innerHeight) observer.unobserve(target);
            else target.setAttribute("data-reveal", "pending");
          } else if (isIntersecting) {
            target.setAttribute("data-reveal", "shown");
            observer.unobserve(target);
          }
        }
      },
      { threshold: REVEAL_THRESHOLD },
    );
    for (const element of document.querySelectorAll("[data-reveal]")) {
      if (element.getAttribute("data-reveal") === "") observer.observe(element);
    }
    return () => observer.disconnect();
  }, [pathname]);

  return null;
}
