import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatLastUpdated } from "~/lib/participants/format";
import { splitCountdown } from "~/lib/draw/countdown";
import { nextDrawAt } from "~/lib/draw/next-draw";
import { sheetPath } from "../mocks/handlers";
import { startSheetServer, type SheetServer } from "../mocks/sheet-server";
import { startAppServer, type AppServer } from "../support/app-server";
import {
  axeViolations,
  sharedBrowser,
  openPage,
  VIEWPORTS,
  type ViewportName,
  gotoHydrated,
  hydrated,
  useSharedPage,
} from "../support/browser";
import { sharedApp, type SharedApp } from "../support/shared-apps";

let sheets: SheetServer;
let app: SharedApp;
let largeApp: AppServer;
let failingApp: AppServer;
let browser: Browser;

beforeAll(async () => {
  sheets = await startSheetServer();
  [app, largeApp, failingApp, browser] = await Promise.all([
    sharedApp("ok"),
    startAppServer({ PARTICIPANTS_CSV_URL: sheets.url(sheetPath("large")) }),
    startAppServer({ PARTICIPANTS_CSV_URL: sheets.url(sheetPath("500")) }),
    sharedBrowser(),
  ]);
  await sheetLoaded(largeApp);
}, 180_000);

/**
 * Loads the 100,000-row sheet before any test looks at it: on a busy machine that can take
 * longer than Remix lets one page wait for its data (10 s).
 */
async function sheetLoaded(site: AppServer): Promise<void> {
  void fetch(`${site.origin}/sorteos`).then(
    (response) => response.text(),
    () => "",
  );
  // 1.7 s on a quiet machine (2026-11-28); missed once under a browser-only run's load, so a
  // miss says what the server last knew of the sheet.
  const deadline = Date.now() + 150_000;
  for (;;) {
    const { participants } = (await (await fetch(`${site.origin}/healthz`)).json()) as {
      participants: { count: number };
    };
    if (participants.count > 0) return;
    if (Date.now() > deadline) {
      throw new Error(`the large sheet did not load within 150 s; /healthz: ${JSON.stringify(participants)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
afterAll(async () => {
  await browser?.close();
  await Promise.all([largeApp, failingApp].map((server) => server?.stop()));
  await sheets?.close();
});

const rowNames = (page: Page) => page.locator('[data-testid="participant-row"] td:first-child').allTextContents();
const countLine = (page: Page) => page.locator('[data-testid="count-line"]').textContent();
const daysLeftAt = (instant: number) => splitCountdown(nextDrawAt(instant).getTime() - instant).days;
const search = (page: Page) => page.getByRole("searchbox", { name: "Buscar participantes por nombre o ID" });

describe.each(Object.keys(VIEWPORTS) as ViewportName[])("/sorteos participants at %s", (viewport) => {
  // One page with JavaScript for the tests that load their own /sorteos into it.
  const withJavaScript = useSharedPage(() => browser, viewport);

  it("shows stats, 10 newest rows, at most 5 page links and the last update, with no console problems or axe violations", async () => {
    const { page, problems } = await withJavaScript();
    // Days to the next draw counted just before and just after the visit (a day may turn meanwhile).
    const daysLeftBefore = daysLeftAt(Date.now());
    await gotoHydrated(page, `${app.origin}/sorteos`);
    const daysLeftAfter = daysLeftAt(Date.now());
    expect(await page.locator('[data-testid="stat-participants"]').textContent()).toBe("30");
    expect(await page.locator('[data-testid="stat-countries"]').textContent()).toBe("8");
    const days = await page.locator('[data-testid="stat-days"]').textContent();
    expect(days).toMatch(/^\d{1,2}$/);
    expect([daysLeftBefore, daysLeftAfter]).toContain(Number(days));
    expect((await rowNames(page)).slice(0, 2)).toEqual(["Micaela G.", "Bruno S."]);
    expect(await rowNames(page)).toHaveLength(10);
    expect(await countLine(page)).toBe("Mostrando 1–10 de 30 participantes");
    // Counted from the server's fetch; on a slow machine that may already be a minute or more ago.
    const { participants } = (await (await fetch(`${app.origin}/healthz`)).json()) as {
      participants: { fetchedAt: string };
    };
    const fetchedAt = Date.parse(participants.fetchedAt);
    const lastUpdated = await page.locator('[data-testid="last-updated"]').textContent();
    expect(
      [Date.now(), Date.now() - 60_000].map((now) => `Última actualización: ${formatLastUpdated(fetchedAt, now)}`),
    ).toContain(lastUpdated);
    expect(await search(page).getAttribute("placeholder")).toBe("Buscar por nombre o ID...");
    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });

  it("typing narrows the rows and replaces the URL without a full reload, starting again at page 1", async () => {
    const { page, problems } = await withJavaScript();
    await gotoHydrated(page, `${app.origin}/sorteos?page=2`);
    expect(await countLine(page)).toBe("Mostrando 11–20 de 30 participantes");
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = "same document"));
    const historyLength = await page.evaluate(() => history.length);

    await search(page).pressSequentially("LUCIA", { delay: 40 });
    await page.waitForURL((url) => url.search === "?q=LUCIA");
    await expect.poll(() => rowNames(page)).toEqual(["Lucía P."]);
    expect(await countLine(page)).toBe("1 participante coincide con tu búsqueda · mostrando 1–1");
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe("same document");
    expect(await page.evaluate(() => history.length)).toBe(historyLength);
    expect(problems).toEqual([]);
  });

  it("says so when nothing matches, in the count line and in the table", async () => {
    const { page } = await withJavaScript();
    await gotoHydrated(page, `${app.origin}/sorteos`);
    await search(page).fill("zzz-nadie");
    await page.waitForURL((url) => url.searchParams.get("q") === "zzz-nadie");
    await expect.poll(() => countLine(page)).toBe("No se encontraron participantes");
    expect(await page.locator("tbody").textContent()).toBe("No se encontraron participantes con ese criterio");
  });

  it("pages with links that keep the search, and a reload keeps the state", async () => {
    const { page } = await withJavaScript();
    await gotoHydrated(page, `${app.origin}/sorteos?q=a`);
    const firstPage = await rowNames(page);
    await page.getByRole("link", { name: "Página 2" }).click();
    await page.waitForURL((url) => url.search === "?q=a&page=2");
    await expect.poll(() => rowNames(page)).not.toEqual(firstPage);
    const secondPage = await rowNames(page);
    expect(await page.getByRole("link", { name: "Página 2" }).getAttribute("aria-current")).toBe("page");
    await page.reload();
    await hydrated(page);
    expect(await rowNames(page)).toEqual(secondPage);
    expect(await search(page).inputValue()).toBe("a");
  });

  it("searches and pages with JavaScript off", async () => {
    const { page, context } = await openPage(browser, viewport, { javaScriptEnabled: false });
    await page.goto(`${app.origin}/sorteos`);
    await search(page).fill("ol-2403");
    await search(page).press("Enter");
    await page.waitForURL((url) => url.searchParams.get("q") === "ol-2403");
    expect(await rowNames(page)).toEqual(["Micaela G.", "Bruno S.", "Carolina M.", "Ignacio L."]);
    await page.goto(`${app.origin}/sorteos?page=3`);
    expect(await countLine(page)).toBe("Mostrando 21–30 de 30 participantes");
    await context.close();
  });
});

describe("days remaining", () => {
  const daysShown = async (page: Page) => ({
    countdown: Number(await page.locator('[data-unit="days"]').textContent()),
    tile: Number(await page.locator('[data-testid="stat-days"]').textContent()),
  });

  it("matches the countdown's days, both counted to the same draw", async () => {
    const { page, context } = await openPage(browser, "desktop");
    // 22 November 2026, 11:00 in Buenos Aires: 15 days and an hour before the 7 December draw.
    await page.clock.install({ time: new Date("2026-11-22T14:00:00Z") });
    await gotoHydrated(page, `${app.origin}/sorteos`);
    await page.locator('[data-testid="countdown"][data-ready="true"]').waitFor();
    // The tile sits in the participants' own Suspense boundary, which may hydrate a moment after
    // the countdown's: until then it shows the server's count.
    await expect.poll(() => daysShown(page)).toEqual({ countdown: 15, tile: 15 });
    await context.close();
  });

  it("ticks from mount while the participants are still streaming, without React giving up hydration", async () => {
    // The sheet never answers: the page streams its shell and the participants arrive (as an
    // error) only when the server's time limit runs out, long after the countdown started.
    const slowApp = await startAppServer({
      PARTICIPANTS_CSV_URL: sheets.url(sheetPath("hang")),
      PARTICIPANTS_TIMEOUT_MS: "8000",
    });
    try {
      const { page, context, problems } = await openPage(browser, "mobile");
      // A visitor's clock 40 days ahead: the count changes the moment it starts.
      await page.clock.install({ time: Date.now() + 40 * 86_400_000 });
      await page.goto(`${slowApp.origin}/sorteos`);
      await page.locator('[data-testid="countdown"][data-ready="true"]').waitFor();
      await page.getByText("Error al cargar participantes").waitFor({ timeout: 15_000 });
      expect(await daysShown(page)).toEqual({ countdown: expect.any(Number), tile: (await daysShown(page)).countdown });
      expect(problems).toEqual([]);
      await context.close();
    } finally {
      await slowApp.stop();
    }
  });

  it("stays equal in a tab left open across a draw: both stop at 0", async () => {
    const { page, context, problems } = await openPage(browser, "desktop");
    // Opened a quarter of an hour before the draw: room for a slow page load on a busy machine.
    await page.clock.install({ time: new Date("2026-12-07T14:45:00Z") });
    await gotoHydrated(page, `${app.origin}/sorteos`);
    await page.locator('[data-testid="countdown"][data-ready="true"]').waitFor();
    await page.clock.pauseAt(new Date("2026-12-07T14:59:50Z"));
    expect(await daysShown(page)).toEqual({ countdown: 0, tile: 0 });
    // A minute past the draw, the next one is 28 days away; the open tab still counts to this one.
    await page.clock.runFor(70_000);
    expect(await daysShown(page)).toEqual({ countdown: 0, tile: 0 });
    expect(await page.locator('[data-unit="seconds"]').textContent()).toBe("00");
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("/sorteos with a large sheet and with a failing sheet", () => {
  const desktop = useSharedPage(() => browser, "desktop");

  it("shows at most 5 numbered page links around the current page", async () => {
    const { page } = await desktop();
    await gotoHydrated(page, `${largeApp.origin}/sorteos?page=500`);
    const links = await page
      .getByRole("navigation", { name: "Páginas de participantes" })
      .getByRole("link", { name: /^Página/ })
      .allTextContents();
    expect(links).toEqual(["498", "499", "500", "501", "502"]);
    expect(await page.locator('[data-testid="stat-participants"]').textContent()).toBe("100.000");
  });

  it("clamps a page past the end to the last page", async () => {
    const { page } = await desktop();
    await gotoHydrated(page, `${largeApp.origin}/sorteos?page=99999999`);
    expect(await countLine(page)).toBe("Mostrando 99.991–100.000 de 100.000 participantes");
  });

  it("shows the error box with the spec's texts when there is no data", async () => {
    const { page, context } = await openPage(browser, "mobile");
    await gotoHydrated(page, `${failingApp.origin}/sorteos`);
    const alert = page.getByRole("alert");
    expect(await alert.textContent()).toBe(
      "Error al cargar participantesError al cargar datos: 500Los datos se actualizarán automáticamente en unos minutos.",
    );
    expect(await page.locator('[data-testid="last-updated"]').textContent()).toContain("nunca");
    // Nothing is known about the participants, so nothing is claimed: no zero counts, no empty table.
    expect(await page.locator('[data-testid="stat-participants"]').textContent()).toBe("—");
    expect(await page.locator('[data-testid="stat-countries"]').textContent()).toBe("—");
    expect(await page.locator("#participantes table").count()).toBe(0);
    expect(await page.getByText("No hay participantes registrados aún").count()).toBe(0);
    await context.close();
  });
});
