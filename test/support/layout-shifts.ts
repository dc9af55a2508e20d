import type { Page } from "playwright-core";
import { hydrated, twoFramesLater } from "./browser";

/**
 * Starts recording the page's layout shifts (those not caused by input) before it loads.
 * Each shift is described by the elements that moved and their boxes before → after, so a
 * failing test says what moved rather than only by how much. The returned function reads
 * them once the page has loaded, hydrated, laid out its fonts and painted two more frames:
 * what hydration's effects move is on screen by then, and the observer's queue is flushed.
 */
export async function recordLayoutShifts(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    interface ShiftSource {
      node?: Node;
      previousRect: DOMRectReadOnly;
      currentRect: DOMRectReadOnly;
    }
    interface LayoutShift extends PerformanceEntry {
      value: number;
      hadRecentInput: boolean;
      sources: ShiftSource[];
    }
    const box = (rect: DOMRectReadOnly) => [rect.x, rect.y, rect.width, rect.height].map(Math.round).join(",");
    const describe = (node?: Node) => {
      if (!(node instanceof Element)) return node?.nodeName ?? "?";
      const text = (node.textContent ?? "").trim().slice(0, 40);
      return `${node.tagName.toLowerCase()}.${[...node.classList].slice(0, 4).join(".")} «${text}»`;
    };
    const shifts: string[] = [];
    const record = (entries: PerformanceEntryList) => {
      for (const entry of entries as LayoutShift[]) {
        if (entry.hadRecentInput) continue;
        const moved = entry.sources.map(
          (source) => `${describe(source.node)} ${box(source.previousRect)} → ${box(source.currentRect)}`,
        );
        shifts.push(`${entry.value.toFixed(4)} at ${Math.round(entry.startTime)} ms: ${moved.join("; ")}`);
      }
    };
    const observer = new PerformanceObserver((list) => record(list.getEntries()));
    observer.observe({ type: "layout-shift", buffered: true });
    const recordedLayoutShifts = () => {
      record(observer.takeRecords());
      return shifts;
    };
    Object.assign(window, { recordedLayoutShifts });
  });
  return async () => {
    await page.waitForLoadState("load");
    await hydrated(page);
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    await twoFramesLater(page);
    return page.evaluate(() => (window as unknown as { recordedLayoutShifts: () => string[] }).recordedLayoutShifts());
  };
}
