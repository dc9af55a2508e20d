/** docs/product.md, "Carousel": three cards per view from the `md` breakpoint (Tailwind's 768px), one below it. */
const CAROUSEL_MD_MIN_WIDTH = 768;

/** Horizontal travel, in CSS pixels, before a touch drag counts as a swipe. */
const SWIPE_THRESHOLD_PX = 40;

export function perViewForWidth(width: number): 1 | 3 {
  return width >= CAROUSEL_MD_MIN_WIDTH ? 3 : 1;
}

/** Maps any integer (negative included) onto 0..count-1, so the carousel loops both ways. */
function wrapIndex(index: number, count: number): number {
  if (count <= 0) return 0;
  return ((index % count) + count) % count;
}

export function nextIndex(index: number, count: number): number {
  return wrapIndex(index + 1, count);
}

export function previousIndex(index: number, count: number): number {
  return wrapIndex(index - 1, count);
}

/** The slides on screen when the view starts at `start`, wrapping past the end. */
export function visibleIndices(start: number, perView: number, count: number): number[] {
  const shown = Math.min(perView, count);
  return Array.from({ length: shown }, (_, offset) => wrapIndex(start + offset, count));
}

/**
 * The order the track renders slides in: one slide before the view (so a "previous"
 * move has a card to slide in from the left), then the view, then the rest.
 */
export function trackOrder(start: number, count: number): number[] {
  return Array.from({ length: count }, (_, position) => wrapIndex(start - 1 + position, count));
}

export type SwipeDirection = "next" | "previous" | null;

/** A leftward drag reveals what comes next, like turning a page. */
export function swipeDirection(deltaX: number): SwipeDirection {
  if (deltaX <= -SWIPE_THRESHOLD_PX) return "next";
  if (deltaX >= SWIPE_THRESHOLD_PX) return "previous";
  return null;
}
