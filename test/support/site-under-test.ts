import type { Browser } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { sheetPath, type SheetScenario } from "../mocks/handlers";
import { startSheetServer, type SheetServer } from "../mocks/sheet-server";
import { startAppServer, type AppServer } from "./app-server";
import { sharedBrowser } from "./browser";

export interface SiteUnderTest {
  app: AppServer;
  browser: Browser;
}

/**
 * For one test file: the built app and the system Chromium, started before its tests and
 * stopped after. With `sheet`, the app reads that mocked spreadsheet over loopback HTTP;
 * without it, the bundled sample sheet. The fields are filled in by `beforeAll`.
 */
export function useSiteUnderTest({ sheet }: { sheet?: SheetScenario } = {}): SiteUnderTest {
  const site = {} as SiteUnderTest;
  let sheets: SheetServer | undefined;
  beforeAll(async () => {
    if (sheet) sheets = await startSheetServer();
    [site.app, site.browser] = await Promise.all([
      startAppServer(sheet && sheets ? { PARTICIPANTS_CSV_URL: sheets.url(sheetPath(sheet)) } : {}),
      sharedBrowser(),
    ]);
  });
  afterAll(async () => {
    await site.browser?.close();
    await site.app?.stop();
    await sheets?.close();
  });
  return site;
}

export interface AppOnSheet {
  app: AppServer;
  /** The mocked spreadsheets, for other apps a test file starts. */
  sheets: SheetServer;
}

/** For one HTTP test file: the built app reading the mocked `sheet` over loopback. Filled in by `beforeAll`. */
export function useAppOnSheet(sheet: SheetScenario): AppOnSheet {
  const site = {} as AppOnSheet;
  beforeAll(async () => {
    site.sheets = await startSheetServer();
    site.app = await startAppServer({ PARTICIPANTS_CSV_URL: site.sheets.url(sheetPath(sheet)) });
  });
  afterAll(async () => {
    await site.app?.stop();
    await site.sheets?.close();
  });
  return site;
}
