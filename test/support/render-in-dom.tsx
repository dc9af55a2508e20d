import { act, type ReactNode } from "react";
import { vi } from "vitest";
import { createRoot, type Root } from "react-dom/client";

// Tells React that updates are wrapped in act(), as in a test; otherwise it warns.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/**
 * Mounts `ui` in the (jsdom) document, as the browser would after hydration, with its
 * effects run. For files that declare `// @vitest-environment jsdom`.
 */
export function renderInDom(ui: ReactNode): {
  container: HTMLElement;
  rerender: (ui: ReactNode) => void;
  unmount: () => void;
} {
  const container = document.body.appendChild(document.createElement("div"));
  let root: Root;
  act(() => {
    root = createRoot(container);
    root.render(ui);
  });
  return {
    container,
    rerender: (next) => act(() => root.render(next)),
    unmount: () => {
      act(() => root.unmount());
      container.remove();
    },
  };
}

/** Advances fake timers by `ms`, letting React apply what the timers set off. */
export function advance(ms: number): void {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}
