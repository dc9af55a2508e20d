/** The shared header (docs/product.md, "Header") and reveal-on-scroll under reduced motion (docs/product.md, "Home"). */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { openPage, VIEWPORTS, type ViewportName, gotoHydrated, twoFramesLater } from "../support/browser";
import { useSiteUnderTest } from "../support/site-under-test";

const site = useSiteUnderTest();

const NAV_LINKS = ["Cómo funciona", "Sorteos", "¿Por qué Opinion Labz?", "Contacto", "Empezar encuesta"];

async function navTargets(page: Page): Promise<Record<string, string | null>> {
  const nav = page.getByRole("navigation", { name: "Principal" });
  const entries = await Promise.all(
    NAV_LINKS.map(
      async (name) => [name, await nav.getByRole("link", { name, exact: true }).getAttribute("href")] as const,
    ),
  );
  return Object.fromEntries(entries);
}

const headerBackground = (page: Page) =>
  page.locator('[data-testid="site-header"]').evaluate((header) => getComputedStyle(header).backgroundColor);

describe("navigation bar at desktop width", () => {
  it("links to the home anchors locally on / and through /#… from other pages, and Contacto to /contacto", async () => {
    const { page, context } = await openPage(site.browser, "desktop");
    await gotoHydrated(page, `${site.app.origin}/`);
    expect(await navTargets(page)).toEqual({
      "Cómo funciona": "#como-funciona",
      Sorteos: "/sorteos",
      "¿Por qué Opinion Labz?": "#diferencias",
      Contacto: "/contacto",
      "Empezar encuesta": "/encuesta",
    });
    for (const path of ["/sorteos", "/encuesta", "/contacto", "/privacidad"]) {
      await gotoHydrated(page, `${site.app.origin}${path}`);
      const targets = await navTargets(page);
      expect(targets["Cómo funciona"]).toBe("/#como-funciona");
      expect(targets["¿Por qué Opinion Labz?"]).toBe("/#diferencias");
      expect(targets.Contacto).toBe("/contacto");
    }
    await gotoHydrated(page, `${site.app.origin}/sorteos?q=ana`);
    await page.getByRole("navigation", { name: "Principal" }).getByRole("link", { name: "Contacto" }).click();
    await page.waitForURL(`${site.app.origin}/contacto`);
    await page.getByRole("heading", { level: 1, name: "Hablá con una persona" }).waitFor();
    await gotoHydrated(page, `${site.app.origin}/encuesta`);
    await page.getByRole("navigation", { name: "Principal" }).getByRole("link", { name: "Cómo funciona" }).click();
    await page.waitForURL(`${site.app.origin}/#como-funciona`);
    await expect
      .poll(() => page.evaluate(() => document.getElementById("como-funciona")!.getBoundingClientRect().top), {
        timeout: 5000,
      })
      .toBeLessThan(200);
    await context.close();
  });

  it("is grey and translucent on /sorteos whatever the scroll, transparent at the top elsewhere", async () => {
    const { page, context } = await openPage(site.browser, "desktop");
    await gotoHydrated(page, `${site.app.origin}/`);
    expect(await headerBackground(page)).toBe("rgba(0, 0, 0, 0)");
    await gotoHydrated(page, `${site.app.origin}/sorteos`);
    const atTop = await headerBackground(page);
    expect(atTop).toMatch(/^(rgba|oklab|color)\(/);
    expect(atTop).not.toBe("rgba(0, 0, 0, 0)");
    await page.mouse.wheel(0, 600);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(20);
    expect(await headerBackground(page)).toBe(atTop);
    await context.close();
  });
});

describe("footer", () => {
  it("shows this year and its four links on every page: the three pages, and winners at the home carousel", async () => {
    const { page, context } = await openPage(site.browser, "mobile");
    for (const path of ["/", "/sorteos", "/bases-y-condiciones", "/privacidad", "/contacto"]) {
      await gotoHydrated(page, `${site.app.origin}${path}`);
      const footer = page.locator("footer#contacto");
      expect(await footer.textContent()).toContain(`© ${new Date().getFullYear()} Opinion Labz`);
      const links = footer.getByRole("navigation", { name: "Pie de página" }).getByRole("link");
      const targets = await links.evaluateAll((anchors) =>
        anchors.map((anchor) => [anchor.textContent, anchor.getAttribute("href")]),
      );
      expect(targets).toEqual([
        ["Política de privacidad", "/privacidad"],
        ["Bases y condiciones", "/bases-y-condiciones"],
        ["Ver ganadores", path === "/" ? "#ganadores" : "/#ganadores"],
        ["Contacto", "/contacto"],
      ]);
    }
    // Followed with JavaScript on, a footer link is a client navigation to the page.
    await page.locator("footer").getByRole("link", { name: "Bases y condiciones" }).click();
    await page.waitForURL(`${site.app.origin}/bases-y-condiciones`);
    await page.getByRole("heading", { level: 1, name: "Bases y condiciones del sorteo mensual" }).waitFor();
    await context.close();
  });
});

describe.each(Object.keys(VIEWPORTS) as ViewportName[])("reveal on scroll at %s", (viewport) => {
  it("animates nothing and hides nothing when the visitor prefers reduced motion", async () => {
    const { page, context } = await openPage(site.browser, viewport, { reducedMotion: "reduce" });
    await gotoHydrated(page, `${site.app.origin}/`);
    // Past the point where the script would have marked sections: the page's effects have run
    // (the carousel has measured) and the observer has had a frame to report.
    await page.locator("[data-testid=winners-carousel][data-per-view]").waitFor();
    await twoFramesLater(page);
    expect(await page.locator('[data-reveal="pending"]').count()).toBe(0);
    const hidden = await page
      .locator("[data-reveal]")
      .evaluateAll((sections) => sections.filter((section) => getComputedStyle(section).opacity !== "1").length);
    expect(hidden).toBe(0);
    await context.close();
  });

  it("marks below-the-fold sections pending, then shows them once they scroll into view", async () => {
    const { page, context } = await openPage(site.browser, viewport, { reducedMotion: "no-preference" });
    await gotoHydrated(page, `${site.app.origin}/`);
    // The script marks them once it runs, an effect after hydration.
    await expect.poll(() => page.locator('[data-reveal="pending"]').count()).toBeGreaterThan(0);
    await page.locator("#cta").scrollIntoViewIfNeeded();
    await expect.poll(() => page.locator("#cta").getAttribute("data-reveal")).toBe("shown");
    await context.close();
  });

  it("never hides a section that is on screen when the script arrives", async () => {
    const { page, context } = await openPage(site.browser, viewport, { reducedMotion: "no-preference" });
    // Tall enough that the first sections after the hero are on screen from the start.
    await page.setViewportSize({ width: VIEWPORTS[viewport].width, height: 2400 });
    await page.addInitScript(() => {
      const everPending = new Set<string>();
      (window as unknown as { everPending: Set<string> }).everPending = everPending;
      new MutationObserver((mutations) => {
        for (const { target } of mutations) {
          if (target instanceof Element && target.getAttribute("data-reveal") === "pending")
            everPending.add(target.id || target.className);
        }
      }).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-reveal"] });
    });
    await gotoHydrated(page, `${site.app.origin}/`);
    await expect.poll(() => page.locator('[data-reveal="pending"]').count()).toBeGreaterThan(0);
    const { onScreen, pending } = await page.evaluate(() => {
      const sections = [...document.querySelectorAll("[data-reveal]")].map((section) => ({
        name: section.id || section.className,
        onScreen: section.getBoundingClientRect().top < window.innerHeight,
      }));
      const everPending = (window as unknown as { everPending: Set<string> }).everPending;
      return {
        onScreen: sections.filter((section) => section.onScreen).map((section) => section.name),
        pending: sections.filter((section) => everPending.has(section.name)).map((section) => section.name),
      };
    });
    expect(onScreen.length).toBeGreaterThan(0);
    for (const name of onScreen) expect(pending, name).not.toContain(name);
    await context.close();
  });
});
