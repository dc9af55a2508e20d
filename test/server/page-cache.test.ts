/**
 * Rendered pages are reused across requests (app/lib/page-cache.server.ts): prove that a
 * reused page still follows the sheet and never shares a nonce between two responses.
 */
import { http, HttpResponse } from "msw";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startSheetServer, type SheetServer } from "../mocks/sheet-server";
import { startAppServer, type AppServer } from "../support/app-server";
import { BROWSER_USER_AGENT } from "../support/browser";

const sheet = { newest: "Primera Versión" };
let sheets: SheetServer;
let app: AppServer;

beforeAll(async () => {
  sheets = await startSheetServer({
    handlers: [
      http.get("*/changing.csv", () =>
        HttpResponse.text(`nombre,pais,id,fecha\nAna B.,Chile,C-1,2026-10-01\n${sheet.newest},Perú,C-2,2026-10-02\n`, {
          headers: { "content-type": "text/csv" },
        }),
      ),
    ],
  });
  app = await startAppServer({ PARTICIPANTS_CSV_URL: sheets.url("/changing.csv"), PARTICIPANTS_TTL_SECONDS: "1" });
});
afterAll(async () => {
  await app?.stop();
  await sheets?.close();
});

async function page(path: string) {
  const response = await fetch(`${app.origin}${path}`, { headers: { "user-agent": BROWSER_USER_AGENT } });
  const html = await response.text();
  const headerNonce = /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
  const scriptNonces = [...html.matchAll(/<script[^>]*\snonce="([^"]*)"/g)].map((match) => match[1]);
  return { html, headerNonce, scriptNonces };
}

it("gives every response of the same page its own nonce, on every script", async () => {
  // The very first request may stream (the sheet is not cached yet); after it, pages are reused.
  await page("/");
  const first = await page("/");
  const second = await page("/");
  expect(first.headerNonce).toBeTruthy();
  expect(second.headerNonce).not.toBe(first.headerNonce);
  for (const { headerNonce, scriptNonces } of [first, second]) {
    expect(scriptNonces.length).toBeGreaterThan(0);
    expect(new Set(scriptNonces)).toEqual(new Set([headerNonce]));
  }
  // Apart from the nonce, the reused page is byte for byte the rendered one.
  expect(second.html.replaceAll(second.headerNonce!, "N")).toBe(first.html.replaceAll(first.headerNonce!, "N"));
});

it("shows the new sheet once it has been refreshed, on / and on /sorteos", async () => {
  for (const path of ["/", "/sorteos", "/sorteos?q=versi"]) expect((await page(path)).html).toContain("Primera Versión");
  sheet.newest = "Segunda Versión";
  await new Promise((resolve) => setTimeout(resolve, 1200));
  // The first request after the TTL gets the stale copy at once and starts the refresh.
  await page("/");
  await expect.poll(async () => (await page("/")).html, { timeout: 5000 }).toContain("Segunda Versión");
  for (const path of ["/sorteos", "/sorteos?q=versi"]) {
    const { html } = await page(path);
    expect(html).toContain("Segunda Versión");
    expect(html).not.toContain("Primera Versión");
  }
});
