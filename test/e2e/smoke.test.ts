import { describe, expect, it } from "vitest";
import { openPage, VIEWPORTS, type ViewportName } from "../support/browser";
import { useSiteUnderTest } from "../support/site-under-test";

const site = useSiteUnderTest();

describe.each(Object.keys(VIEWPORTS) as ViewportName[])("every page at %s", (viewport) => {
  it.each(["/", "/sorteos", "/encuesta"])("%s loads in Spanish with no console problems", async (path) => {
    const { page, context, problems } = await openPage(site.browser, viewport);
    await page.goto(`${site.app.origin}${path}`, { waitUntil: "networkidle" });
    expect(await page.locator("html").getAttribute("lang")).toBe("es-AR");
    expect(await page.title()).toMatch(/Opinion Labz/);
    expect(await page.locator('meta[name="description"]').getAttribute("content")).toBeTruthy();
    expect(problems).toEqual([]);
    await context.close();
  });

  it("answers an unknown path with the 404 page and logs the path in the console", async () => {
    const { page, context, problems } = await openPage(site.browser, viewport);
    const response = await page.goto(`${site.app.origin}/no/existe`, { waitUntil: "networkidle" });
    expect(response?.status()).toBe(404);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("404");
    expect(await page.getByText("Oops! Page not found").isVisible()).toBe(true);
    expect(problems).toContain("error: 404 Error: User attempted to access non-existent route: /no/existe");
    await page.getByRole("link", { name: "Return to Home" }).click();
    await page.waitForURL(`${site.app.origin}/`);
    await context.close();
  });
});
