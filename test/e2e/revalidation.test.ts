/**
 * docs/product.md, "Revalidation": the client revalidates every 5 minutes while the tab is visible, at once when
 * a hidden tab comes back with data older than that, and the last-updated text ticks.
 * The page's clock is Playwright's fake clock, so minutes pass in milliseconds.
 */
import type { Page, Request } from "playwright-core";
import { describe, expect, it } from "vitest";
import { openPage, gotoHydrated, hydrated } from "../support/browser";
import { useSiteWithOwnApp } from "../support/site-under-test";

/** Open pages reload their data every 5 minutes (docs/product.md, "Revalidation"). */
const FIVE_MINUTES = 5 * 60 * 1000;

// Its own app: the tests read its access log.
const site = useSiteWithOwnApp();

/** Remix's single-fetch data requests (`/sorteos.data`, `/_root.data`, …) the page makes from now on. */
function countDataRequests(page: Page): () => number {
  let count = 0;
  page.on("request", (request: Request) => {
    if (new URL(request.url()).pathname.endsWith(".data")) count += 1;
  });
  return () => count;
}

/**
 * An installed fake clock still runs at the real pace; paused, only the test moves it.
 * It pauses a little ahead: a pause in the clock's past is refused, and on a busy machine
 * the clock moves on between reading it and pausing it.
 */
async function pauseClock(page: Page) {
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 10_000);
}

async function setVisibility(page: Page, state: "hidden" | "visible") {
  await page.evaluate((value) => {
    Object.defineProperty(document, "visibilityState", { configurable: true, get: () => value });
    document.dispatchEvent(new Event("visibilitychange"));
  }, state);
}

describe("revalidation and the last-updated text", () => {
  it("reloads the data every 5 minutes while visible, never while hidden", async () => {
    const { page, context, problems } = await openPage(site.browser, "desktop");
    await page.clock.install();
    await gotoHydrated(page, `${site.app.origin}/sorteos`);
    await pauseClock(page);
    const dataRequests = countDataRequests(page);

    // The margins cover the real time that passed between hydration and the pause.
    await page.clock.runFor(FIVE_MINUTES - 30_000);
    expect(dataRequests()).toBe(0);
    await page.clock.runFor(60_000);
    await expect.poll(dataRequests).toBe(1);

    await setVisibility(page, "hidden");
    await page.clock.runFor(3 * FIVE_MINUTES);
    expect(dataRequests()).toBe(1);

    // Back after a long absence: reloaded at once, not at the next tick.
    await setVisibility(page, "visible");
    await expect.poll(dataRequests).toBe(2);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("does not reload when a tab comes back within 5 minutes", async () => {
    const { page, context } = await openPage(site.browser, "mobile");
    await page.clock.install();
    await gotoHydrated(page, `${site.app.origin}/`);
    const dataRequests = countDataRequests(page);
    await setVisibility(page, "hidden");
    await page.clock.runFor(60_000);
    await setVisibility(page, "visible");
    await page.clock.runFor(1000);
    expect(dataRequests()).toBe(0);
    await context.close();
  });

  it("ticks the last-updated text without reloading", async () => {
    const { page, context } = await openPage(site.browser, "desktop");
    await gotoHydrated(page, `${site.app.origin}/sorteos`);
    // The page's clock starts 10 s after the server's fetch, however long ago that really was.
    const health = (await (await page.request.get(`${site.app.origin}/healthz`)).json()) as {
      participants: { fetchedAt: string };
    };
    await page.clock.install({ time: Date.parse(health.participants.fetchedAt) + 10_000 });
    await page.reload();
    await hydrated(page);
    await pauseClock(page);
    const lastUpdated = page.locator('[data-testid="last-updated"]');
    await expect.poll(() => lastUpdated.textContent()).toContain("hace menos de 1 minuto");
    await page.clock.runFor(2 * 60_000 + 20_000);
    await expect.poll(() => lastUpdated.textContent()).toContain("hace 2 minutos");
    await context.close();
  });
});

describe("revalidating what has not changed", () => {
  /** How often the server answered `GET path` with `status`, from remix-serve's access log. */
  /** Answers to `path`, whatever its query (the router names the routes it revalidates: `?_routes=`). */
  const answered = (path: string, status: number) =>
    site.app
      .output()
      .split("\n")
      .filter((line) => new RegExp(`^GET ${path.replaceAll(".", "\\.")}(\\?\\S*)? ${status} `).test(line)).length;

  it("costs a 304 without a body: a reload, and the data of every revalidation after the first", async () => {
    const { page, context, problems } = await openPage(site.browser, "desktop");
    // On a fresh server the first answer may stream (no-store); the reload is the stored page.
    await gotoHydrated(page, `${site.app.origin}/sorteos`);
    await page.reload();
    await hydrated(page);
    const pages304 = answered("/sorteos", 304);
    await page.reload();
    await hydrated(page);
    await expect.poll(() => answered("/sorteos", 304), { timeout: 10_000 }).toBe(pages304 + 1);

    await page.waitForFunction(() => "__remixRouter" in window);
    const data304 = answered("/sorteos.data", 304);
    const revalidate = () =>
      page.evaluate(() =>
        (window as unknown as { __remixRouter: { revalidate: () => Promise<void> } }).__remixRouter.revalidate(),
      );
    // The first fills the browser's cache (the page's own data came inline); later ones ask with
    // its ETag. Which of them goes out conditional is the browser's business (a request that
    // starts while the entry is still being written bypasses it), so ask until two have.
    for (let asked = 0; asked < 8 && answered("/sorteos.data", 304) < data304 + 2; asked++) {
      await revalidate();
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    await expect.poll(() => answered("/sorteos.data", 304), { timeout: 10_000 }).toBeGreaterThanOrEqual(data304 + 2);
    expect(problems).toEqual([]);
    await context.close();
  });
});
