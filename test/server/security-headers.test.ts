/**
 * Security headers on every document and data response of the built server, and a CSP
 * nonce that really covers every script the page carries (streamed ones included).
 */
import { delay, http, HttpResponse } from "msw";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { handlers as defaultHandlers, sheetPath } from "../mocks/handlers";
import { startSheetServer, type SheetServer } from "../mocks/sheet-server";
import { SAMPLE_SHEET } from "../mocks/sheets";
import { startAppServer, type AppServer } from "../support/app-server";
import { launchBrowser, openPage } from "../support/browser";

const BROWSER_UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36";
const SLOW_SHEET = "/sheet/slow.csv";
/** The newest participant of the sample sheet, i.e. its last row. */
const NEWEST = SAMPLE_SHEET.trim().split(/\r?\n/).at(-1)!.split(",")[0]!;

const DOCUMENTS = ["/", "/sorteos", "/sorteos?q=mar&page=2", "/encuesta", "/no-existe/para-nada"];
const DATA_REQUESTS = ["/sorteos.data", "/_root.data", "/sorteos.data?q=mar", "/no-existe.data"];

function directives(csp: string): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of csp.split(";")) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (!name) continue;
    expect(map.has(name.toLowerCase()), `directive ${name} appears once`).toBe(false);
    map.set(name.toLowerCase(), values);
  }
  return map;
}

/** Asserts the headers every document and data response must carry; returns the CSP's directives. */
function expectCommonHeaders(response: Response, label: string): Map<string, string[]> {
  const csp = response.headers.get("content-security-policy");
  expect(csp, `${label}: Content-Security-Policy`).toBeTruthy();
  const policy = directives(csp!);
  expect(policy.get("default-src"), label).toEqual(["'self'"]);
  expect(policy.get("frame-ancestors"), label).toEqual(["'none'"]);
  expect(policy.get("base-uri"), label).toEqual(["'self'"]);
  expect(policy.get("form-action"), label).toEqual(["'self'"]);
  expect(policy.get("object-src"), label).toEqual(["'none'"]);
  const scriptSrc = policy.get("script-src") ?? policy.get("default-src")!;
  for (const forbidden of ["'unsafe-inline'", "'unsafe-eval'", "*", "data:", "http:", "https:"]) {
    expect(scriptSrc, `${label}: script-src has no ${forbidden}`).not.toContain(forbidden);
  }
  expect(response.headers.get("x-content-type-options"), label).toBe("nosniff");
  expect(response.headers.get("referrer-policy"), label).toBe("strict-origin-when-cross-origin");
  expect(response.headers.get("permissions-policy"), label).toBeTruthy();
  expect(response.headers.get("cross-origin-opener-policy"), label).toBe("same-origin");
  expect(response.headers.get("x-powered-by"), label).toBeNull();
  return policy;
}

function nonceOf(policy: Map<string, string[]>): string {
  const nonces = (policy.get("script-src") ?? [])
    .map((source) => /^'nonce-([^']+)'$/.exec(source)?.[1])
    .filter((nonce): nonce is string => Boolean(nonce));
  expect(nonces).toHaveLength(1);
  // 16 random bytes, base64: at least 128 bits.
  expect(nonces[0]!.length).toBeGreaterThanOrEqual(22);
  return nonces[0]!;
}

function scriptTags(html: string): { attributes: string; nonce: string | null }[] {
  return [...html.matchAll(/<script\b([^>]*)>/gi)].map((match) => ({
    attributes: match[1]!,
    nonce: /\snonce="([^"]*)"/i.exec(match[1]!)?.[1] ?? null,
  }));
}

let sheets: SheetServer;
let app: AppServer;

beforeAll(async () => {
  sheets = await startSheetServer({
    handlers: [
      http.get(`*${SLOW_SHEET}`, async () => {
        await delay(400);
        return new HttpResponse(SAMPLE_SHEET, { headers: { "content-type": "text/csv; charset=utf-8" } });
      }),
      ...defaultHandlers,
    ],
  });
  app = await startAppServer({ PARTICIPANTS_CSV_URL: sheets.url(sheetPath("ok")) });
});
afterAll(async () => {
  await app?.stop();
  await sheets?.close();
});

async function get(path: string, headers: Record<string, string> = {}, origin = app.origin) {
  const response = await fetch(`${origin}${path}`, { headers: { "user-agent": BROWSER_UA, ...headers } });
  return { response, body: await response.text() };
}

describe.each(DOCUMENTS)("document %s", (path) => {
  it("carries the security headers and a nonce on every script", async () => {
    const { response, body } = await get(path);
    expect([200, 404]).toContain(response.status);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    const nonce = nonceOf(expectCommonHeaders(response, path));
    const scripts = scriptTags(body);
    expect(scripts.length, "the page has scripts to check").toBeGreaterThan(0);
    for (const script of scripts) {
      expect(script.nonce, `<script${script.attributes}>`).toBe(nonce);
    }
  });
});

describe.each(DATA_REQUESTS)("data request %s", (path) => {
  it("carries the security headers", async () => {
    const { response, body } = await get(path);
    expect([200, 404]).toContain(response.status);
    expect(response.headers.get("content-type")).toMatch(/^text\/x-script/);
    expect(body.length).toBeGreaterThan(0);
    expectCommonHeaders(response, path);
  });
});

describe("resource route /healthz", () => {
  it("carries the security headers on its JSON", async () => {
    const { response } = await get("/healthz");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expectCommonHeaders(response, "/healthz");
  });
});

describe("per-response details", () => {
  it("uses a different nonce for every response", async () => {
    const nonces = new Set<string>();
    for (let index = 0; index < 5; index += 1) {
      const { response } = await get("/");
      nonces.add(nonceOf(directives(response.headers.get("content-security-policy")!)));
    }
    expect(nonces.size).toBe(5);
  });

  it("sends Strict-Transport-Security only when the request arrived over https", async () => {
    for (const path of ["/", "/sorteos.data"]) {
      const plain = await get(path);
      expect(plain.response.headers.get("strict-transport-security"), `${path} over http`).toBeNull();
      const forwardedHttp = await get(path, { "x-forwarded-proto": "http" });
      expect(forwardedHttp.response.headers.get("strict-transport-security"), `${path} forwarded http`).toBeNull();
      const forwardedHttps = await get(path, { "x-forwarded-proto": "https" });
      expect(forwardedHttps.response.headers.get("strict-transport-security"), `${path} forwarded https`).toMatch(
        /max-age=\d{7,}/,
      );
    }
  });
});

describe("streamed data (slow sheet)", () => {
  let slowApp: AppServer;

  beforeAll(async () => {
    slowApp = await startAppServer({ PARTICIPANTS_CSV_URL: sheets.url(SLOW_SHEET) });
  });
  afterAll(async () => {
    await slowApp?.stop();
  });

  it("puts the nonce on the scripts that stream in after the shell", async () => {
    const { response, body } = await get("/sorteos", {}, slowApp.origin);
    const nonce = nonceOf(expectCommonHeaders(response, "streamed /sorteos"));
    expect(body).toContain(NEWEST);
    const scripts = scriptTags(body);
    for (const script of scripts) expect(script.nonce, `<script${script.attributes}>`).toBe(nonce);
    // Once cached the rows come with the shell: the first answer really streamed extra scripts.
    const cached = await get("/sorteos", {}, slowApp.origin);
    expect(scripts.length).toBeGreaterThan(scriptTags(cached.body).length);
  });

  it("runs in Chromium without a single CSP violation, hydration included", async () => {
    const browser = await launchBrowser();
    try {
      for (const path of ["/", "/sorteos", "/no-existe"]) {
        const { page, context, problems } = await openPage(browser, "desktop");
        const violations: string[] = [];
        await page.exposeFunction("reportViolation", (text: string) => violations.push(text));
        await page.addInitScript(() => {
          document.addEventListener("securitypolicyviolation", (event) => {
            (window as unknown as { reportViolation: (text: string) => void }).reportViolation(
              `${event.violatedDirective} ${event.blockedURI}`,
            );
          });
        });
        await page.goto(`${slowApp.origin}${path}`, { waitUntil: "networkidle" });
        if (path === "/sorteos") await page.getByText(NEWEST).first().waitFor();
        // Hydrated: the client router is in charge.
        await page.waitForFunction(() => "__remixRouter" in window);
        expect(violations, path).toEqual([]);
        expect(
          problems.filter((problem) => /content security policy|refused to/i.test(problem)),
          path,
        ).toEqual([]);
        await context.close();
      }
    } finally {
      await browser.close();
    }
  });
});
