import type { Browser } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { sheetPath, type SheetScenario } from "../mocks/handlers";
import { startSheetServer, type SheetServer } from "../mocks/sheet-server";
import { startAppServer, type AppServer } from "./app-server";
import { sharedBrowser } from "./browser";
import { sharedApp, type SharedApp, type SharedSheet } from "./shared-apps";

export interface SiteUnderTest {
  app: SharedApp;
  browser: Browser;
}

/**
 * For one browser test file: the run's app on the bundled sample sheet, or on the mocked
 * spreadsheet `sheet` (test/support/shared-apps.ts), and the system Chromium, connected before
 * its tests and let go after. The fields are filled in by `beforeAll`.
 */
export function useSiteUnderTest({ sheet = "bundled" }: { sheet?: SharedSheet } = {}): SiteUnderTest {
  const site = {} as SiteUnderTest;
  beforeAll(async () => {
    [site.app, site.browser] = await Promise.all([sharedApp(sheet), sharedBrowser()]);
  });
  afterAll(async () => {
    await site.browser?.close();
  });
  return site;
}

/**
 * For a browser test file that reads its app's log: an app of its own on the bundled sample
 * sheet, started before its tests and stopped after, and the system Chromium.
 */
export function useSiteWithOwnApp(): { app: AppServer; browser: Browser } {
  const site = {} as { app: AppServer; browser: Browser };
  beforeAll(async () => {
    [site.app, site.browser] = await Promise.all([startAppServer(), sharedBrowser()]);
  });
  afterAll(async () => {
    await site.browser?.close();
    await site.app?.stop();
  });
  return site;
}

/** For one HTTP test file: the run's app on `sheet` (test/support/shared-apps.ts). Filled in by `beforeAll`. */
export function useSharedApp(sheet: SharedSheet): { app: SharedApp } {
  const site = {} as { app: SharedApp };
  beforeAll(async () => {
    site.app = await sharedApp(sheet);
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
