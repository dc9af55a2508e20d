// @vitest-environment jsdom
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DrawClockProvider, useDrawClock } from "~/lib/draw/draw-clock";
import { RenderInstantProvider } from "~/lib/document/render-instant";
import { expectConsoleError } from "../../setup/fail-on-console-error";
import { advance, renderInDom } from "../../support/render-in-dom";

/** The draw of December 2026: Monday 7th, 12:00 in Argentina. */
const DECEMBER_DRAW = Date.UTC(2026, 11, 7, 15);
/** The draw of January 2027: Monday 4th. */
const JANUARY_DRAW = Date.UTC(2027, 0, 4, 15);
const SECOND = 1000;
const DAY = 24 * 60 * 60 * SECOND;

function ShowCountdown() {
  const { drawAt, parts, live } = useDrawClock();
  return (
    <output>
      {`${drawAt.toISOString()} ${parts.days}d ${parts.hours}h ${parts.minutes}m ${parts.seconds}s ${live ? "live" : "rendered"}`}
    </output>
  );
}

function page(renderInstant: number) {
  return (
    <RenderInstantProvider value={{ at: renderInstant, signed: "" }}>
      <DrawClockProvider>
        <ShowCountdown />
      </DrawClockProvider>
    </RenderInstantProvider>
  );
}

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = "";
});

describe("the draw countdown on the server", () => {
  it("counts from the document's render instant to the next draw, not live", () => {
    const html = renderToString(page(DECEMBER_DRAW - 2 * DAY - 3 * 3600 * SECOND - 4 * 60 * SECOND - 5 * SECOND));
    expect(html).toContain("2026-12-07T15:00:00.000Z 2d 3h 4m 5s rendered");
  });

  it("targets next month's draw once this month's has passed", () => {
    expect(renderToString(page(DECEMBER_DRAW + SECOND))).toContain(new Date(JANUARY_DRAW).toISOString());
  });
});

describe("the draw countdown in the browser", () => {
  it("follows the visitor's clock once mounted, one second per tick", () => {
    vi.useFakeTimers({ now: DECEMBER_DRAW - 10 * SECOND });
    const { container } = renderInDom(page(DECEMBER_DRAW - DAY));
    expect(container.textContent).toBe("2026-12-07T15:00:00.000Z 0d 0h 0m 10s live");
    advance(SECOND);
    expect(container.textContent).toBe("2026-12-07T15:00:00.000Z 0d 0h 0m 9s live");
    advance(3 * SECOND);
    expect(container.textContent).toContain(" 6s live");
  });

  it("stays aligned to the draw instant when the clock is mid-second", () => {
    vi.useFakeTimers({ now: DECEMBER_DRAW - 2 * SECOND - 300 });
    const { container } = renderInDom(page(DECEMBER_DRAW - DAY));
    expect(container.textContent).toContain(" 3s live");
    advance(299);
    expect(container.textContent, "the second has not changed yet").toContain(" 3s live");
    advance(1);
    expect(container.textContent).toContain(" 2s live");
  });

  it("stops at zero when the draw arrives instead of jumping to next month", () => {
    vi.useFakeTimers({ now: DECEMBER_DRAW - 2 * SECOND });
    const { container } = renderInDom(page(DECEMBER_DRAW - DAY));
    advance(2 * SECOND);
    expect(container.textContent).toBe("2026-12-07T15:00:00.000Z 0d 0h 0m 0s live");
    expect(vi.getTimerCount(), "no tick is left once the draw has come").toBe(0);
    advance(60 * SECOND);
    expect(container.textContent).toBe("2026-12-07T15:00:00.000Z 0d 0h 0m 0s live");
  });

  it("targets the draw the visitor's clock expects, whatever the page was rendered for", () => {
    vi.useFakeTimers({ now: DECEMBER_DRAW + DAY });
    const { container } = renderInDom(page(DECEMBER_DRAW - DAY));
    expect(container.textContent).toContain(new Date(JANUARY_DRAW).toISOString());
    expect(container.textContent).toContain(`${Math.round((JANUARY_DRAW - DECEMBER_DRAW - DAY) / DAY)}d 0h 0m 0s live`);
  });

  it("stops ticking when the page goes away", () => {
    vi.useFakeTimers({ now: DECEMBER_DRAW - DAY });
    const { unmount } = renderInDom(page(DECEMBER_DRAW - DAY));
    expect(vi.getTimerCount()).toBe(1);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });

  it("tells every component on the page the same count", () => {
    vi.useFakeTimers({ now: DECEMBER_DRAW - 5 * SECOND });
    const { container } = renderInDom(
      <RenderInstantProvider value={{ at: DECEMBER_DRAW - DAY, signed: "" }}>
        <DrawClockProvider>
          <ShowCountdown />
          <ShowCountdown />
        </DrawClockProvider>
      </RenderInstantProvider>,
    );
    advance(SECOND);
    const [first, second] = container.querySelectorAll("output");
    expect(first!.textContent).toContain(" 4s live");
    expect(second!.textContent).toBe(first!.textContent);
  });

  it("refuses to count outside a provider", () => {
    expectConsoleError();
    expect(() => renderInDom(<ShowCountdown />)).toThrow("useDrawClock needs a DrawClockProvider above it");
  });
});
