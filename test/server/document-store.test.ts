/**
 * Ready pages and their revalidation data are one set of bytes (app/lib/http/document-store.server.ts):
 * the same for every visitor, compressed once, answered with 304 when unchanged, and
 * untouched by anything a visitor sends. Against the built server, over raw HTTP.
 */
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChangingSheet, handlers as defaultHandlers, sheetPath } from "../mocks/handlers";
import { startSheetServer, type SheetServer } from "../mocks/sheet-server";
import { startAppServer, type AppServer } from "../support/app-server";
import { BROWSER_USER_AGENT } from "../support/browser";
import { rawGet, rawRequest } from "../support/raw-http";
import { formStartAgo } from "../support/waitlist";

const BROWSER = { "user-agent": BROWSER_USER_AGENT };
const BROWSER_ENCODINGS = { ...BROWSER, "accept-encoding": "gzip, deflate, br, zstd" };
const READY_PAGES = [
  "/",
  "/sorteos",
  "/encuesta",
  "/sorteos?q=mar&page=2",
  "/bases-y-condiciones",
  "/privacidad",
  "/contacto",
];
const READY_DATA = [
  "/_root.data",
  "/sorteos.data",
  "/sorteos.data?q=mar",
  "/encuesta.data",
  "/bases-y-condiciones.data",
  "/privacidad.data",
  "/contacto.data",
];

let sheets: SheetServer;
let app: AppServer;
const sheet = createChangingSheet("Primera V.");

beforeAll(async () => {
  sheets = await startSheetServer({ handlers: [sheet.handler, ...defaultHandlers] });
  app = await startAppServer({ PARTICIPANTS_CSV_URL: sheets.url(sheetPath("ok")) });
  // The first request may stream while the sheet loads; from then on every page is ready.
  for (const path of READY_PAGES) await rawGet(app.origin, path, BROWSER);
}, 60_000);
afterAll(async () => {
  await app?.stop();
  await sheets?.close();
});

const get = (path: string, headers: Record<string, string> = BROWSER_ENCODINGS) => rawGet(app.origin, path, headers);

describe.each([...READY_PAGES, ...READY_DATA])("ready %s", (path) => {
  it("is the same bytes on every request, in each encoding, each with its own strong ETag", async () => {
    const byCoding = new Map<string, { body: Buffer; etag: string }>();
    for (const [coding, acceptEncoding] of [
      ["br", "gzip, deflate, br"],
      ["gzip", "gzip, deflate"],
      ["identity", "identity"],
    ] as const) {
      const [first, second] = [
        await get(path, { ...BROWSER, "accept-encoding": acceptEncoding }),
        await get(path, { ...BROWSER, "accept-encoding": acceptEncoding }),
      ];
      expect(first.status).toBe(200);
      expect(first.headers["content-encoding"]).toBe(coding === "identity" ? undefined : coding);
      expect(first.headers.vary).toBe("Accept-Encoding");
      expect(first.headers.etag).toMatch(/^"[\w-]+"$/);
      expect(Number(first.headers["content-length"])).toBe(first.body.length);
      expect(second.headers.etag).toBe(first.headers.etag);
      expect(second.body.equals(first.body), "byte-identical").toBe(true);
      byCoding.set(coding, { body: first.body, etag: first.headers.etag! });
    }
    const identity = byCoding.get("identity")!.body;
    expect(brotliDecompressSync(byCoding.get("br")!.body).equals(identity)).toBe(true);
    expect(gunzipSync(byCoding.get("gzip")!.body).equals(identity)).toBe(true);
    expect(new Set([...byCoding.values()].map(({ etag }) => etag)).size).toBe(3);
  });

  it("answers 304 without a body when the client already holds it, with the same cache headers", async () => {
    const full = await get(path);
    const etag = full.headers.etag!;
    for (const ifNoneMatch of [etag, `"nope", ${etag}`, `W/${etag}`, "*"]) {
      const revalidated = await get(path, { ...BROWSER_ENCODINGS, "if-none-match": ifNoneMatch });
      expect(revalidated.status, ifNoneMatch).toBe(304);
      expect(revalidated.body.length).toBe(0);
      expect(revalidated.headers.etag).toBe(etag);
      expect(revalidated.headers["cache-control"]).toBe(full.headers["cache-control"]);
      expect(revalidated.headers.vary).toBe("Accept-Encoding");
      expect(revalidated.headers["content-security-policy"]).toBe(full.headers["content-security-policy"]);
    }
    // Another encoding's tag, a stale tag or garbage: the full response.
    for (const ifNoneMatch of [
      etag.replace(/-br"$/, '-gz"'),
      `"${"0".repeat(27)}-br"`,
      "garbage",
      `"unterminated, ,,`,
    ]) {
      const answer = await get(path, { ...BROWSER_ENCODINGS, "if-none-match": ifNoneMatch });
      expect(answer.status, ifNoneMatch).toBe(200);
      expect(answer.body.equals(full.body)).toBe(true);
    }
  });
});

describe("encodings", () => {
  it("never compresses a stored page again: a deflate-only client gets the identity bytes", async () => {
    const identity = await get("/", { ...BROWSER, "accept-encoding": "identity" });
    const deflateOnly = await get("/", { ...BROWSER, "accept-encoding": "deflate" });
    expect(deflateOnly.status).toBe(200);
    expect(deflateOnly.headers["content-encoding"]).toBeUndefined();
    expect(deflateOnly.body.equals(identity.body)).toBe(true);
    expect(deflateOnly.headers.etag).toBe(identity.headers.etag);
  });

  it("honours q-values and q=0", async () => {
    const coding = async (acceptEncoding: string) =>
      (await get("/sorteos", { ...BROWSER, "accept-encoding": acceptEncoding })).headers["content-encoding"] ??
      "identity";
    expect(await coding("br;q=0, gzip")).toBe("gzip");
    expect(await coding("gzip;q=0.5, br;q=0.4")).toBe("gzip");
    expect(await coding("br;q=0, gzip;q=0")).toBe("identity");
    expect(await coding("*")).toBe("br");
  });

  it("sends a short answer (/healthz) uncompressed, with its length: compressing it costs more than it saves", async () => {
    const answer = await get("/healthz");
    expect(answer.status).toBe(200);
    expect(answer.headers["content-encoding"]).toBeUndefined();
    expect(answer.headers["content-length"]).toBe(String(answer.body.length));
    expect(JSON.parse(answer.body.toString("utf8"))).toMatchObject({ status: "ok" });
  });

  it("sends a page made for one request (a form's answer) whole, with its length, or compressed when asked", async () => {
    const answer = (acceptEncoding: string) =>
      rawRequest(app.origin, "/encuesta", {
        method: "POST",
        headers: {
          ...BROWSER,
          "accept-encoding": acceptEncoding,
          "content-type": "application/x-www-form-urlencoded",
          "x-forwarded-for": "198.51.100.90",
        },
        body: new URLSearchParams({ email: "sin-arroba", sitio_web: "", inicio: formStartAgo(5000) }).toString(),
      });
    const identity = await answer("identity");
    expect(identity.status).toBe(400);
    expect(identity.headers["cache-control"]).toBe("no-store");
    expect(identity.headers["content-length"]).toBe(String(identity.body.length));
    // Whole: from the doctype to the script that closes the route data React sends after the page.
    expect(identity.body.toString("utf8")).toMatch(
      /^<!DOCTYPE html>[\s\S]*no parece válido[\s\S]*streamController\.close\(\);<\/script>/,
    );
    const gzip = await answer("gzip");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.body).toString("utf8")).toMatch(/no parece válido[\s\S]*streamController\.close\(\)/);
  });

  it("sends identity to a client that sends no Accept-Encoding", async () => {
    const answer = await get("/encuesta", BROWSER);
    expect(answer.headers["content-encoding"]).toBeUndefined();
    expect(answer.body.toString("utf8")).toMatch(/^<!DOCTYPE html>/);
  });
});

describe("cache headers", () => {
  it("keeps ready pages and data for shared caches, /healthz for no one, /build for a year", async () => {
    for (const path of [...READY_PAGES, ...READY_DATA]) {
      const { headers } = await get(path);
      expect(headers["cache-control"], path).toBe(
        "public, max-age=0, s-maxage=60, stale-while-revalidate=300, no-transform",
      );
    }
    const notFound = await get("/no-existe/para-nada");
    expect(notFound.status).toBe(404);
    expect(notFound.headers["cache-control"]).toBe("public, max-age=0, s-maxage=60");
    expect((await get("/healthz")).headers["cache-control"]).toBe("no-store");
    const html = gunzipSync((await get("/", { ...BROWSER, "accept-encoding": "gzip" })).body).toString("utf8");
    const asset = /<link data-rel-after-first-paint="modulepreload" href="(\/build\/[^"]+\.js)"/.exec(html)?.[1];
    expect(asset).toBeTruthy();
    expect((await get(asset!)).headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("never sets a cookie", async () => {
    for (const path of [...READY_PAGES, ...READY_DATA, "/no-existe", "/healthz", "/robots.txt"]) {
      expect((await get(path)).headers["set-cookie"], path).toBeUndefined();
    }
  });
});

describe("bad input", () => {
  it("ignores Range on documents and data: the whole body, 200, never a 206 of compressed bytes", async () => {
    for (const path of ["/", "/sorteos.data"]) {
      const whole = await get(path);
      for (const range of ["bytes=0-10", "bytes=-5", "bytes=5-1", "bytes=0-0,10-20", "pages=1"]) {
        const answer = await get(path, { ...BROWSER_ENCODINGS, range });
        expect(answer.status, `${path} ${range}`).toBe(200);
        expect(answer.headers["content-range"]).toBeUndefined();
        expect(answer.body.equals(whole.body)).toBe(true);
      }
    }
  });

  it("answers an enormous Accept-Encoding or If-None-Match with an ordinary page", async () => {
    const whole = await get("/sorteos");
    const junkCodings = await get("/sorteos", { ...BROWSER, "accept-encoding": `${"x-junk;q=0.1, ".repeat(1000)}br` });
    expect(junkCodings.status).toBe(200);
    const junkTags = await get("/sorteos", { ...BROWSER_ENCODINGS, "if-none-match": `"x", `.repeat(2000) });
    expect(junkTags.status).toBe(200);
    expect(junkTags.body.equals(whole.body)).toBe(true);
  });

  it("keeps Host and X-Forwarded-* out of the stored bytes: every visitor gets the same page", async () => {
    const normal = await get("/sorteos?q=host-test");
    const spoofed = await get("/sorteos?q=host-test", {
      ...BROWSER_ENCODINGS,
      host: "evil.example",
      "x-forwarded-host": "evil.example",
      "x-forwarded-proto": "https",
      "x-forwarded-for": "203.0.113.9",
    });
    expect(spoofed.body.equals(normal.body)).toBe(true);
    expect(spoofed.headers.etag).toBe(normal.headers.etag);
    const html = brotliDecompressSync(spoofed.body).toString("utf8");
    expect(html).not.toContain("evil.example");
    // The first visitor can be the spoofer too: a new URL stored from a spoofed request.
    const firstSpoofed = await get("/sorteos?q=host-first", {
      ...BROWSER,
      host: "evil.example",
      "x-forwarded-host": "evil.example",
    });
    expect(firstSpoofed.body.toString("utf8")).not.toContain("evil.example");
    const after = await get("/sorteos?q=host-first", BROWSER);
    expect(after.body.equals(firstSpoofed.body)).toBe(true);
  });

  it("never lets Host pick the page: a Host that is not a plain host[:port] is refused, / stays the home page", async () => {
    const home = await get("/");
    // Remix builds the request URL from Host and the path: these two made / answer /sorteos
    // (stored and marked for shared caches) and /sorteos answer the home page.
    for (const [host, path] of [
      ["localhost/sorteos?", "/"],
      ["localhost#", "/sorteos"],
    ] as const) {
      const answer = await get(path, { ...BROWSER_ENCODINGS, host });
      expect(answer.status, host).toBe(400);
      expect(answer.headers["cache-control"], host).toBe("no-store");
    }
    const after = await get("/");
    expect(after.body.equals(home.body)).toBe(true);
  });

  it("serves every spelling of a search as one page: the same bytes and ETag", async () => {
    const canonical = await get("/sorteos?q=Mar%C3%ADa");
    expect(canonical.status).toBe(200);
    for (const variant of [
      "/sorteos?q=Mari%CC%81a",
      "/sorteos?q=%20Mar%C3%ADa%20&utm_source=newsletter",
      "/sorteos?utm_campaign=x&q=Mar%C3%ADa&page=1",
    ]) {
      const answer = await get(variant);
      expect(answer.status, variant).toBe(200);
      expect(answer.headers.etag, variant).toBe(canonical.headers.etag);
    }
  });

  it("answers 600 distinct searches with ordinary pages, each showing its own query, the least recently used leaving the store first", async () => {
    // A search page is about 70 KB in its three encodings: 600 of them overflow the 32 MiB store.
    const queries = Array.from(
      { length: 600 },
      (_, index) => `busqueda-${index}-${Math.random().toString(36).slice(2)}`,
    );
    const renderInstant = async (query: string) => {
      const answer = await get(`/sorteos?q=${query}`, { ...BROWSER, "accept-encoding": "gzip" });
      expect(answer.status).toBe(200);
      const html = gunzipSync(answer.body).toString("utf8");
      expect(html).toContain(`value="${query}"`);
      return Number(/data-render-instant="(\d+)"/.exec(html)?.[1]);
    };
    const firstRendered = await renderInstant(queries[0]!);
    const workers = Array.from({ length: 8 }, async (_, worker) => {
      for (let index = 1 + worker; index < queries.length; index += 8) await renderInstant(queries[index]!);
    });
    await Promise.all(workers);
    const lastRendered = await renderInstant(queries.at(-1)!);
    // The newest is still stored (the same render); the oldest was evicted and is rendered anew.
    expect(await renderInstant(queries.at(-1)!)).toBe(lastRendered);
    expect(await renderInstant(queries[0]!)).toBeGreaterThan(firstRendered);
    // The ordinary pages are still served, whatever was evicted to make room.
    expect((await get("/")).status).toBe(200);
    expect((await get("/healthz", BROWSER)).status).toBe(200);
  }, 240_000);
});

describe("a sheet that changes", () => {
  let changing: AppServer;
  beforeAll(async () => {
    changing = await startAppServer({
      PARTICIPANTS_CSV_URL: sheets.url(sheet.path),
      PARTICIPANTS_TTL_SECONDS: "1",
      SHARED_MAX_AGE_SECONDS: "2",
    });
  });
  afterAll(async () => {
    await changing?.stop();
  });

  const text = async (path: string, headers: Record<string, string> = BROWSER) => {
    const answer = await rawGet(changing.origin, path, headers);
    return { ...answer, html: answer.body.toString("utf8") };
  };

  it("shows the new rows on pages and in revalidation data once the sheet is refreshed", async () => {
    for (const path of ["/", "/sorteos", "/sorteos?q=c-2", "/sorteos.data"]) {
      await expect.poll(async () => (await text(path)).html, { timeout: 10_000 }).toContain("Primera V.");
    }
    const before = await text("/sorteos.data");
    sheet.setNewest("Segunda V.");
    for (const path of ["/", "/sorteos", "/sorteos?q=c-2", "/sorteos.data"]) {
      await expect.poll(async () => (await text(path)).html, { timeout: 20_000 }).toContain("Segunda V.");
      expect((await text(path)).html).not.toContain("Primera V.");
    }
    // The data changed, so its ETag did: a client holding the old one gets the new rows.
    const after = await text("/sorteos.data", { ...BROWSER, "if-none-match": before.headers.etag! });
    expect(after.status).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it("renders a stored page again once its lifetime has passed, so its render instant is never older", async () => {
    const renderInstant = async () => Number(/data-render-instant="(\d+)"/.exec((await text("/encuesta")).html)?.[1]);
    const first = await renderInstant();
    expect(first).toBeGreaterThan(0);
    await expect.poll(renderInstant, { timeout: 20_000, interval: 250 }).toBeGreaterThan(first);
    // Stored, not rendered per request: the next one comes only after the 2 s lifetime.
    expect((await renderInstant()) - first).toBeGreaterThanOrEqual(2000);
  });
});
