/**
 * A page rendered whole is painted before it asks for a single script, then hydrates
 * (docs/decisions/020-scripts-after-the-first-paint.md), in every case the starter
 * script must handle: a visible tab, a hidden one, a browser without paint timing, and
 * no JavaScript at all.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { hydrated, openPage } from "../support/browser";
import { useSiteUnderTest } from "../support/site-under-test";

const site = useSiteUnderTest();

/** Stored pages, the 404 rendered whole, and a mail link's page, made for its one request. */
const PAGES = ["/", "/sorteos", "/encuesta", "/no-existe", "/avisos/confirmar?t=abc"];

/** The 404 page's own status, which Chromium reports as a failed load. */
const expectProblems = /status of 404/;

/** When the first contentful paint happened, and when each of the app's scripts was asked for. */
function paintAndScriptTimes(page: Page) {
  return page.evaluate(() => ({
    firstPaint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null,
    scripts: performance
      .getEntriesByType("resource")
      .filter((entry) => new URL(entry.name).pathname.startsWith("/build/"))
      .map((entry) => ({ path: new URL(entry.name).pathname, start: entry.startTime })),
  }));
}

describe.each(PAGES)("%s", (path) => {
  it("asks for no script before its first contentful paint, and then hydrates", async () => {
    const { page, context } = await openPage(site.browser, "mobile", { expectProblems });
    await page.goto(`${site.app.origin}${path}`, { waitUntil: "load" });
    await hydrated(page);
    const { firstPaint, scripts } = await paintAndScriptTimes(page);
    expect(firstPaint).not.toBeNull();
    expect(scripts.map((script) => script.path)).toContainEqual(expect.stringMatching(/^\/build\/entry\.client-/));
    for (const script of scripts) expect(script.start, script.path).toBeGreaterThanOrEqual(firstPaint!);
    await context.close();
  });

  it("without JavaScript, asks for no script at all", async () => {
    const { page, context } = await openPage(site.browser, "mobile", { javaScriptEnabled: false, expectProblems });
    const requested: string[] = [];
    page.on("request", (request) => requested.push(new URL(request.url()).pathname));
    await page.goto(`${site.app.origin}${path}`, { waitUntil: "load" });
    expect(requested.filter((requestPath) => requestPath.startsWith("/build/"))).toEqual([]);
    await context.close();
  });
});

describe("the starter script", () => {
  it("starts at once in a hidden tab, which paints no frame", async () => {
    const { page, context } = await openPage(site.browser, "mobile");
    await page.addInitScript(() => {
      Object.defineProperty(document, "visibilityState", { get: () => "hidden" });
      Object.defineProperty(document, "hidden", { get: () => true });
      window.requestAnimationFrame = () => 0;
    });
    await page.goto(`${site.app.origin}/`, { waitUntil: "load" });
    await hydrated(page);
    await context.close();
  });

  it("starts at once in a browser without paint timing", async () => {
    const { page, context } = await openPage(site.browser, "mobile");
    await page.addInitScript(() => {
      performance.getEntriesByName = () => [];
      Object.defineProperty(PerformanceObserver, "supportedEntryTypes", { get: () => [] });
    });
    await page.goto(`${site.app.origin}/`, { waitUntil: "load" });
    await hydrated(page);
    await context.close();
  });
});
