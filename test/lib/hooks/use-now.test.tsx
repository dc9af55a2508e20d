// @vitest-environment jsdom
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useNow } from "~/lib/hooks/use-now";
import { advance, renderInDom } from "../../support/render-in-dom";

const RENDERED = Date.UTC(2026, 10, 22, 12);
const CLOCK = RENDERED + 90_000;

function ShowNow({ intervalMs }: { intervalMs: number }) {
  return <output>{useNow(RENDERED, intervalMs)}</output>;
}

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = "";
});

describe("useNow", () => {
  it("renders the given instant before anything runs in the browser", () => {
    expect(renderToString(<ShowNow intervalMs={1000} />)).toBe(`<output>${RENDERED}</output>`);
  });

  it("reads the real clock once mounted, then once per interval", () => {
    vi.useFakeTimers({ now: CLOCK });
    const { container } = renderInDom(<ShowNow intervalMs={60_000} />);
    expect(container.textContent).toBe(String(CLOCK));
    advance(59_999);
    expect(container.textContent).toBe(String(CLOCK));
    advance(1);
    expect(container.textContent).toBe(String(CLOCK + 60_000));
    advance(60_000);
    expect(container.textContent).toBe(String(CLOCK + 120_000));
  });

  it("ticks at the new interval when it changes, and stops when unmounted", () => {
    vi.useFakeTimers({ now: CLOCK });
    const { container, rerender, unmount } = renderInDom(<ShowNow intervalMs={60_000} />);
    rerender(<ShowNow intervalMs={1000} />);
    expect(vi.getTimerCount(), "the old interval is cleared").toBe(1);
    advance(1000);
    expect(container.textContent).toBe(String(CLOCK + 1000));
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
