/**
 * What the sheet can make the site do stays bounded. The fetch follows a redirect only to the
 * configured URL's origin or Google's published-sheet hosts: a 307 to any other origin is
 * refused and logged, and visitors see the sheet's error as for an invalid answer (two real
 * sheet servers on loopback: two origins). A cell longer than any real entry drops its row.
 */
import { http, HttpResponse } from "msw";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { handlers as defaultHandlers, sheetPath } from "../mocks/handlers";
import { dayInPlay } from "../mocks/sheets";
import { startSheetServer, type SheetServer } from "../mocks/sheet-server";
import { startAppServer, type AppServer } from "../support/app-server";
import { BROWSER_USER_AGENT } from "../support/browser";

const FOREIGN_SHEET = sheetPath("ok");
/** What someone could type into the survey that feeds the sheet. */
const HUGE_NAME = `Zoe ${"z".repeat(200_000)}`;
/** The rows' date: today, always one of the next draw's days, so every valid row is listed. */
const TODAY = dayInPlay();
const OVERSIZED_CELL_SHEET = [
  "nombre,pais,id,fecha",
  `Ana Pérez,Chile,A-1,${TODAY}`,
  `${HUGE_NAME},Chile,A-2,${TODAY}`,
].join("\n");
let foreign: SheetServer;
let upstream: SheetServer;
let app: AppServer;

beforeAll(async () => {
  foreign = await startSheetServer();
  upstream = await startSheetServer({
    handlers: [
      http.get("*/sheet/elsewhere.csv", () => HttpResponse.redirect(foreign.url(FOREIGN_SHEET), 307)),
      http.get("*/sheet/oversized-cell.csv", () => HttpResponse.text(OVERSIZED_CELL_SHEET)),
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
    expect(html).toContain("La lista de participantes no llegó con datos válidos.");
    expect(foreign.hits(FOREIGN_SHEET), "the foreign origin was never asked").toBe(0);
    await expect.poll(() => app.output()).toContain(`redirect refused: ${upstream.origin} sent to ${foreign.origin}`);
  });
});

describe("a cell longer than any real entry", () => {
  it("drops its row and counts it: the page does not grow by it", async () => {
    const oversized = await startAppServer({ PARTICIPANTS_CSV_URL: upstream.url("/sheet/oversized-cell.csv") });
    try {
      for (const path of ["/", "/sorteos"]) {
        const html = await (
          await fetch(`${oversized.origin}${path}`, { headers: { "user-agent": BROWSER_USER_AGENT } })
        ).text();
        expect(html, path).toContain("Ana");
        expect(html, path).not.toContain("z".repeat(1000));
        expect(html.length, path).toBeLessThan(200_000);
      }
      const health = (await (await fetch(`${oversized.origin}/healthz`)).json()) as { participants: { count: number } };
      expect(health.participants.count).toBe(1);
      // The refresh's log line counts it with the other invalid rows.
      expect(oversized.output()).toContain('"dropped":1');
    } finally {
      await oversized.stop();
    }
  });
});
