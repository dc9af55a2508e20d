/**
 * A real shared cache in front of the built server: Varnish with its built-in VCL (it
 * honours s-maxage, keeps stale objects for stale-while-revalidate as grace, and asks the
 * origin for gzip only). Pages it serves must be the origin's bytes, run without a CSP
 * violation, hydrate, and follow the sheet once the lifetimes pass.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChangingSheet, handlers as defaultHandlers } from "../mocks/handlers";
import { startSheetServer, type SheetServer } from "../mocks/sheet-server";
import { startAppServer, type AppServer } from "../support/app-server";
import { BROWSER_USER_AGENT, sharedBrowser, openPage, recordCspViolations, gotoHydrated } from "../support/browser";
import { rawGet } from "../support/raw-http";
import { startVarnish, type Varnish } from "../support/varnish";

const BROWSER_HEADERS = { "user-agent": BROWSER_USER_AGENT, "accept-encoding": "gzip, deflate, br" };
const PAGES = ["/", "/sorteos", "/encuesta", "/sorteos.data"];

/** Requests for `path` the origin answered, from remix-serve's access log ("GET /path 200 …"). */
function originHits(app: AppServer, path: string): number {
  const escaped = path.replace(/[.?*+^$()[\]{}|\\]/g, "\\$&");
  return app.output().match(new RegExp(`^GET ${escaped} \\d{3} `, "gm"))?.length ?? 0;
}

const sheet = createChangingSheet("Primera V.");
let sheets: SheetServer;

beforeAll(async () => {
  sheets = await startSheetServer({ handlers: [sheet.handler, ...defaultHandlers] });
});
afterAll(async () => {
  await sheets?.close();
});

/**
 * The app on the changing sheet with `env`, its pages warmed first so that Varnish fetches
 * ready pages, not streamed ones, and Varnish in front of it.
 */
function useAppBehindVarnish(env: Record<string, string> = {}): { app: AppServer; varnish: Varnish } {
  const site = {} as { app: AppServer; varnish: Varnish };
  beforeAll(async () => {
    site.app = await startAppServer({ PARTICIPANTS_CSV_URL: sheets.url(sheet.path), ...env });
    for (const path of PAGES) await rawGet(site.app.origin, path, BROWSER_HEADERS);
    site.varnish = await startVarnish(site.app.origin);
  });
  afterAll(async () => {
    await site.varnish?.stop();
    await site.app?.stop();
  });
  return site;
}

describe("with the production lifetimes", () => {
  const site = useAppBehindVarnish();

  it("absorbs a burst: hundreds of requests reach the origin about once per page", async () => {
    const before = new Map(PAGES.map((path) => [path, originHits(site.app, path)]));
    const statuses: number[] = [];
    const bodies = new Map<string, Set<string>>(PAGES.map((path) => [path, new Set()]));
    const started = Date.now();
    // 8 clients for at least 2 s, 400 requests at least, cycling through the pages.
    await Promise.all(
      Array.from({ length: 8 }, async (_, client) => {
        for (let index = 0; statuses.length < 400 || Date.now() - started < 2000; index += 1) {
          const path = PAGES[(client + index) % PAGES.length]!;
          const answer = await rawGet(site.varnish.origin, path, BROWSER_HEADERS);
          statuses.push(answer.status);
          bodies.get(path)!.add(answer.body.toString("base64"));
        }
      }),
    );
    expect(statuses.length).toBeGreaterThanOrEqual(400);
    expect(statuses.every((status) => status === 200)).toBe(true);
    for (const path of PAGES) {
      const hits = originHits(site.app, path) - before.get(path)!;
      // One miss per page, maybe a second if the burst outlasts a busy machine's patience.
      expect(hits, `${path} reached the origin`).toBeLessThanOrEqual(2);
      expect(bodies.get(path)!.size, `${path}: one set of bytes`).toBe(1);
    }
  }, 120_000);

  it("answers a revalidation with 304 from the cache, and keeps the origin's CSP and ETag", async () => {
    const full = await rawGet(site.varnish.origin, "/sorteos", BROWSER_HEADERS);
    const direct = await rawGet(site.app.origin, "/sorteos", { ...BROWSER_HEADERS, "accept-encoding": "gzip" });
    expect(full.headers.via).toMatch(/varnish/i);
    expect(full.headers["content-security-policy"]).toBe(direct.headers["content-security-policy"]);
    expect(full.headers.etag).toBe(direct.headers.etag);
    expect(full.body.equals(direct.body), "Varnish keeps the origin's gzip bytes").toBe(true);
    const revalidated = await rawGet(site.varnish.origin, "/sorteos", {
      ...BROWSER_HEADERS,
      "if-none-match": full.headers.etag!,
    });
    expect(revalidated.status).toBe(304);
  });

  it("serves pages that run in Chromium without a CSP violation and hydrate (the menu opens at 390 px)", async () => {
    const browser = await sharedBrowser();
    try {
      for (const path of ["/", "/sorteos", "/encuesta"]) {
        const { page, context, problems } = await openPage(browser, "mobile");
        const violations = await recordCspViolations(page);
        const response = await gotoHydrated(page, `${site.varnish.origin}${path}`);
        expect(await response!.headerValue("via"), path).toMatch(/varnish/i);
        await page.waitForFunction(() => "__remixRouter" in window);
        const toggle = page.locator("button[aria-controls=menu-movil]");
        await toggle.click();
        await expect.poll(() => toggle.getAttribute("aria-expanded")).toBe("true");
        expect(await page.locator("#menu-movil").isVisible(), path).toBe(true);
        expect(violations, path).toEqual([]);
        expect(problems, path).toEqual([]);
        await context.close();
      }
    } finally {
      await browser.close();
    }
  });
});

describe("with short lifetimes", () => {
  const site = useAppBehindVarnish({ PARTICIPANTS_TTL_SECONDS: "2", SHARED_MAX_AGE_SECONDS: "2" });

  it("serves the new rows once the sheet changes and the lifetimes pass", async () => {
    const through = async (path: string) =>
      (await fetch(`${site.varnish.origin}${path}`, { headers: BROWSER_HEADERS })).text();
    for (const path of ["/", "/sorteos", "/sorteos.data"]) expect(await through(path)).toContain("Primera V.");
    sheet.setNewest("Segunda V.");
    // Sheet TTL + s-maxage + one request in the stale window: seconds here; poll generously.
    for (const path of ["/", "/sorteos", "/sorteos.data"]) {
      await expect.poll(() => through(path), { timeout: 60_000, interval: 250 }).toContain("Segunda V.");
    }
    expect(await through("/sorteos")).not.toContain("Primera V.");
  }, 120_000);
});
