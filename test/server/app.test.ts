import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { holdSlowSheet, sheetPath } from "../mocks/handlers";
import { startSheetServer, type SheetServer } from "../mocks/sheet-server";
import { dayInPlay, sampleParticipants } from "../mocks/sheets";
import { startAppServer, type AppServer } from "../support/app-server";
import { BROWSER_USER_AGENT } from "../support/browser";

const NEWEST = (await sampleParticipants())[0]!.nombre;
let sheets: SheetServer;
const apps: AppServer[] = [];

async function appOn(path: string, env: Record<string, string> = {}): Promise<AppServer> {
  const app = await startAppServer({ PARTICIPANTS_CSV_URL: sheets.url(path), ...env });
  apps.push(app);
  return app;
}

beforeAll(async () => {
  sheets = await startSheetServer();
});
afterAll(async () => {
  await Promise.all(apps.map((app) => app.stop()));
  await sheets.close();
});

describe("the built server over HTTP, sheet on loopback", () => {
  let app: AppServer;
  beforeAll(async () => {
    // Names as written: these tests are about parsing; what is published is participant-names.test.ts.
    // Its dates moved into the current draw's days, so that every readable row is in play.
    app = await appOn(sheetPath("tricky-now"), { PARTICIPANT_NAMES: "full" });
  });

  it("renders the 5 newest entries on / with parsed, formatted fields", async () => {
    const response = await fetch(`${app.origin}/`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<html lang="es-AR"');
    expect(html).toContain("<title>Opinion Labz");
    // The five newest rows with four fields, the sheet's last first (docs/product.md, "Participant
    // lists"): the one dated "ayer" among them, marked; the sixth newest is not on the home page.
    const names = ["Last", "Extra", "Sol la Ríos", "Luis", "Ana\nMaría"];
    for (const name of names) expect(html).toContain(`>${name}<`);
    expect(names.map((name) => html.indexOf(`>${name}<`))).toEqual(
      names.map((name) => html.indexOf(`>${name}<`)).sort((a, b) => a - b),
    );
    expect(html).not.toContain(">Pérez, Juan<");
    expect(html).toContain("fecha ilegible");
    // The newest row is dated today (d/m/aaaa).
    const [year, month, day] = dayInPlay().split("-").map(Number);
    expect(html).toContain(`>${day}/${month}/${year}<`);
  });

  it("renders /sorteos with the page of participants, and says why a row found is not in play", async () => {
    const html = await (await fetch(`${app.origin}/sorteos`)).text();
    expect(html).toContain("T-8");
    expect(html).toContain("T-1");
    const found = await (await fetch(`${app.origin}/sorteos?q=sol`)).text();
    expect(found).toContain("Fecha ilegible: «ayer» no es una fecha que podamos leer");
  });

  it("never sends the sheet's URL to a browser", async () => {
    for (const path of ["/", "/sorteos", "/healthz", "/_root.data", "/sorteos.data"]) {
      const body = await (await fetch(`${app.origin}${path}`)).text();
      expect(body).not.toContain(sheets.origin);
      expect(body).not.toContain("/sheet/");
    }
  });

  it("reports health as docs/product.md#health specifies", async () => {
    const response = await fetch(`${app.origin}/healthz`);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toEqual({
      status: "ok",
      participants: {
        count: 6,
        fetchedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        ageSeconds: expect.any(Number),
        lastError: null,
        source: "url",
      },
      // The embedded database by default, and it took the server's last report in time; nothing
      // else (the outbox, the budgets, the notices are npm run status's).
      database: { kind: "embedded", answers: true },
    });
    expect(JSON.stringify(body), "never a path or URL of the database").not.toMatch(/sqlite|\/data|postgres:/);
  });

  it("answers an unknown path with HTTP 404, the spec's page, and logs the path", async () => {
    const response = await fetch(`${app.origin}/no/existe?x=1`);
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain("Oops! Page not found");
    expect(html).toContain("Return to Home");
    expect(app.output()).toContain('{"event":"not_found","path":"/no/existe"}');
  });

  it("answers a POST to a page without a form with the edge's short 405, never the router error screen", async () => {
    for (const path of ["/", "/sorteos"]) {
      const response = await fetch(`${app.origin}${path}`, { method: "POST" });
      expect(response.status).toBe(405);
      expect(response.headers.get("allow")).toBe("GET, HEAD");
      expect(await response.text()).toBe("Esta página no recibe formularios.\n");
    }
  });

  it("logs one JSON line per refresh with kept and dropped counts", () => {
    const line = app
      .output()
      .split("\n")
      .find((entry) => entry.includes('"participants.refresh"'));
    expect(JSON.parse(line ?? "{}")).toMatchObject({ ok: true, status: 200, kept: 6, dropped: 2 });
  });
});

describe("visitor-facing errors", () => {
  it("shows the HTTP status on /sorteos and the home message on /, with status 200 pages", async () => {
    const app = await appOn(sheetPath("500"));
    const home = await fetch(`${app.origin}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain("No pudimos cargar los participantes recientes.");
    const sorteos = await (await fetch(`${app.origin}/sorteos`)).text();
    expect(sorteos).toContain("Error al cargar datos: 500");
    expect(sorteos).not.toContain(sheets.origin);
  });

  it("shows the empty text for a sheet with a header alone", async () => {
    const app = await appOn(sheetPath("header-only"));
    expect(await (await fetch(`${app.origin}/`)).text()).toContain("No hay participantes registrados aún");
  });

  it("streams the page shell with skeleton rows while the sheet has not answered, the rows after it does", async () => {
    // The sheet answers only when this test says so: no clock decides what arrives first.
    const sheet = holdSlowSheet();
    onTestFinished(sheet.restore);
    const app = await appOn(sheetPath("slow"));
    const response = await fetch(`${app.origin}/`, { headers: { "user-agent": BROWSER_USER_AGENT } });
    expect(response.status).toBe(200);
    const decoder = new TextDecoder();
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    let html = "";
    const skeletonRows = () => html.match(/data-testid="skeleton-row"/g)?.length ?? 0;
    while (skeletonRows() < 5) {
      const { done, value } = await reader.read();
      expect(done, `the response ended with ${skeletonRows()} skeleton rows`).toBe(false);
      html += decoder.decode(value, { stream: true });
    }
    expect(html).not.toContain('data-testid="participant-row"');

    sheet.release();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      html += decoder.decode(chunk.value, { stream: true });
    }
    expect(html).toContain(NEWEST);
    expect(html).not.toContain("No pudimos cargar los participantes recientes.");
  });
});

describe("start-up configuration", () => {
  it.each([
    [{ PORT: "not-a-port" }, "PORT"],
    [{ PARTICIPANTS_TTL_SECONDS: "-1" }, "PARTICIPANTS_TTL_SECONDS"],
    [{ PARTICIPANTS_CSV_URL: "/no/such/file.csv" }, "PARTICIPANTS_CSV_URL"],
  ])("refuses to start with %j and names %s", async (env, variable) => {
    await expect(startAppServer(env)).rejects.toThrow(new RegExp(`Configuración inválida: ${variable}`));
  });

  it("serves the bundled sample sheet with one warning when no URL is set", async () => {
    const app = await startAppServer({ PARTICIPANTS_CSV_URL: "" });
    apps.push(app);
    const html = await (await fetch(`${app.origin}/`)).text();
    expect(html).toContain("Micaela G.");
    expect(app.output().match(/PARTICIPANTS_CSV_URL no está configurada/g)).toHaveLength(1);
  });
});
