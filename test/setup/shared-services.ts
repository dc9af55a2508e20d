import type { TestProject } from "vitest/node";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../support/browser";
import { startPostgres } from "../support/postgres";
import { chromium } from "playwright-core";

declare module "vitest" {
  export interface ProvidedContext {
    /** The one Chromium of the run, for `sharedBrowser()`. */
    browserEndpoint: string;
    /** The one PostgreSQL cluster of the run, for `createPostgresDatabase()`: each file makes its own databases. */
    postgresAdminUrl: string;
  }
}

/**
 * What every HTTP and browser test file shares for a whole run (docs/testing.md, "Speed"):
 * starting Chromium and a PostgreSQL cluster once instead of per file. Files stay apart in
 * what matters: a browser context per page, a database per use.
 */
export default async function startSharedServices(project: TestProject): Promise<() => Promise<void>> {
  const [browser, postgres] = await Promise.all([
    chromium.launchServer({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS }),
    startPostgres(),
  ]);
  project.provide("browserEndpoint", browser.wsEndpoint());
  project.provide("postgresAdminUrl", postgres.adminUrl);
  return async () => {
    await Promise.all([browser.close(), postgres.stop()]);
  };
}
