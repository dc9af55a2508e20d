/**
 * The rules and the privacy policy ship no JavaScript (issue 43,
 * docs/decisions/095-pages-with-nothing-to-run-ship-no-javascript.md): in a browser that runs
 * scripts they request none, and the header's menu, its links and the index's anchors work as
 * they do without JavaScript.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { openPage } from "../support/browser";
import { useSiteUnderTest } from "../support/site-under-test";

const site = useSiteUnderTest();

const PAGES = ["/bases-y-condiciones", "/privacidad"];
/** The fixed header's bar is 64 px tall (docs/product.md, "Header"). */
const HEADER_PX = 64;

/** Opens `path` with JavaScript on, counting every script the browser asks for. */
async function openCountingScripts(path: string, width: number) {
  const watched = await openPage(site.browser, width, { javaScriptEnabled: true });
  const scripts: string[] = [];
  watched.page.on("request", (request) => {
    if (request.resourceType() === "script" || /\.m?js(\?|$)/.test(request.url())) scripts.push(request.url());
  });
  await watched.page.goto(`${site.app.origin}${path}`);
  return { ...watched, scripts };
}

/** Scripts in the document other than data (JSON-LD), and module preloads. */
const codeInDocument = (page: Page) =>
  page.evaluate(() => ({
    scripts: [...document.scripts].filter((script) => script.type !== "application/ld+json").length,
    preloads: document.querySelectorAll('link[rel="modulepreload"], link[data-rel-after-first-paint]').length,
  }));

/** Where the section an index link points at lands, against the header's bottom edge. */
async function followFirstIndexLink(page: Page) {
  const link = page.locator('a[href^="#"]:not([href="#contenido"])').first();
  const target = (await link.getAttribute("href"))!.slice(1);
  await link.click();
  await page.waitForURL((url) => url.hash === `#${target}`);
  return page.evaluate((id) => {
    const header = document.querySelector('[data-testid="site-header"]')!.getBoundingClientRect().bottom;
    return { header, top: document.getElementById(id)!.getBoundingClientRect().top };
  }, target);
}

describe.each(PAGES)("%s with JavaScript on", (path) => {
  it("requests no script, and on a phone its menu opens natively and its links navigate", async () => {
    const { page, context, scripts } = await openCountingScripts(path, 320);
    expect(await codeInDocument(page)).toEqual({ scripts: 0, preloads: 0 });
    expect(scripts).toEqual([]);
    expect(await page.locator('html[data-hydrate="false"]').count()).toBe(1);

    const header = page.getByTestId("site-header");
    expect((await header.boundingBox())!.height).toBe(HEADER_PX);
    // Opaque, as without JavaScript: nothing turns it solid on scroll.
    expect(await header.evaluate((bar) => getComputedStyle(bar).backgroundColor)).toBe("rgba(255, 255, 255, 0.95)");
    expect(await page.locator(".menu-toggle").isVisible()).toBe(false);
    const menuLinks = page.locator("#menu-movil a");
    expect(await menuLinks.first().isVisible()).toBe(false);
    await page.locator(".menu-without-script > summary").click();
    expect(await menuLinks.count()).toBe(5);
    expect(await menuLinks.first().isVisible()).toBe(true);
    await page.locator("#menu-movil").getByRole("link", { name: "Sorteos", exact: true }).click();
    await page.waitForURL(`${site.app.origin}/sorteos`);
    await page.getByRole("heading", { level: 1 }).waitFor();
    await context.close();
  });

  it.each([320, 1440])("at %i px its index's anchors land below the header, with nothing requested", async (width) => {
    const { page, context, scripts } = await openCountingScripts(path, width);
    const landed = await followFirstIndexLink(page);
    expect(landed.header).toBe(HEADER_PX);
    expect(landed.top).toBeGreaterThanOrEqual(landed.header);
    expect(landed.top).toBeLessThan(landed.header + 40);
    expect(scripts).toEqual([]);
    if (width === 1440) {
      // From lg the bar holds the links: one takes the visitor to the page.
      await page.getByRole("navigation", { name: "Principal" }).getByRole("link", { name: "Contacto" }).click();
      await page.waitForURL(`${site.app.origin}/contacto`);
    }
    await context.close();
  });
});
