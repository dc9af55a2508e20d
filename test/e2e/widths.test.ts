/**
 * Every page at every width from 320 to 1920 px (issues 11 and 19): no sideways scroll, a header on
 * one line (or the menu button), no button label over two lines, the hero composed for the
 * width, whole carousel cards, and no axe violation with the mobile menu closed or open.
 * Each page is loaded once per JavaScript setting and resized from width to width: the checks are
 * of CSS and of what the page does on a resize, and loading is the slow part (docs/testing.md).
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  axeViolations,
  gotoHydrated,
  openPage,
  SCREEN_WIDTHS,
  viewportOfWidth,
  type WatchedPage,
} from "../support/browser";
import { useSiteUnderTest } from "../support/site-under-test";

const site = useSiteUnderTest({ sheet: "ok" });

const PAGES = ["/", "/sorteos", "/encuesta", "/bases-y-condiciones", "/privacidad", "/contacto", "/no-existe"];
/** Pages that ship no script: with JavaScript on they are what they are without it. */
const PAGES_WITHOUT_SCRIPTS = ["/bases-y-condiciones", "/privacidad"];
const HYDRATED_PAGES = PAGES.filter((path) => !PAGES_WITHOUT_SCRIPTS.includes(path));
/** Each page without JavaScript, and the pages that ship none also in a browser that runs it. */
const AS_WITHOUT_JAVASCRIPT: [path: string, javaScript: "off" | "on"][] = [
  ...PAGES.map((path): [string, "off"] => [path, "off"]),
  ...PAGES_WITHOUT_SCRIPTS.map((path): [string, "on"] => [path, "on"]),
];

/** Tailwind's `md`: tablets and up see the desktop survey preview and three cards per view. */
const MD = 768;
/** Tailwind's `lg`: from here the header's links fit in the bar, and the hero sits side by side. */
const LG = 1024;

interface LayoutReport {
  overflow: number;
  /** Visible buttons whose label takes more than one line. */
  brokenLabels: string[];
  header: {
    menuButton: boolean;
    links: { text: string; lines: number; top: number; bottom: number; left: number; right: number }[];
  };
}

/** Measures in the page: text lines are counted from the boxes of each text node's line fragments. */
function measureLayout(page: Page): Promise<LayoutReport> {
  return page.evaluate(() => {
    const visible = (element: Element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== "hidden";
    };
    const lineCount = (element: Element) => {
      const bottoms: number[] = [];
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent?.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const rect of range.getClientRects()) {
          if (rect.width > 0 && !bottoms.some((bottom) => Math.abs(bottom - rect.bottom) < 4))
            bottoms.push(rect.bottom);
        }
      }
      return bottoms.length;
    };
    const label = (element: Element) => element.textContent?.replace(/\s+/g, " ").trim() ?? "";
    // Buttons and button-styled links; the explainer's step tabs are cards with a paragraph each.
    const controls = [...document.querySelectorAll('button:not([role="tab"]), [class*="btn-"]')].filter(
      (element) => visible(element) && label(element) !== "",
    );
    const bar = document.querySelector('[data-testid="site-header"] nav > div')!;
    const barLinks = [...bar.querySelectorAll("a")].filter(visible).slice(1); // the first is the logo
    const menuButton = bar.querySelector("button");
    return {
      overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      brokenLabels: controls.filter((element) => lineCount(element) > 1).map(label),
      header: {
        menuButton: menuButton !== null && visible(menuButton),
        links: barLinks.map((link) => {
          const box = link.getBoundingClientRect();
          return {
            text: label(link),
            lines: lineCount(link),
            top: box.top,
            bottom: box.bottom,
            left: box.left,
            right: box.right,
          };
        }),
      },
    };
  });
}

const HEADER_ITEMS = ["Cómo funciona", "Sorteos", "¿Por qué Opinion Labz?", "Contacto", "Empezar encuesta"];

function expectTidyLayout(report: LayoutReport, width: number) {
  expect(report.overflow, "horizontal scroll").toBe(0);
  expect(report.brokenLabels, "labels over two lines").toEqual([]);
  const { links, menuButton } = report.header;
  if (menuButton) {
    expect(links, "links in the bar beside the menu button").toEqual([]);
    return;
  }
  expect(width).toBeGreaterThanOrEqual(LG);
  expect(links.map((link) => link.text)).toEqual(HEADER_ITEMS);
  for (const link of links) {
    expect(link.lines, link.text).toBe(1);
    expect(link.top).toBeGreaterThanOrEqual(0);
    expect(link.bottom).toBeLessThanOrEqual(64);
  }
  for (let index = 1; index < links.length; index++)
    expect(links[index]!.left).toBeGreaterThan(links[index - 1]!.right);
}

async function heroComposition(page: Page) {
  return page.evaluate(() => {
    const box = (testId: string) => {
      const rect = document.querySelector(`[data-testid="${testId}"]`)!.getBoundingClientRect();
      return rect.width > 0 ? { left: rect.left, right: rect.right, top: rect.top, bottom: rect.bottom } : null;
    };
    const title = document.getElementById("inicio-titulo")!.getBoundingClientRect();
    return {
      viewportCentre: document.documentElement.clientWidth / 2,
      titleCentre: (title.left + title.right) / 2,
      text: box("hero-text")!,
      desktopPreview: box("hero-preview-desktop"),
      phonePreview: box("hero-preview-phone"),
    };
  });
}

function carouselSlides(page: Page) {
  return page.evaluate(() => {
    const viewport = document.querySelector('[data-testid="winners-viewport"]')!.getBoundingClientRect();
    const slides = [...document.querySelectorAll<HTMLElement>('[data-testid="winner-slide"]')].map((slide) => {
      const rect = slide.getBoundingClientRect();
      return { visible: slide.dataset.visible === "true", left: rect.left, right: rect.right };
    });
    return {
      viewport: { left: viewport.left, right: viewport.right },
      slides,
    };
  });
}

describe.each(HYDRATED_PAGES)("%s at every width, JavaScript on", (path) => {
  let watched: WatchedPage;
  beforeAll(async () => {
    // Reduced motion: nothing is mid-animation when axe and the measures look.
    watched = await openPage(site.browser, SCREEN_WIDTHS[0], { reducedMotion: "reduce", checkedByCaller: true });
    await gotoHydrated(watched.page, `${site.app.origin}${path}`);
  });
  afterAll(async () => {
    const unexpected = watched.unexpected();
    await watched.context.close();
    expect(unexpected).toEqual([]);
  });

  it.each(SCREEN_WIDTHS)("holds together at %i px, with no axe violation, menu closed or open", async (width) => {
    const { page } = watched;
    await page.setViewportSize(viewportOfWidth(width));
    const report = await measureLayout(page);
    expectTidyLayout(report, width);
    expect(await axeViolations(page), "axe").toEqual([]);

    if (report.header.menuButton) {
      await page.getByRole("button", { name: "Abrir menú" }).click();
      await page.locator("#menu-movil:not([hidden])").waitFor();
      expect((await measureLayout(page)).overflow, "overflow with the menu open").toBe(0);
      // The rest of the page has just been checked: what changed is the header.
      expect(await axeViolations(page, '[data-testid="site-header"]'), "axe with the menu open").toEqual([]);
      await page.getByRole("button", { name: "Cerrar menú" }).click();
      await page.locator("#menu-movil[hidden]").waitFor({ state: "attached" });
    }

    if (path !== "/") return;
    const hero = await heroComposition(page);
    if (width < MD) {
      expect(hero.phonePreview).not.toBeNull();
      expect(hero.desktopPreview).toBeNull();
    } else {
      expect(hero.desktopPreview).not.toBeNull();
      expect(hero.phonePreview).toBeNull();
      if (width < LG) {
        // Tablet: the text is centred above the preview, not a phone column left-aligned.
        expect(Math.abs(hero.titleCentre - hero.viewportCentre)).toBeLessThan(2);
        expect(hero.desktopPreview!.top).toBeGreaterThan(hero.text.bottom);
      } else {
        expect(hero.desktopPreview!.left).toBeGreaterThan(hero.text.right);
      }
    }

    await page.locator('[data-testid="winners-carousel"]').scrollIntoViewIfNeeded();
    // The carousel follows a resize in an effect: wait for the count this width calls for.
    const perView = width < MD ? 1 : 3;
    await page.locator(`[data-testid="winners-carousel"][data-per-view="${perView}"]`).waitFor();
    const carousel = await carouselSlides(page);
    expect(carousel.slides.filter((slide) => slide.visible)).toHaveLength(perView);
    for (const slide of carousel.slides) {
      const inside = slide.left >= carousel.viewport.left - 1 && slide.right <= carousel.viewport.right + 1;
      const outside = slide.right <= carousel.viewport.left + 1 || slide.left >= carousel.viewport.right - 1;
      // Whole cards on screen, the rest wholly off it: never a card cut by the edge.
      expect(slide.visible ? inside : outside).toBe(true);
    }
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
  });
});

describe("anchors below the header on a phone, JavaScript off and on", () => {
  it.each([320, 360, 390])("/bases-y-condiciones#premio lands below the header at %i px", async (width) => {
    for (const javaScriptEnabled of [false, true]) {
      const { page, context } = await openPage(site.browser, width, { javaScriptEnabled });
      await page.goto(`${site.app.origin}/bases-y-condiciones#premio`);
      const seen = await page.evaluate(() => ({
        header: document.querySelector('[data-testid="site-header"]')!.getBoundingClientRect().bottom,
        target: document.getElementById("premio")!.getBoundingClientRect().top,
      }));
      // Whole below the bar, and near it: the heading is what the reader sees first.
      expect(seen.header, `JavaScript ${javaScriptEnabled ? "on" : "off"}`).toBe(64);
      expect(seen.target).toBeGreaterThanOrEqual(seen.header);
      expect(seen.target).toBeLessThan(seen.header + 40);
      await context.close();
    }
  });
});

describe.each(AS_WITHOUT_JAVASCRIPT)("%s at every width as without JavaScript, JavaScript %s", (path, javaScript) => {
  let watched: WatchedPage;
  beforeAll(async () => {
    watched = await openPage(site.browser, SCREEN_WIDTHS[0], {
      javaScriptEnabled: javaScript === "on",
      checkedByCaller: true,
    });
    await watched.page.goto(`${site.app.origin}${path}`);
  });
  afterAll(async () => {
    // Without JavaScript the 404 page cannot log; its status is the only error expected.
    const unexpected = watched.unexpected().filter((problem) => !problem.includes("status of 404"));
    await watched.context.close();
    expect(unexpected).toEqual([]);
  });

  it.each(SCREEN_WIDTHS)("holds together at %i px", async (width) => {
    const { page } = watched;
    await page.setViewportSize(viewportOfWidth(width));
    const report = await measureLayout(page);
    expect(report.overflow, "horizontal scroll").toBe(0);
    expect(report.brokenLabels, "labels over two lines").toEqual([]);
    // Below lg the menu button opens natively: the header stays one opaque row, as tall as with JavaScript.
    if (width < LG) {
      const header = await page.evaluate(() => {
        const bar = document.querySelector('[data-testid="site-header"]')!;
        const alpha =
          getComputedStyle(bar)
            .backgroundColor.match(/[\d.]+/g)!
            .map(Number)[3] ?? 1;
        return { height: bar.getBoundingClientRect().height, alpha };
      });
      expect(header.height).toBe(64);
      expect(header.alpha).toBeGreaterThanOrEqual(0.85);
      const menu = page.locator(".menu-without-script");
      expect(await menu.isVisible()).toBe(true);
      expect(await page.locator(".menu-toggle").isVisible()).toBe(false);
      await menu.locator("summary").click();
      const links = page.locator("#menu-movil a");
      expect(await links.count()).toBe(5);
      const edges = await links.evaluateAll((all) =>
        all.map((link) => [
          link.getBoundingClientRect().left,
          link.getBoundingClientRect().right,
          link.getClientRects().length,
        ]),
      );
      for (const [left, right, lines] of edges) {
        expect(left).toBeGreaterThanOrEqual(0);
        expect(right).toBeLessThanOrEqual(width);
        expect(lines).toBe(1);
      }
      await menu.locator("summary").click();
    } else {
      expectTidyLayout(report, width);
    }
  });
});
