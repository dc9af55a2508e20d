/**
 * Promises of docs/product.md, "Sorteos", over time: the last-updated text counts from the
 * server's fetch, typing searches once per pause, a slow sheet shows the page's 10 skeleton
 * rows, and the error box goes away by itself once the sheet recovers. Time in the page is
 * Playwright's fake clock; the sheet is held or switched by the test, never raced.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { PAGE_SIZE } from "~/lib/participants/pagination";
import { flakySheet, holdSlowSheet, sheetPath, type SheetScenario } from "../mocks/handlers";
import { startSheetServer, type SheetServer } from "../mocks/sheet-server";
import { sampleParticipants } from "../mocks/sheets";
import { startAppServer, type AppServer } from "../support/app-server";
import { hydrated, sharedBrowser, openPage, gotoHydrated } from "../support/browser";
import type { Browser } from "playwright-core";

/** Open pages reload their data every 5 minutes (docs/product.md, "Revalidation"). */
const FIVE_MINUTES = 5 * 60 * 1000;

const ERROR_TITLE = "Error al cargar participantes";
const NEWEST = (await sampleParticipants())[0]!.nombre;

let sheets: SheetServer;
let browser: Browser;
const apps: AppServer[] = [];

beforeAll(async () => {
  [sheets, browser] = await Promise.all([startSheetServer(), sharedBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await Promise.all(apps.map((app) => app.stop()));
  await sheets?.close();
});

async function appOn(scenario: SheetScenario, options: { movableClock?: boolean } = {}): Promise<AppServer> {
  const app = await startAppServer({ PARTICIPANTS_CSV_URL: sheets.url(sheetPath(scenario)) }, options);
  apps.push(app);
  return app;
}

/** Remix's data requests for /sorteos from now on: one per navigation the search makes. */
function listingRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    // The router names the routes it asks for (never the root, whose data never changes).
    url.searchParams.delete("_routes");
    if (url.pathname === "/sorteos.data") urls.push(url.search);
  });
  return urls;
}

describe("the last-updated text", () => {
  it("counts from the time the server fetched the sheet, not from when the page loaded", async () => {
    const app = await appOn("ok");
    await fetch(`${app.origin}/sorteos`).then((response) => response.text());
    const health = (await (await fetch(`${app.origin}/healthz`)).json()) as { participants: { fetchedAt: string } };
    const fetchedAt = Date.parse(health.participants.fetchedAt);

    // The visitor opens the page three minutes after the server fetched the sheet.
    const { page, context, problems } = await openPage(browser, "desktop");
    await page.clock.install({ time: fetchedAt + 3 * 60_000 + 10_000 });
    await gotoHydrated(page, `${app.origin}/sorteos`);
    await hydrated(page);
    const lastUpdated = page.locator('[data-testid="last-updated"]');
    await expect.poll(() => lastUpdated.textContent()).toContain("hace 3 minutos");
    await page.clock.runFor(60_000);
    await expect.poll(() => lastUpdated.textContent()).toContain("hace 4 minutos");
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("typing in the search", () => {
  it("updates the URL once per pause, not once per key", async () => {
    const app = await appOn("ok");
    const { page, context, problems } = await openPage(browser, "desktop");
    await page.clock.install();
    await gotoHydrated(page, `${app.origin}/sorteos`);
    await hydrated(page);
    // Installed, the fake clock still runs at the real pace; paused, only the test moves it,
    // so a slow machine cannot stretch the gap between two keys past the debounce. (Paused
    // a little ahead: a pause in the clock's past is refused.)
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 10_000);
    const requests = listingRequests(page);
    const urls: string[] = [];
    page.on("framenavigated", (frame) => {
      if (frame === page.mainFrame()) urls.push(frame.url());
    });
    const search = page.getByRole("searchbox", { name: "Buscar participantes por nombre o ID" });

    // Five keys, 100 ms apart (a person typing), then a pause.
    for (const key of "LUCIA") {
      await search.press(key);
      await page.clock.runFor(100);
    }
    expect(requests).toEqual([]);
    await page.clock.runFor(1000);
    await page.waitForURL((url) => url.search === "?q=LUCIA");
    await expect.poll(() => requests.length).toBe(1);

    // A second burst after the pause: one more update, for the whole burst.
    await search.press("Backspace");
    await page.clock.runFor(100);
    await search.press("Backspace");
    await page.clock.runFor(1000);
    await page.waitForURL((url) => url.search === "?q=LUC");
    await expect.poll(() => requests.length).toBe(2);
    await page.clock.runFor(5000);
    expect(requests).toEqual(["?q=LUCIA", "?q=LUC"]);
    expect(urls.filter((url) => url.includes("?q="))).toHaveLength(2);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("a slow sheet", () => {
  it("shows a page's worth (10) of skeleton rows until the rows arrive", async () => {
    const sheet = holdSlowSheet();
    onTestFinished(sheet.restore);
    const app = await appOn("slow");
    const { page, context, problems } = await openPage(browser, "desktop");
    await page.goto(`${app.origin}/sorteos`, { waitUntil: "commit" });
    const skeletonRows = page.locator('[data-testid="skeleton-row"]');
    await expect.poll(() => skeletonRows.count(), { timeout: 30_000 }).toBe(PAGE_SIZE);
    expect(await page.locator('[data-testid="participant-row"]').count()).toBe(0);

    sheet.release();
    // React streams the rows in hidden, then swaps them for the skeleton.
    await expect.poll(() => skeletonRows.count(), { timeout: 30_000 }).toBe(0);
    const rows = page.locator('[data-testid="participant-row"]');
    expect(await rows.count()).toBe(PAGE_SIZE);
    expect(await rows.first().textContent()).toContain(NEWEST);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("a sheet that fails, then recovers", () => {
  it("clears the error box by itself: for new visitors, and on a page left open", async () => {
    flakySheet.failing = true;
    onTestFinished(() => {
      flakySheet.failing = false;
    });
    const app = await appOn("flaky", { movableClock: true });

    const failingHtml = await (await fetch(`${app.origin}/sorteos`)).text();
    expect(failingHtml).toContain(ERROR_TITLE);
    expect(failingHtml).toContain("Error al cargar datos: 500");

    const { page, context, problems } = await openPage(browser, "desktop");
    await page.clock.install();
    await gotoHydrated(page, `${app.origin}/sorteos`);
    await hydrated(page);
    const errorBox = page.getByRole("alert").filter({ hasText: ERROR_TITLE });
    expect(await errorBox.count()).toBe(1);
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = "same document"));

    flakySheet.failing = false;
    // HTTP: once the remembered failure (15 s) has passed, the next visitor gets the rows.
    await app.advanceClock(15_000);
    await expect.poll(async () => (await fetch(`${app.origin}/sorteos`)).text(), { timeout: 5_000 }).toContain(NEWEST);

    // Browser: the open page revalidates on its own and the box goes, without a reload.
    await page.clock.runFor(FIVE_MINUTES + 1000);
    await expect.poll(() => errorBox.count(), { timeout: 30_000 }).toBe(0);
    await expect.poll(() => page.locator('[data-testid="participant-row"]').count()).toBe(PAGE_SIZE);
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe("same document");
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);
});
