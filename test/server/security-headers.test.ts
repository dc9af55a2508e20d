/**
 * Security headers on every document and data response of the built server, and a CSP
 * that really allows every inline script and style the page carries, in every state: by
 * hash on pages served alike to everyone, by a fresh nonce on pages that stream.
 */
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { holdSlowSheet, sheetPath } from "../mocks/handlers";
import { startSheetServer, type SheetServer } from "../mocks/sheet-server";
import { sampleParticipants } from "../mocks/sheets";
import { startAppServer, type AppServer } from "../support/app-server";
import { BROWSER_USER_AGENT, sharedBrowser, openPage, recordCspViolations, gotoHydrated } from "../support/browser";
import { useSharedApp } from "../support/site-under-test";

const SLOW_SHEET = sheetPath("slow");
const NEWEST = (await sampleParticipants())[0]!.nombre;

const DOCUMENTS = [
  "/",
  "/sorteos",
  "/sorteos?q=mar&page=2",
  "/encuesta",
  "/bases-y-condiciones",
  "/privacidad",
  "/contacto",
  "/no-existe/para-nada",
];
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
  // docs/decisions/045-route-keeping-declared-in-headers.md: the routes' keeping is internal.
  expect(response.headers.get("x-keeping"), label).toBeNull();
  return policy;
}

function nonceOf(policy: Map<string, string[]>, directive = "script-src"): string {
  const nonces = (policy.get(directive) ?? [])
    .map((source) => /^'nonce-([^']+)'$/.exec(source)?.[1])
    .filter((nonce): nonce is string => Boolean(nonce));
  expect(nonces).toHaveLength(1);
  // 16 random bytes, base64: at least 128 bits.
  expect(nonces[0]!.length).toBeGreaterThanOrEqual(22);
  return nonces[0]!;
}

interface InlineElement {
  tag: "script" | "style";
  attributes: string;
  content: string;
}

/** Inline scripts (no src) and styles, as the HTML parser delimits raw-text elements. */
function inlineElements(html: string): InlineElement[] {
  const elements: InlineElement[] = [];
  let rest = html;
  for (;;) {
    const open = /<(script|style)(\s[^>]*)?>/i.exec(rest);
    if (!open) return elements;
    const tag = open[1]!.toLowerCase() as InlineElement["tag"];
    const start = open.index + open[0].length;
    const end = rest.toLowerCase().indexOf(`</${tag}`, start);
    expect(end, `<${tag}> is closed`).toBeGreaterThan(-1);
    const attributes = open[2] ?? "";
    if (tag === "style" || !/\ssrc=/i.test(attributes))
      elements.push({ tag, attributes, content: rest.slice(start, end) });
    rest = rest.slice(end);
  }
}

/**
 * Asserts that the response's CSP allows each inline element by its SHA-256 (computed here
 * from the HTML as sent) or by its nonce, and returns how many were checked.
 */
function expectInlineAllowed(policy: Map<string, string[]>, html: string, label: string): number {
  const elements = inlineElements(html);
  for (const { tag, attributes, content } of elements) {
    const sources = policy.get(tag === "script" ? "script-src" : "style-src") ?? [];
    const hash = `'sha256-${createHash("sha256").update(content.replace(/\r\n?/g, "\n")).digest("base64")}'`;
    const nonce = /\snonce="([^"]+)"/.exec(attributes)?.[1];
    const allowed = sources.includes(hash) || (nonce !== undefined && sources.includes(`'nonce-${nonce}'`));
    expect(allowed, `${label}: <${tag}${attributes}>${content.slice(0, 60)}…`).toBe(true);
  }
  return elements.length;
}

const site = useSharedApp("ok");
/** The mocked spreadsheets of the apps this file starts for itself. */
let sheets: SheetServer;
beforeAll(async () => {
  sheets = await startSheetServer();
});
afterAll(async () => {
  await sheets?.close();
});

async function get(path: string, headers: Record<string, string> = {}, origin = site.app.origin) {
  const response = await fetch(`${origin}${path}`, { headers: { "user-agent": BROWSER_USER_AGENT, ...headers } });
  return { response, body: await response.text() };
}

describe.each(DOCUMENTS)("document %s, data ready", (path) => {
  it("carries the security headers and allows every inline script and style by its hash", async () => {
    await get(path);
    const { response, body } = await get(path);
    expect([200, 404]).toContain(response.status);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    const policy = expectCommonHeaders(response, path);
    expect(
      response.headers.get("content-security-policy"),
      "no nonce on a page served alike to everyone",
    ).not.toContain("'nonce-");
    expect(body).not.toMatch(/\snonce=/);
    expect(expectInlineAllowed(policy, body, path), "the page has inline scripts to check").toBeGreaterThan(0);
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
  it("sends Strict-Transport-Security on every response when SITE_URL is https, whatever the proxy says", async () => {
    // The example nginx overwrote X-Forwarded-Proto with its own plain-http hop: HSTS never
    // reached a browser. SITE_URL alone decides now.
    const httpsSite = await startAppServer({
      PARTICIPANTS_CSV_URL: sheets.url(sheetPath("ok")),
      SITE_URL: "https://opinionlabz.example",
    });
    try {
      for (const path of ["/", "/sorteos.data", "/no-existe", "/healthz", "/robots.txt", "/sitemap.xml"]) {
        for (const forwarded of [{}, { "x-forwarded-proto": "http" }] as Record<string, string>[]) {
          const { response } = await get(path, forwarded, httpsSite.origin);
          expect(response.headers.get("strict-transport-security"), `${path} ${JSON.stringify(forwarded)}`).toBe(
            "max-age=63072000; includeSubDomains",
          );
        }
      }
    } finally {
      await httpsSite.stop();
    }
    // A plain-http SITE_URL (local runs) never asks for HTTPS, whatever a header claims.
    for (const path of ["/", "/sorteos.data"]) {
      const forwardedHttps = await get(path, { "x-forwarded-proto": "https" });
      expect(forwardedHttps.response.headers.get("strict-transport-security"), path).toBeNull();
    }
  });
});

describe("streamed data (slow sheet)", () => {
  let slowApp: AppServer;
  let sheet: ReturnType<typeof holdSlowSheet>;

  beforeAll(async () => {
    sheet = holdSlowSheet();
    slowApp = await startAppServer({ PARTICIPANTS_CSV_URL: sheets.url(SLOW_SHEET) });
  });
  afterAll(async () => {
    sheet?.restore();
    await slowApp?.stop();
  });

  it("gives each streamed response its own nonce, on every inline script and style, and no-store", async () => {
    // The sheet is held: every page asked for streams its rows in behind the shell once it answers.
    const paths = ["/sorteos", "/", "/sorteos?q=a"];
    const headers = { "user-agent": BROWSER_USER_AGENT };
    const responses = await Promise.all(paths.map((path) => fetch(`${slowApp.origin}${path}`, { headers })));
    sheet.release();
    const answers = await Promise.all(responses.map(async (response) => ({ response, body: await response.text() })));
    const nonces = new Set<string>();
    answers.forEach(({ response, body }, index) => {
      const label = `streamed ${paths[index]}`;
      expect(response.headers.get("cache-control"), label).toBe("no-store");
      expect(response.headers.get("etag"), label).toBeNull();
      const policy = expectCommonHeaders(response, label);
      const nonce = nonceOf(policy);
      expect(nonceOf(policy, "style-src")).toBe(nonce);
      nonces.add(nonce);
      expect(expectInlineAllowed(policy, body, label)).toBeGreaterThan(0);
      // Streamed for real: the rows arrive in scripts after the document's end.
      expect(body.indexOf("</html>"), label).toBeLessThan(body.lastIndexOf("<script"));
    });
    expect(answers[0]!.body).toContain(NEWEST);
    expect(nonces.size).toBe(paths.length);
  });
});

describe("a sheet that cannot be read", () => {
  let failingApp: AppServer;

  beforeAll(async () => {
    failingApp = await startAppServer({ PARTICIPANTS_CSV_URL: sheets.url(sheetPath("500")) });
    await get("/sorteos", {}, failingApp.origin);
  });
  afterAll(async () => {
    await failingApp?.stop();
  });

  it("serves the error page alike to everyone, allowed by hash, kept by shared caches 10 s at most", async () => {
    for (const path of ["/", "/sorteos", "/sorteos.data"]) {
      const { response, body } = await get(path, {}, failingApp.origin);
      expect(response.status, path).toBe(200);
      expect(body, path).toContain(
        path === "/" ? "No pudimos cargar los participantes recientes." : "Error al cargar datos: 500",
      );
      expect(response.headers.get("cache-control"), path).toBe("public, max-age=0, s-maxage=10, no-transform");
      expect(response.headers.get("etag"), path).toBeTruthy();
      const policy = expectCommonHeaders(response, `error ${path}`);
      if (!path.endsWith(".data")) expect(expectInlineAllowed(policy, body, `error ${path}`)).toBeGreaterThan(0);
    }
  });
});

describe("in Chromium", () => {
  let slowApp: AppServer;

  beforeAll(async () => {
    slowApp = await startAppServer({ PARTICIPANTS_CSV_URL: sheets.url(SLOW_SHEET) });
  });
  afterAll(async () => {
    await slowApp?.stop();
  });

  it("runs streamed, stored and 404 pages without a single CSP violation, hydration included", async () => {
    const browser = await sharedBrowser();
    try {
      // The first /sorteos streams (cold sheet); the same pages again are stored ones.
      for (const path of ["/sorteos", "/", "/no-existe", "/sorteos", "/", "/encuesta"]) {
        const { page, context, problems } = await openPage(browser, "desktop");
        const violations = await recordCspViolations(page);
        // The 404 page logs once hydrated; the document's own 404 is expected only with that log.
        const notFoundLogged =
          path === "/no-existe" ? page.waitForEvent("console", (message) => /^404 Error/.test(message.text())) : null;
        await gotoHydrated(page, `${slowApp.origin}${path}`);
        await notFoundLogged;
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
