import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sheetPath } from "../mocks/handlers";
import { startSheetServer, type SheetServer } from "../mocks/sheet-server";
import { startAppServer, type AppServer } from "../support/app-server";
import { launchBrowser, openPage } from "../support/browser";
import { recordLayoutShifts } from "../support/layout-shifts";
import { startSlowDocumentProxy, type SlowDocumentProxy } from "../support/slow-document-proxy";

let sheets: SheetServer;
let app: AppServer;
let proxy: SlowDocumentProxy;
let browser: Browser;

beforeAll(async () => {
  sheets = await startSheetServer();
  [app, browser] = await Promise.all([
    startAppServer({ PARTICIPANTS_CSV_URL: sheets.url(sheetPath("ok")) }),
    launchBrowser(),
  ]);
  proxy = await startSlowDocumentProxy(app.origin);
});
afterAll(async () => {
  await browser?.close();
  await proxy?.close();
  await app?.stop();
  await sheets?.close();
});

// A page that arrives a piece at a time is painted half-parsed many times over; nothing
// already on screen may move when the rest arrives (an element centred on, or sized by,
// content further down the document does).
describe.each([320, 390, 768, 1024, 1440, 1920])("a page arriving slowly at %i px", (width) => {
  it.each(["/", "/sorteos", "/encuesta", "/pagina-que-no-existe"])("%s does not shift while it arrives and hydrates", async (path) => {
    const { page, context } = await openPage(browser, width);
    const layoutShifts = await recordLayoutShifts(page);
    await page.goto(`${proxy.origin}${path}`);
    await page.waitForLoadState("networkidle");
    expect(await layoutShifts()).toEqual([]);
    await context.close();
  });
});
