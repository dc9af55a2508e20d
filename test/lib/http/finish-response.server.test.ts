import { describe, expect, it } from "vitest";
import {
  crawlerFileResponse,
  finishResponse,
  healthResponse,
  type FinishedAs,
} from "~/lib/http/finish-response.server";
import { robotsTxt, sitemapXml } from "~/lib/sharing/crawler-files.server";

const overHttps = new Request("https://opinionlabz.example/x");

function finished(kind: FinishedAs): Headers {
  const headers = new Headers();
  finishResponse(headers, overHttps, kind);
  return headers;
}

const stored = (state: "ready" | "sheet-error"): FinishedAs => ({
  kind: "stored",
  stored: {
    status: 200,
    contentType: "text/x-script",
    state,
    inline: { scriptHashes: ["'sha256-abc'"], styleHashes: [] },
    bodies: { br: Buffer.alloc(0), gzip: Buffer.alloc(0), identity: Buffer.alloc(0) },
    etags: { br: '"a-br"', gzip: '"a-gz"', identity: '"a"' },
  },
});

describe("finishResponse: every kind of response gets its headers from one place", () => {
  it.each([
    [
      "stored ready page",
      stored("ready"),
      /^public, max-age=0, s-maxage=\d+, stale-while-revalidate=300, no-transform$/,
    ],
    ["stored sheet error", stored("sheet-error"), /^public, max-age=0, s-maxage=(10|[1-9]), no-transform$/],
    ["streamed page", { kind: "streamed-page", nonce: "n0nce" } as const, /^no-store$/],
    [
      "404 page",
      { kind: "not-found-page", inline: { scriptHashes: [] as string[], styleHashes: [] as string[] } } as const,
      /^public, max-age=0, s-maxage=\d+$/,
    ],
    ["data", { kind: "data" } as const, /^no-store$/],
    ["health", { kind: "health" } as const, /^no-store$/],
    [
      "crawler file",
      { kind: "crawler-file", contentType: "text/plain" } as const,
      /^public, max-age=3600, s-maxage=86400, stale-while-revalidate=604800$/,
    ],
  ])("%s: security headers and its Cache-Control", (_name, kind, cacheControl) => {
    const headers = finished(kind);
    expect(headers.get("Cache-Control")).toMatch(cacheControl);
    expect(headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(headers.get("Content-Security-Policy")).toContain("frame-ancestors 'none'");
    expect(headers.get("Strict-Transport-Security"), "the request came over HTTPS").not.toBeNull();
  });

  it("allows a streamed page's inline elements by its nonce, a stored one's by their hashes", () => {
    expect(finished({ kind: "streamed-page", nonce: "n0nce" }).get("Content-Security-Policy")).toContain(
      "script-src 'self' 'nonce-n0nce'",
    );
    expect(finished(stored("ready")).get("Content-Security-Policy")).toContain("script-src 'self' 'sha256-abc'");
  });

  it("sets the media type of each kind, and leaves Remix's own on data", () => {
    expect(finished(stored("ready")).get("Content-Type")).toBe("text/x-script");
    expect(finished({ kind: "streamed-page", nonce: "n" }).get("Content-Type")).toBe("text/html; charset=utf-8");
    expect(finished({ kind: "health" }).get("Content-Type")).toBe("application/json");
    const data = new Headers({ "Content-Type": "text/x-script" });
    finishResponse(data, overHttps, { kind: "data" });
    expect(data.get("Content-Type")).toBe("text/x-script");
  });
});

describe("resource responses", () => {
  it.each([robotsTxt, sitemapXml])("serves a crawler file with its body and type (%o)", async (file) => {
    const response = crawlerFileResponse(overHttps, file());
    expect(response.headers.get("Content-Type")).toBe(file().contentType);
    expect(await response.text()).toBe(file().body);
  });

  it("serves the health report as JSON that no cache keeps", async () => {
    const response = healthResponse(overHttps, { status: "ok" });
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await response.json()).toEqual({ status: "ok" });
  });
});
