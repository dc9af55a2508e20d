import { createContext, useContext, type ReactNode } from "react";

/**
 * The instant a document was rendered for (epoch ms). Text that depends on the time
 * (the countdown, days left, "hace N minutos") is rendered from it on the server and
 * again from it while the browser hydrates, so both agree; after mount, components read
 * the real clock. The server entry chooses it, never a route: a stored page keeps the
 * instant it was rendered at for as long as it is served (docs/decisions.md).
 */
const RenderInstantContext = createContext<number | null>(null);

/** Where the document carries its render instant for the browser's hydration. */
export const RENDER_INSTANT_ATTRIBUTE = "data-render-instant";

export function RenderInstantProvider({ value, children }: { value: number; children: ReactNode }) {
  return <RenderInstantContext.Provider value={value}>{children}</RenderInstantContext.Provider>;
}

export function useRenderInstant(): number {
  const instant = useContext(RenderInstantContext);
  if (instant === null) throw new Error("useRenderInstant needs a RenderInstantProvider above it");
  return instant;
}

/** The instant the server rendered this document for, as the browser reads it back. */
export function documentRenderInstant(): number {
  const value = Number(document.documentElement.getAttribute(RENDER_INSTANT_ATTRIBUTE));
  return Number.isFinite(value) && value > 0 ? value : Date.now();
}
