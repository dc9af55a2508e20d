/** The shared header (docs/product.md, "Header") and reveal-on-scroll under reduced motion (docs/product.md, "Home"). */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { openPage, VIEWPORTS, type ViewportName } from "../support/browser";
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
  it("links to the home anchors locally on / and through /#… from other pages; Contacto stays on the page", async () => {
    const { page, context } = await openPage(site.browser, "desktop");
    await page.goto(`${site.app.origin}/`, { waitUntil: "networkidle" });
    expect(await navTargets(page)).toEqual({
      "Cómo funciona": "#como-funciona",
      Sorteos: "/sorteos",
      "¿Por qué Opinion Labz?": "#diferencias",
      Contacto: "#contacto",
      "Empezar encuesta": "/encuesta",
    });
    for (const path of ["/sorteos", "/encuesta"]) {
      await page.goto(`${site.app.origin}${path}`, { waitUntil: "networkidle" });
      const targets = await navTargets(page);
      expect(targets["Cómo funciona"]).toBe("/#como-funciona");
      expect(targets["¿Por qué Opinion Labz?"]).toBe("/#diferencias");
      expect(targets.Contacto).toBe("#contacto");
    }
    // From a search on /sorteos, Contacto scrolls to the footer and keeps the search.
    await page.goto(`${site.app.origin}/sorteos?q=ana`, { waitUntil: "networkidle" });
    await page.getByRole("navigation", { name: "Principal" }).getByRole("link", { name: "Contacto" }).click();
    await page.waitForURL(`${site.app.origin}/sorteos?q=ana#contacto`);
    // Smooth scrolling: a busy machine may take a few seconds to get there.
    await expect
      .poll(() => page.evaluate(() => document.getElementById("contacto")!.getBoundingClientRect().top), {
        timeout: 5000,
      })
      .toBeLessThan(900);
    await page.goto(`${site.app.origin}/encuesta`, { waitUntil: "networkidle" });
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
    await page.goto(`${site.app.origin}/`, { waitUntil: "networkidle" });
    expect(await headerBackground(page)).toBe("rgba(0, 0, 0, 0)");
    await page.goto(`${site.app.origin}/sorteos`, { waitUntil: "networkidle" });
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
  it("shows this year and its four links, with winners pointing at the home carousel", async () => {
    const { page, context } = await openPage(site.browser, "mobile");
    for (const path of ["/", "/sorteos"]) {
      await page.goto(`${site.app.origin}${path}`, { waitUntil: "networkidle" });
      const footer = page.locator("footer#contacto");
      expect(await footer.textContent()).toContain(`© ${new Date().getFullYear()} Opinion Labz`);
      const links = footer.getByRole("navigation", { name: "Pie de página" }).getByRole("link");
      expect(await links.allTextContents()).toEqual([
        "Política de privacidad",
        "Términos y condiciones",
        "Ver ganadores",
        "Contacto",
      ]);
      expect(await footer.getByRole("link", { name: "Ver ganadores" }).getAttribute("href")).toBe(
        path === "/" ? "#ganadores" : "/#ganadores",
      );
    }
    await context.close();
  });
});

describe.each(Object.keys(VIEWPORTS) as ViewportName[])("reveal on scroll at %s", (viewport) => {
  it("animates nothing and hides nothing when the visitor prefers reduced motion", async () => {
    const { page, context } = await openPage(site.browser, viewport, { reducedMotion: "reduce" });
    await page.goto(`${site.app.origin}/`, { waitUntil: "networkidle" });
    expect(await page.locator('[data-reveal="pending"]').count()).toBe(0);
    const hidden = await page
      .locator("[data-reveal]")
      .evaluateAll((sections) => sections.filter((section) => getComputedStyle(section).opacity !== "1").length);
    expect(hidden).toBe(0);
    await context.close();
  });

  it("marks below-the-fold sections pending, then shows them once they scroll into view", async () => {
    const { page, context } = await openPage(site.browser, viewport);
    await page.goto(`${site.app.origin}/`, { waitUntil: "networkidle" });
    expect(await page.locator('[data-reveal="pending"]').count()).toBeGreaterThan(0);
    await page.locator("#cta").scrollIntoViewIfNeeded();
    await expect.poll(() => page.locator("#cta").getAttribute("data-reveal")).toBe("shown");
    await context.close();
  });

  it("never hides a section that is on screen when the script arrives", async () => {
    const { page, context } = await openPage(site.browser, viewport);
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
    await page.goto(`${site.app.origin}/`, { waitUntil: "networkidle" });
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
