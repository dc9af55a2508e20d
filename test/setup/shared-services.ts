import type { TestProject } from "vitest/node";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../support/browser";
import { startPostgres } from "../support/postgres";
import { startSharedAppBroker } from "../support/shared-apps";
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
 * file, and one app per sheet for the files that only read pages and post forms as visitors
 * (test/support/shared-apps.ts). Files stay apart in what matters: a browser context per page,
 * a database per use, their own app wherever they read its log, move its clock or stop it.
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
  const authorityUrls = authorities.map((authority) => authority.url).join(",");
  project.provide("timestampAuthorities", authorityUrls);
  project.provide("timestampRoots", rootsFile(authorities));
  // What `witnessEnv()` gives a production server a worker starts: the authorities, not their test roots.
  const apps = await startSharedAppBroker({ TIMESTAMP_AUTHORITIES: authorityUrls });
  project.provide("sharedAppsUrl", apps.url);
  return async () => {
    // The apps first: they are the authorities' and the database's clients.
    await apps.close();
    await Promise.all([browser.close(), postgres.stop(), ...authorities.map((authority) => authority.close())]);
  };
}
