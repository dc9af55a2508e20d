import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sheetPath, type SheetScenario } from "../mocks/handlers";
import { startSheetServer, type SheetServer } from "../mocks/sheet-server";
import { sampleParticipants } from "../mocks/sheets";
import { startAppServer, type AppServer } from "../support/app-server";
import {
  axeViolations,
  sharedBrowser,
  openPage,
  twoFramesLater,
  useSharedPage,
  VIEWPORTS,
  type ViewportName,
} from "../support/browser";
import { recordLayoutShifts } from "../support/layout-shifts";
import { sharedApp, type SharedApp } from "../support/shared-apps";

const SECTION_IDS = ["inicio", "diferencias", "como-funciona", "ganadores", "ultimos-ganadores", "cta", "contacto"];

let sheets: SheetServer;
let browser: Browser;
const apps: AppServer[] = [];

async function appFor(scenario: SheetScenario, env: Record<string, string> = {}): Promise<AppServer> {
  const app = await startAppServer({ PARTICIPANTS_CSV_URL: sheets.url(sheetPath(scenario)), ...env });
  apps.push(app);
  return app;
}

let app: SharedApp;

beforeAll(async () => {
  [sheets, app, browser] = await Promise.all([startSheetServer(), sharedApp("ok"), sharedBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await Promise.all(apps.map((server) => server.stop()));
  await sheets?.close();
});

/** The carousel measures the viewport in an effect, so this marks a hydrated page. */
async function waitForHydration(page: Page): Promise<void> {
  await page.locator("[data-testid=winners-carousel][data-per-view]").waitFor();
}

/**
 * Scrolls through the page as a reader would, so every reveal-on-scroll section has been seen:
 * each position stays for a rendered frame, when the observer looks at what intersects.
 */
async function scrollThrough(page: Page): Promise<void> {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0; y <= height; y += 300) {
    await page.evaluate((top) => window.scrollTo({ top, behavior: "instant" }), y);
    await twoFramesLater(page);
  }
  await page.waitForFunction(() => document.querySelectorAll('[data-reveal="pending"]').length === 0);
  // The reveal transitions end before anything measures colours or opacity.
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished)));
}

/** Elements that are fully transparent without being deliberately hidden (visibility: hidden). */
function stuckTransparent(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll("body *")]
      .filter((element) => {
        const style = getComputedStyle(element);
        return style.opacity === "0" && style.visibility !== "hidden";
      })
      .map((element) => `${element.tagName.toLowerCase()}#${element.id}.${element.className}`),
  );
}

const slides = (page: Page) => page.locator("[data-testid=winner-slide]");
const shownSlides = (page: Page) => page.locator("[data-testid=winner-slide]:not([aria-hidden])");

async function shownLabels(page: Page): Promise<string[]> {
  return shownSlides(page).evaluateAll((elements) =>
    elements.map((element) => element.getAttribute("aria-label") ?? ""),
  );
}

/** Labels of the slides whose box lies within the carousel viewport, i.e. what a sighted reader sees. */
async function onScreenLabels(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const viewport = document.querySelector("[data-testid=winners-viewport]")!.getBoundingClientRect();
    return [...document.querySelectorAll("[data-testid=winner-slide]")]
      .filter((slide) => {
        const box = slide.getBoundingClientRect();
        return box.left >= viewport.left - 1 && box.right <= viewport.right + 1;
      })
      .map((slide) => slide.getAttribute("aria-label") ?? "");
  });
}

function labelsFrom(start: number, perView: number): string[] {
  return Array.from({ length: perView }, (_, offset) => `${((start + offset) % 10) + 1} de 10`);
}

async function expectView(page: Page, start: number, perView: number): Promise<void> {
  const expected = labelsFrom(start, perView);
  await expect.poll(() => shownLabels(page)).toEqual(expected);
  await expect.poll(() => onScreenLabels(page)).toEqual(expected);
}

async function isInert(locator: Locator): Promise<boolean[]> {
  return locator.evaluateAll((elements) =>
    elements.map((element) => (element as HTMLElement & { inert: boolean }).inert),
  );
}

/** The sample sheet's newest participants, as the app reads the sheet: what the recent table must show. */
async function newestSampleRows(count: number): Promise<{ nombre: string; id: string }[]> {
  return (await sampleParticipants()).slice(0, count).map(({ nombre, id }) => ({ nombre, id }));
}

describe.each(Object.keys(VIEWPORTS) as ViewportName[])("home at %s", (viewport) => {
  const perView = viewport === "desktop" ? 3 : 1;
  // One page for the tests that each load their own document and read or click it, one for
  // those that watch the motion (docs/testing.md, "Speed"); a test that routes requests, holds
  // scripts or turns JavaScript off opens its own.
  const sharedPage = useSharedPage(() => browser, viewport);
  const sharedMovingPage = useSharedPage(() => browser, viewport, { reducedMotion: "no-preference" });

  it("renders every section in order, with no console problems, no axe violations and nothing left transparent", async () => {
    const { page, problems } = await sharedMovingPage();
    await page.goto(`${app.origin}/`);
    await waitForHydration(page);

    const ids = await page.evaluate(
      (wanted) =>
        [...document.querySelectorAll("[id]")].map((element) => element.id).filter((id) => wanted.includes(id)),
      SECTION_IDS,
    );
    expect(ids).toEqual(SECTION_IDS);
    // Nothing may widen the page sideways (on phones that zooms the whole layout out).
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(VIEWPORTS[viewport].width);

    await scrollThrough(page);
    expect(await stuckTransparent(page)).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });

  it("does not shift while it loads and hydrates, even with the carousel on screen", async () => {
    for (const anchor of ["", "#ganadores", "#como-funciona"]) {
      // A fresh page each time: a hash change alone would not load and hydrate again.
      const { page, context } = await openPage(browser, viewport, { reducedMotion: "no-preference" });
      const layoutShifts = await recordLayoutShifts(page);
      // Hold the scripts back until the server render is painted; a local load is otherwise
      // fast enough to hydrate before the first paint, and shifts before it do not count.
      await page.route("**/build/**/*.js", async (route) => {
        await page.waitForFunction(() => performance.getEntriesByName("first-contentful-paint").length > 0, undefined, {
          polling: 20,
        });
        await route.continue();
      });
      await page.goto(`${app.origin}/${anchor}`);
      await waitForHydration(page);
      expect(await layoutShifts(), anchor).toEqual([]);
      await context.close();
    }
  });

  it("hero: links to the survey and the explainer, and its preview stays out of reach of keyboards and screen readers", async () => {
    const { page } = await sharedPage();
    await page.goto(`${app.origin}/`);
    const hero = page.locator("#inicio");
    expect(await hero.getByRole("link", { name: "Empezar encuesta" }).getAttribute("href")).toBe("/encuesta");
    expect(await hero.getByRole("link", { name: "Ver cómo funciona" }).getAttribute("href")).toBe("#como-funciona");

    // The header's fixed 64 px must not cover the headline.
    const headlineTop = await hero.locator("h1").evaluate((element) => element.getBoundingClientRect().top);
    expect(headlineTop).toBeGreaterThanOrEqual(64);

    const preview = hero.locator("[aria-hidden=true]").filter({ hasText: "Pregunta 3 de 5" });
    expect(await preview.count()).toBe(1);
    const focusable = await preview.locator("a, button, input, select, textarea, [tabindex]").count();
    expect(focusable).toBe(0);
    // Exactly one variant (desktop or phone) is on screen at each width.
    const visibleQuestions = await preview
      .getByText("Pregunta 3 de 5")
      .evaluateAll((elements) => elements.filter((element) => (element as HTMLElement).offsetParent !== null).length);
    expect(visibleQuestions).toBe(1);
  });

  it("call to action leads to the survey; all winners are on /sorteos", async () => {
    const { page } = await sharedPage();
    await page.goto(`${app.origin}/`);
    await waitForHydration(page);
    expect(
      await page.locator("#cta").getByRole("link", { name: "Empezá ahora – Es gratis" }).getAttribute("href"),
    ).toBe("/encuesta");
    const allWinners = page.locator("#ganadores").getByRole("link", { name: "Ver todos los ganadores" });
    expect(await allWinners.getAttribute("href")).toBe("/sorteos#ganadores-anteriores");
    await allWinners.click();
    await page.waitForURL(`${app.origin}/sorteos#ganadores-anteriores`);
    await page.getByRole("heading", { level: 2, name: "Ganadores anteriores" }).waitFor();
  });

  it("header turns solid after scrolling more than 20 px", async () => {
    const { page } = await sharedPage();
    await page.goto(`${app.origin}/`);
    await waitForHydration(page);
    const header = page.locator("[data-testid=site-header]");
    expect(await header.getAttribute("data-scrolled")).toBe("false");
    await page.evaluate(() => window.scrollTo({ top: 20, behavior: "instant" }));
    await twoFramesLater(page);
    expect(await header.getAttribute("data-scrolled")).toBe("false");
    await page.evaluate(() => window.scrollTo({ top: 120, behavior: "instant" }));
    await expect.poll(() => header.getAttribute("data-scrolled")).toBe("true");
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
    await expect.poll(() => header.getAttribute("data-scrolled")).toBe("false");
  });

  it("explainer: step 1 by default, clicking and arrow keys switch the preview", async () => {
    const { page } = await sharedPage();
    await page.goto(`${app.origin}/`);
    await waitForHydration(page);
    const section = page.locator("#como-funciona");
    const tab = (name: string) => section.getByRole("tab", { name });
    const visiblePanel = section.getByRole("tabpanel");

    expect(await tab("Te invitamos").getAttribute("aria-selected")).toBe("true");
    expect(await visiblePanel.count()).toBe(1);
    expect(await visiblePanel.textContent()).toContain("Encuesta personalizada para vos");

    await tab("Respondés con libertad").click();
    await expect.poll(() => tab("Respondés con libertad").getAttribute("aria-selected")).toBe("true");
    expect(await tab("Te invitamos").getAttribute("aria-selected")).toBe("false");
    await expect.poll(() => visiblePanel.count()).toBe(1);
    const question = (await visiblePanel.textContent()) ?? "";
    expect(question).toContain("Pregunta 3 de 5");
    expect(question).toContain("60% completado");

    await tab("Participás del sistema").click();
    await expect.poll(() => visiblePanel.count()).toBe(1);
    expect(await visiblePanel.textContent()).toContain("+15 puntos ganados");
    expect(await visiblePanel.textContent()).toContain("sorteo mensual");

    // Tablist keyboard pattern: arrows move selection and focus, wrapping at the ends.
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => tab("Te invitamos").getAttribute("aria-selected")).toBe("true");
    expect(await tab("Te invitamos").evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press("ArrowLeft");
    await expect.poll(() => tab("Participás del sistema").getAttribute("aria-selected")).toBe("true");
  });

  it(`carousel shows ${perView} card(s) per view, loops with the arrows and hides the rest from assistive tech`, async () => {
    const { page } = await sharedMovingPage();
    await page.goto(`${app.origin}/`);
    await waitForHydration(page);
    const carousel = page.locator("[data-testid=winners-carousel]");
    await carousel.scrollIntoViewIfNeeded();
    expect(await carousel.getAttribute("aria-roledescription")).toBe("carousel");
    expect(await carousel.getAttribute("aria-label")).toBe("Ganadores anteriores");
    expect(await carousel.getAttribute("data-per-view")).toBe(String(perView));
    expect(await slides(page).count()).toBe(10);

    await expectView(page, 0, perView);
    expect(await isInert(shownSlides(page))).toEqual(Array(perView).fill(false));
    expect(await isInert(page.locator("[data-testid=winner-slide][aria-hidden=true]"))).toEqual(
      Array(10 - perView).fill(true),
    );

    const next = page.getByRole("button", { name: "Ganador siguiente" });
    const previous = page.getByRole("button", { name: "Ganador anterior" });
    await next.click();
    await expectView(page, 1, perView);
    await previous.click();
    await expectView(page, 0, perView);
    // Previous from the first winner goes to the last one.
    await previous.click();
    await expectView(page, 9, perView);
    // And next from the last goes back to the first.
    await next.click();
    await expectView(page, 0, perView);
  });

  it("carousel follows the left and right arrow keys once it has focus", async () => {
    const { page } = await sharedPage();
    await page.goto(`${app.origin}/`);
    await waitForHydration(page);
    await page.locator("[data-testid=winners-viewport]").focus();
    await page.keyboard.press("ArrowRight");
    await expectView(page, 1, perView);
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    await expectView(page, 9, perView);
    await page.keyboard.press("ArrowRight");
    await expectView(page, 0, perView);
  });

  it("without JavaScript every section is visible and readable, and the first winners show", async () => {
    // Warm the sheet cache, so the table is part of the first response rather than streamed in by script.
    await fetch(`${app.origin}/`).then((response) => response.text());
    const { page, context } = await openPage(browser, viewport, { javaScriptEnabled: false });
    await page.goto(`${app.origin}/`);
    for (const id of SECTION_IDS) {
      const box = await page.locator(`[id="${id}"]`).boundingBox();
      expect(box?.height ?? 0, id).toBeGreaterThan(0);
    }
    // The fixed header (taller here: its links show without the menu script) must not cover the hero.
    const headerBottom = await page
      .locator("[data-testid=site-header]")
      .evaluate((element) => element.getBoundingClientRect().bottom);
    const heroTop = await page
      .locator("#inicio p")
      .first()
      .evaluate((element) => element.getBoundingClientRect().top);
    expect(heroTop).toBeGreaterThanOrEqual(headerBottom);
    expect(await page.locator("[data-reveal]:not([data-reveal=''])").count()).toBe(0);
    expect(await stuckTransparent(page)).toEqual([]);
    expect(await onScreenLabels(page)).toEqual(labelsFrom(0, perView));
    expect(await page.locator("#como-funciona [role=tabpanel]:not(.invisible)").textContent()).toContain(
      "Encuesta personalizada para vos",
    );
    expect(await page.locator("[data-testid=participant-row]").count()).toBe(5);
    await context.close();
  });
});

describe("mobile-only behaviour", () => {
  const sharedPage = useSharedPage(() => browser, "mobile");

  it("opens and closes the menu; choosing a link closes it", async () => {
    const { page } = await sharedPage();
    await page.goto(`${app.origin}/`);
    await waitForHydration(page);
    const toggle = page.locator("button[aria-controls=menu-movil]");
    const menu = page.locator("#menu-movil");
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    expect(await menu.isVisible()).toBe(false);

    await toggle.click();
    await expect.poll(() => toggle.getAttribute("aria-expanded")).toBe("true");
    expect(await menu.isVisible()).toBe(true);
    expect(await toggle.getAttribute("aria-label")).toBe("Cerrar menú");
    // The close icon (an X) replaces the three bars.
    expect(await toggle.locator("path").evaluateAll((paths) => paths.map((path) => path.getAttribute("d")))).toEqual([
      "M6 6l12 12",
      "M18 6L6 18",
    ]);

    await toggle.click();
    await expect.poll(() => toggle.getAttribute("aria-expanded")).toBe("false");
    expect(await menu.isVisible()).toBe(false);

    await toggle.click();
    await menu.getByRole("link", { name: "Cómo funciona" }).click();
    await expect.poll(() => toggle.getAttribute("aria-expanded")).toBe("false");
    expect(await menu.isVisible()).toBe(false);
    await expect.poll(() => page.evaluate(() => window.location.hash)).toBe("#como-funciona");
  });

  it("swipes the carousel with touch, both ways, past the ends", async () => {
    const { page, context } = await openPage(browser, "mobile");
    await page.goto(`${app.origin}/`);
    await waitForHydration(page);
    const viewport = page.locator("[data-testid=winners-viewport]");
    await viewport.scrollIntoViewIfNeeded();
    const box = (await viewport.boundingBox())!;
    const y = box.y + box.height / 2;
    const cdp = await context.newCDPSession(page);
    const swipe = async (fromX: number, toX: number) => {
      await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x: fromX, y }] });
      for (let step = 1; step <= 5; step += 1) {
        const x = fromX + ((toX - fromX) * step) / 5;
        await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x, y }] });
      }
      await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    };

    await swipe(300, 120);
    await expectView(page, 1, 1);
    await swipe(100, 300);
    await swipe(100, 300);
    await expectView(page, 9, 1);
    // A short drag is not a swipe.
    await swipe(200, 180);
    await twoFramesLater(page);
    await expectView(page, 9, 1);
    await context.close();
  });
});

describe("recent participants", () => {
  const desktopPage = useSharedPage(() => browser, "desktop");
  const mobilePage = useSharedPage(() => browser, "mobile");

  it("lists the 5 newest participants, the sheet's last row first", async () => {
    const { page } = await desktopPage();
    await page.goto(`${app.origin}/`);
    const rows = page.locator("#ultimos-ganadores [data-testid=participant-row]");
    await expect.poll(() => rows.count()).toBe(5);
    const shown = await rows.evaluateAll((elements) =>
      elements.map((row) => {
        const cells = [...row.querySelectorAll("td")].map((cell) => cell.textContent ?? "");
        return { nombre: cells[0] ?? "", id: cells[2] ?? "" };
      }),
    );
    expect(shown).toEqual(await newestSampleRows(5));
    expect(
      await page
        .locator("#ultimos-ganadores")
        .getByRole("link", { name: "Ver todos los participantes" })
        .getAttribute("href"),
    ).toBe("/sorteos");
  });

  it("says so when the sheet has no participants", async () => {
    const empty = await appFor("header-only");
    const { page } = await mobilePage();
    await page.goto(`${empty.origin}/`);
    await page.locator("#ultimos-ganadores").getByText("No hay participantes registrados aún").waitFor();
    expect(await page.locator("[data-testid=participant-row]").count()).toBe(0);
  });

  it("shows the home error when the sheet fails", async () => {
    const failing = await appFor("500");
    const { page } = await mobilePage();
    await page.goto(`${failing.origin}/`);
    const alert = page.locator("#ultimos-ganadores [role=alert]");
    await alert.waitFor();
    expect(await alert.textContent()).toBe("No pudimos cargar los participantes recientes.");
  });

  it("shows 5 skeleton rows while the sheet is slow, with the rest of the page already there", async () => {
    const slow = await appFor("hang", { PARTICIPANTS_TIMEOUT_MS: "60000" });
    const { page } = await desktopPage();
    await page.goto(`${slow.origin}/`, { waitUntil: "commit" });
    const skeleton = page.locator("#ultimos-ganadores [data-testid=skeleton-row]");
    await skeleton.first().waitFor();
    expect(await skeleton.count()).toBe(5);
    await page.locator("#cta").waitFor();
    expect(await page.locator("[data-testid=participant-row]").count()).toBe(0);
  });
});
