import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppServer, type AppServer } from "../support/app-server";
import { launchBrowser, openPage, VIEWPORTS, type ViewportName } from "../support/browser";

let app: AppServer;
let browser: Browser;

beforeAll(async () => {
  [app, browser] = await Promise.all([startAppServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe.each(Object.keys(VIEWPORTS) as ViewportName[])("smoke at %s", (viewport) => {
  it("renders the home page without console problems", async () => {
    const { page, context, problems } = await openPage(browser, viewport);
    await page.goto(`${app.origin}/`);
    expect(await page.locator("html").getAttribute("lang")).toBe("es-AR");
    await page.waitForLoadState("networkidle");
    expect(problems).toEqual([]);
    await context.close();
  });
});
