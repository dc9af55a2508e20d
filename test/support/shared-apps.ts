import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { inject } from "vitest";
import { sheetPath, type SheetScenario } from "../mocks/handlers";
import { startSheetServer, type SheetServer } from "../mocks/sheet-server";
import { startAppServer, type AppServer } from "./app-server";

/**
 * The apps test files share for a whole run, one per sheet: "bundled" reads the sample sheet
 * the build carries, "ok" the mocked spreadsheet of that name. Only for files that read pages
 * and post forms as any visitor would (from loopback, under the test servers' roomy mail
 * budgets), never for one that reads an app's log, moves its clock, stops it or counts what it
 * stored: those start their own. Nor on a sheet that fails: what such an app shows depends on
 * its last fetch, which one slow answer to another file turns into a time-out
 * (docs/decisions/099-one-app-per-sheet-shared-across-files.md).
 */
export type SharedSheet = "bundled" | Extract<SheetScenario, "ok">;

/** What a file sees of a shared app: its address, nothing it could stop or read the log of. */
export interface SharedApp {
  origin: string;
}

declare module "vitest" {
  export interface ProvidedContext {
    /** The run's broker of shared apps (`startSharedAppBroker`), for `sharedApp()`. */
    sharedAppsUrl: string;
  }
}

/**
 * Runs in the run's global set-up (test/setup/shared-services.ts): starts an app the first time
 * a file asks for its sheet, answers every later file with the same one, and stops them all
 * when the run ends. A file run alone starts only the apps it asks for. `env` is what every
 * test server gets from the run (its witnesses: the worker's `witnessEnv()` has no run here).
 */
export async function startSharedAppBroker(
  env: Record<string, string>,
): Promise<{ url: string; close: () => Promise<void> }> {
  const apps = new Map<SharedSheet, Promise<AppServer>>();
  let sheets: Promise<SheetServer> | undefined;

  async function start(sheet: SharedSheet): Promise<AppServer> {
    // Its copy of the sheet stays fresh for the whole run, as a file's own app's did for its
    // file: a refresh in the background between a page and the /healthz a test reads beside it
    // would give the two different fetch instants.
    const shared = { ...env, PARTICIPANTS_TTL_SECONDS: String(24 * 60 * 60) };
    if (sheet === "bundled") return startAppServer(shared);
    sheets ??= startSheetServer();
    const app = await startAppServer({ ...shared, PARTICIPANTS_CSV_URL: (await sheets).url(sheetPath(sheet)) });
    try {
      await sheetRead(app);
    } catch (error) {
      await app.stop();
      throw error;
    }
    return app;
  }

  const server = createServer((request, response) => {
    const sheet = decodeURIComponent(new URL(request.url ?? "/", "http://broker").pathname.slice(1)) as SharedSheet;
    let app = apps.get(sheet);
    if (!app) {
      app = start(sheet);
      apps.set(sheet, app);
      // A start that failed is tried again by the next file that asks.
      app.catch(() => apps.delete(sheet));
    }
    app.then(
      ({ origin }) => response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ origin })),
      (error: unknown) => response.writeHead(500).end(String(error)),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      await new Promise((resolve) => server.close(resolve));
      const started = await Promise.allSettled(apps.values());
      await Promise.all(started.map((app) => (app.status === "fulfilled" ? app.value.stop() : undefined)));
      await (await sheets)?.close();
    },
  };
}

/**
 * Resolves once `app` holds its sheet, asking for a page until it does: every file then meets
 * the data ready, and one slow first answer on a busy machine (a time-out the app remembers)
 * is not seen by the files after it. Polls the app's own state, on a 100 ms cadence.
 */
async function sheetRead(app: AppServer): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    await (await fetch(`${app.origin}/sorteos`)).text();
    const health = (await (await fetch(`${app.origin}/healthz`)).json()) as { participants: { count: number } };
    if (health.participants.count > 0) return;
    if (Date.now() > deadline) throw new Error(`the app did not read its sheet within 60 s:\n${app.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The run's app on `sheet`, started by the first file that asks (`startSharedAppBroker`). */
export async function sharedApp(sheet: SharedSheet): Promise<SharedApp> {
  const response = await fetch(`${inject("sharedAppsUrl")}/${sheet}`);
  if (!response.ok) throw new Error(`the shared app on the "${sheet}" sheet did not start:\n${await response.text()}`);
  return (await response.json()) as SharedApp;
}
