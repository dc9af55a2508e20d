/**
 * The sheet fetch follows a redirect only to the configured URL's origin or Google's
 * published-sheet hosts: a 307 to any other origin is refused and logged, and visitors see
 * the sheet's error as for an invalid answer. Two real sheet servers on loopback: two origins.
 */
import { http, HttpResponse } from "msw";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { handlers as defaultHandlers, sheetPath } from "../mocks/handlers";
import { startSheetServer, type SheetServer } from "../mocks/sheet-server";
import { startAppServer, type AppServer } from "../support/app-server";
import { BROWSER_USER_AGENT } from "../support/browser";

const FOREIGN_SHEET = sheetPath("ok");
let foreign: SheetServer;
let upstream: SheetServer;
let app: AppServer;

beforeAll(async () => {
  foreign = await startSheetServer();
  upstream = await startSheetServer({
    handlers: [
      http.get("*/sheet/elsewhere.csv", () => HttpResponse.redirect(foreign.url(FOREIGN_SHEET), 307)),
      ...defaultHandlers,
    ],
  });
  app = await startAppServer({ PARTICIPANTS_CSV_URL: upstream.url("/sheet/elsewhere.csv") });
});
afterAll(async () => {
  await app?.stop();
  await upstream?.close();
  await foreign?.close();
});

describe("a redirect to another origin", () => {
  it("is not followed: visitors read the invalid-sheet message and the log says why", async () => {
    const response = await fetch(`${app.origin}/sorteos`, { headers: { "user-agent": BROWSER_USER_AGENT } });
    const html = await response.text();
    expect(html).toContain("La planilla de participantes no devolvió datos válidos.");
    expect(foreign.hits(FOREIGN_SHEET), "the foreign origin was never asked").toBe(0);
    await expect.poll(() => app.output()).toContain(`redirect refused: ${upstream.origin} sent to ${foreign.origin}`);
  });
});
