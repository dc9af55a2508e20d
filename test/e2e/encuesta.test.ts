import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { axeViolations, openPage, VIEWPORTS, withoutBlockedScripts, type ViewportName } from "../support/browser";
import { useSiteUnderTest } from "../support/site-under-test";

const site = useSiteUnderTest();

/** Every request and navigation the page makes from now on. */
function watchTraffic(page: Page): { requests: string[]; navigations: string[] } {
  const traffic = { requests: [] as string[], navigations: [] as string[] };
  page.on("request", (request) => traffic.requests.push(`${request.method()} ${request.url()}`));
  page.on("framenavigated", (frame) => traffic.navigations.push(frame.url()));
  return traffic;
}

describe.each(Object.keys(VIEWPORTS) as ViewportName[])("/encuesta at %s", (viewport) => {
  it("is the coming-soon page, with a way back home and no console problems or axe violations", async () => {
    const { page, context, problems } = await openPage(site.browser, viewport);
    const response = await page.goto(`${site.app.origin}/encuesta`, { waitUntil: "networkidle" });
    expect(response?.status()).toBe(200);
    expect(await page.title()).toMatch(/Opinion Labz/);
    expect(await page.locator('meta[name="description"]').getAttribute("content")).toBeTruthy();
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Próximamente");
    expect(await page.getByRole("link", { name: "Volver al inicio" }).getAttribute("href")).toBe("/");
    const email = page.getByLabel("Tu email");
    expect(await email.getAttribute("type")).toBe("email");
    expect(await email.isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: "Avisarme cuando esté listo" }).isVisible()).toBe(true);
    // Nothing sits under the fixed header.
    const headerBottom = (await page.getByTestId("site-header").boundingBox())!.height;
    expect((await page.getByRole("link", { name: "Volver al inicio" }).boundingBox())!.y).toBeGreaterThanOrEqual(
      headerBottom,
    );
    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("submitting sends nothing and goes nowhere", async () => {
    const { page, context, problems } = await openPage(site.browser, viewport);
    await page.goto(`${site.app.origin}/encuesta`, { waitUntil: "networkidle" });
    // Before hydration the form is a plain one and would submit; on a busy machine that
    // can be after "networkidle". Route discovery for the page's links may also come late.
    await page.waitForFunction(() => "__remixRouter" in window);
    await page.waitForLoadState("networkidle");
    const url = page.url();
    const traffic = watchTraffic(page);

    await page.getByLabel("Tu email").fill("ana@example.com");
    await page.getByRole("button", { name: "Avisarme cuando esté listo" }).click();
    await expect.poll(async () => page.getByTestId("notify-status").textContent()).toContain("Gracias");
    await page.getByLabel("Tu email").press("Enter");
    await page.waitForTimeout(500);

    expect(traffic).toEqual({ requests: [], navigations: [] });
    expect(page.url()).toBe(url);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("asks for the email when the field is empty, still sending nothing", async () => {
    const { page, context } = await openPage(site.browser, viewport);
    await page.goto(`${site.app.origin}/encuesta`, { waitUntil: "networkidle" });
    const traffic = watchTraffic(page);
    await page.getByRole("button", { name: "Avisarme cuando esté listo" }).click();
    await expect
      .poll(async () => page.getByTestId("notify-status").textContent())
      .toBe("Escribí tu email para continuar.");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("type"))).toBe("email");
    expect(traffic).toEqual({ requests: [], navigations: [] });
    await context.close();
  });

  it("sends nothing and goes nowhere without JavaScript either", async () => {
    const { page, context, problems } = await openPage(site.browser, viewport, { javaScriptEnabled: false });
    await page.goto(`${site.app.origin}/encuesta`, { waitUntil: "networkidle" });
    const url = page.url();
    const traffic = watchTraffic(page);

    await page.getByLabel("Tu email").fill("ana@example.com");
    await page.getByRole("button", { name: "Avisarme cuando esté listo" }).click();
    await page.getByLabel("Tu email").press("Enter");
    await page.waitForTimeout(800);

    expect(traffic).toEqual({ requests: [], navigations: [] });
    expect(page.url()).toBe(url);
    expect(await page.getByLabel("Tu email").inputValue()).toBe("ana@example.com");
    expect(withoutBlockedScripts(problems)).toEqual([]);
    await context.close();
  });
});
