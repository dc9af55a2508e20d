import type { TestProject } from "vitest/node";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../support/browser";
import { startPostgres } from "../support/postgres";
import { rootsFile, startStandInAuthority } from "../support/timestamp-authority";
import { chromium } from "playwright-core";

declare module "vitest" {
  export interface ProvidedContext {
    /** The one Chromium of the run, for `sharedBrowser()`. */
    browserEndpoint: string;
    /** The one PostgreSQL cluster of the run, for `createPostgresDatabase()`: each file makes its own databases. */
    postgresAdminUrl: string;
    /**
     * The run's two loopback time-stamp authorities, as TIMESTAMP_AUTHORITIES and TIMESTAMP_ROOTS
     * name them: every app and draw command a test starts is witnessed by them unless it says
     * otherwise (`witnessEnv()` in test/support/app-server.ts).
     */
    timestampAuthorities: string;
    timestampRoots: string;
  }
}

/**
 * What every HTTP and browser test file shares for a whole run (docs/testing.md, "Speed"):
 * starting Chromium, a PostgreSQL cluster and two time-stamp authorities once instead of per
 * file. Files stay apart in what matters: a browser context per page, a database per use.
 */
export default async function startSharedServices(project: TestProject): Promise<() => Promise<void>> {
  const [browser, postgres, ...authorities] = await Promise.all([
    chromium.launchServer({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS }),
    startPostgres(),
    startStandInAuthority("Testigo Uno", { keyType: "rsa" }),
    startStandInAuthority("Testigo Dos", { keyType: "ec" }),
  ]);
  project.provide("browserEndpoint", browser.wsEndpoint());
  project.provide("postgresAdminUrl", postgres.adminUrl);
  project.provide("timestampAuthorities", authorities.map((authority) => authority.url).join(","));
  project.provide("timestampRoots", rootsFile(authorities));
  return async () => {
    await Promise.all([browser.close(), postgres.stop(), ...authorities.map((authority) => authority.close())]);
  };
}
