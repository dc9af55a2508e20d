/**
 * What the server does on its own at start-up, before any visitor: it fetches the sheet
 * (warm at boot), and it says where its data comes from, in /healthz and on the pages.
 */
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sheetPath } from "../mocks/handlers";
import { startSheetServer, type SheetServer } from "../mocks/sheet-server";
import { ROOT, startAppServer, type AppServer } from "../support/app-server";
import { BROWSER_USER_AGENT } from "../support/browser";

/** The sample sheet the repository ships. */
const BUNDLED_SAMPLE_SHEET = "app/lib/participants/sample-sheet.csv";

interface Health {
  participants: { count: number; fetchedAt: string | null; lastError: string | null; source: string };
}

const NOTICE = "Datos de ejemplo";
/** The fetch time limit of the server whose sheet never answers; the others keep the default 8 s. */
const FETCH_LIMIT_MS = 1500;
const DEFAULT_FETCH_LIMIT_MS = 8000;
/** On top of the fetch limit: start-up and a busy machine, never the behaviour under test. */
const SLACK_MS = 5000;

let sheets: SheetServer;
const apps: AppServer[] = [];

async function startApp(env: Record<string, string | undefined>): Promise<AppServer> {
  const app = await startAppServer(env);
  apps.push(app);
  return app;
}

async function health(app: AppServer): Promise<Health> {
  return (await (await fetch(`${app.origin}/healthz`)).json()) as Health;
}

/** Polls /healthz (which never fetches the sheet) until `done`, for at most `withinMs` after `since`. */
async function healthOnceSettled(app: AppServer, done: (health: Health) => boolean, since: number, withinMs: number) {
  let current = await health(app);
  while (!done(current) && Date.now() - since < withinMs) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    current = await health(app);
  }
  return current;
}

async function page(app: AppServer, pathname: string): Promise<string> {
  const response = await fetch(`${app.origin}${pathname}`, { headers: { "user-agent": BROWSER_USER_AGENT } });
  expect(response.status).toBe(200);
  return response.text();
}

beforeAll(async () => {
  sheets = await startSheetServer();
});
afterAll(async () => {
  await Promise.all(apps.map((app) => app.stop()));
  await sheets.close();
});

describe("warm at boot: the first refresh starts with the server, not with the first visitor", () => {
  it("has the sheet loaded before anyone asks for a page", async () => {
    const path = "/sheet/ok.csv";
    const hitsBefore = sheets.hits(path);
    const app = await startApp({ PARTICIPANTS_CSV_URL: sheets.url(path) });
    const loaded = await healthOnceSettled(
      app,
      (current) => current.participants.count > 0,
      Date.now(),
      DEFAULT_FETCH_LIMIT_MS + SLACK_MS,
    );
    expect(loaded.participants).toMatchObject({ count: 30, lastError: null, source: "url" });
    expect(sheets.hits(path) - hitsBefore, "the sheet server saw the request, no page was asked for").toBe(1);
    expect(app.output()).toContain('"event":"participants.refresh","ok":true');
    expect(app.output()).not.toMatch(/GET \/(?!healthz)/);
  });

  it.each([
    ["a wrong URL (404)", sheetPath("404"), DEFAULT_FETCH_LIMIT_MS, "Error al cargar datos: 404"],
    [
      "an unreachable sheet (never answers)",
      sheetPath("hang"),
      FETCH_LIMIT_MS,
      "La lista de participantes tardó demasiado en llegar.",
    ],
  ])(
    "reports %s in the log and /healthz within one fetch time limit of start-up",
    async (_case, path, limitMs, message) => {
      const startedAt = Date.now();
      const app = await startApp({ PARTICIPANTS_CSV_URL: sheets.url(path), PARTICIPANTS_TIMEOUT_MS: String(limitMs) });
      const failed = await healthOnceSettled(
        app,
        (current) => current.participants.lastError !== null,
        startedAt,
        limitMs + SLACK_MS,
      );
      expect(failed.participants).toMatchObject({ count: 0, lastError: message, source: "url" });
      expect(app.output()).toContain('"event":"participants.refresh","ok":false');
      expect(app.output()).not.toMatch(/GET \/(?!healthz)/);
    },
  );
});

describe("honest about its data", () => {
  let sample: AppServer;
  let real: AppServer;
  let file: AppServer;
  let sheetDir: string;

  beforeAll(async () => {
    sheetDir = mkdtempSync(path.join(tmpdir(), "opinion-labz-sheet-"));
    const fileSheet = path.join(sheetDir, "participants.csv");
    copyFileSync(path.join(ROOT, BUNDLED_SAMPLE_SHEET), fileSheet);
    [sample, real, file] = await Promise.all([
      startApp({ PARTICIPANTS_CSV_URL: undefined }),
      startApp({ PARTICIPANTS_CSV_URL: sheets.url(sheetPath("ok")) }),
      startApp({ PARTICIPANTS_CSV_URL: fileSheet }),
    ]);
  });
  afterAll(() => {
    rmSync(sheetDir, { recursive: true, force: true });
  });

  it("says in /healthz which kind of source it serves, never the URL or the path", async () => {
    expect((await health(sample)).participants.source).toBe("sample");
    expect((await health(real)).participants.source).toBe("url");
    expect((await health(file)).participants.source).toBe("file");
    for (const app of [sample, real, file]) {
      const body = JSON.stringify(await health(app));
      expect(body).not.toContain(sheets.origin);
      expect(body).not.toContain("sample-sheet.csv");
      expect(body).not.toContain(sheetDir);
    }
  });

  it("marks both participant lists as sample data while the bundled sheet is served", async () => {
    // /sorteos has a second notice: its winners are marked examples until draws are recorded.
    for (const [pathname, notices] of [
      ["/", 1],
      ["/sorteos", 2],
      ["/sorteos?page=2", 2],
    ] as const) {
      const html = await page(sample, pathname);
      expect(html.match(/data-testid="sample-data-notice"/g), `${pathname}'s notices`).toHaveLength(notices);
      expect(html).toContain(NOTICE);
      if (notices === 2)
        expect(html).toContain(
          "«Ejemplo» marca una tarjeta que muestra cómo publicamos a quien gana: no es una persona real.",
        );
    }
    expect(await (await fetch(`${sample.origin}/sorteos.data`)).text()).toContain('"sample",true');
  });

  it("shows no sample notice with a real sheet, from a URL or a file: only the example winners' own", async () => {
    for (const app of [real, file]) {
      expect(await page(app, "/")).not.toContain(NOTICE);
      // No draw is recorded here: the example winners that fill /sorteos say what they are.
      const notices = [...(await page(app, "/sorteos")).matchAll(/data-testid="sample-data-notice"[\s\S]*?<\/div>/g)];
      expect(notices).toHaveLength(1);
      expect(notices[0]![0]).toContain(
        "«Ejemplo» marca una tarjeta que muestra cómo publicamos a quien gana: no es una persona real.",
      );
    }
  });

  it("tells the operator at start-up which variable to set", () => {
    expect(sample.output()).toMatch(
      /PARTICIPANTS_CSV_URL no está configurada.*participantes de EJEMPLO.*Configurá PARTICIPANTS_CSV_URL/,
    );
    // Once: serve.js and remix-serve load one server build between them, whose configuration is read once.
    expect(sample.output().match(/PARTICIPANTS_CSV_URL no está configurada/g)).toHaveLength(1);
    expect(real.output()).not.toContain("PARTICIPANTS_CSV_URL no está configurada");
  });
});
