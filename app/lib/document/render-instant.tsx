import { createContext, useContext, type ReactNode } from "react";

/**
 * The instant a document was rendered for (epoch ms). Text that depends on the time
 * (the countdown, days left, "hace N minutos") is rendered from it on the server and
 * again from it while the browser hydrates, so both agree; after mount, components read
 * the real clock. The server entry chooses it, never a route: a stored page keeps the
 * instant it was rendered at for as long as it is served (docs/decisions.md).
 */
export interface RenderInstant {
  at: number;
  /**
   * The same instant signed by the server, which forms send back for their fill-time check
   * (app/lib/forms/form-stamp.server.ts); the document only carries it.
   */
  signed: string;
}

const RenderInstantContext = createContext<RenderInstant | null>(null);

/** Where the document carries its render instant, and its signature, for the browser's hydration. */
export const RENDER_INSTANT_ATTRIBUTE = "data-render-instant";
export const SIGNED_RENDER_INSTANT_ATTRIBUTE = "data-render-signed";

export function RenderInstantProvider({ value, children }: { value: RenderInstant; children: ReactNode }) {
  return <RenderInstantContext.Provider value={value}>{children}</RenderInstantContext.Provider>;
}

function useRenderInstantContext(): RenderInstant {
  const instant = useContext(RenderInstantContext);
  if (instant === null) throw new Error("useRenderInstant needs a RenderInstantProvider above it");
  return instant;
}

export function useRenderInstant(): number {
  return useRenderInstantContext().at;
}

export function useSignedRenderInstant(): string {
  return useRenderInstantContext().signed;
}

/** The instant the server rendered this document for, and its signature, as the browser reads them back. */
export function documentRenderInstant(): RenderInstant {
  const root = document.documentElement;
  const at = Number(root.getAttribute(RENDER_INSTANT_ATTRIBUTE));
  return {
    at: Number.isFinite(at) && at > 0 ? at : Date.now(),
    signed: root.getAttribute(SIGNED_RENDER_INSTANT_ATTRIBUTE) ?? "",
  };
}
