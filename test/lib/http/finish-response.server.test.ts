import { describe, expect, it } from "vitest";
import "../../support/https-public-origin";
import {
  crawlerFileResponse,
  finishResponse,
  healthResponse,
  type FinishedAs,
} from "~/lib/http/finish-response.server";
import { robotsTxt, sitemapXml } from "~/lib/sharing/crawler-files.server";

function finished(kind: FinishedAs): Headers {
  const headers = new Headers();
  finishResponse(headers, kind);
  return headers;
}

const PAGE = new URL("https://opinionlabz.example/sorteos");

type Stored = Extract<FinishedAs, { kind: "stored" }>["stored"];

const storedPage = (state: "ready" | "sheet-error"): Stored => ({
  status: 200,
  contentType: "text/x-script",
  state,
  inline: { scriptHashes: ["'sha256-abc'"], styleHashes: [] },
  bodies: { br: Buffer.alloc(0), gzip: Buffer.alloc(0), identity: Buffer.alloc(0) },
  etags: { br: '"a-br"', gzip: '"a-gz"', identity: '"a"' },
});

const stored = (state: "ready" | "sheet-error"): FinishedAs => ({
  kind: "stored",
  url: PAGE,
  stored: storedPage(state),
});

describe("finishResponse: every kind of response gets its headers from one place", () => {
  it.each([
    [
      "stored ready page",
      stored("ready"),
      /^public, max-age=0, s-maxage=\d+, stale-while-revalidate=300, no-transform$/,
    ],
    ["stored sheet error", stored("sheet-error"), /^public, max-age=0, s-maxage=(10|[1-9]), no-transform$/],
    ["private page", { kind: "private-page", nonce: "n0nce", url: PAGE } as const, /^no-store$/],
    [
      "404 page",
      { kind: "not-found-page", inline: { scriptHashes: [] as string[], styleHashes: [] as string[] } } as const,
      /^public, max-age=0, s-maxage=\d+$/,
    ],
    ["data", { kind: "data", url: PAGE } as const, /^no-store$/],
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
    expect(headers.get("Strict-Transport-Security"), "the public origin is https").not.toBeNull();
  });

  it("allows a private page's inline elements by its nonce, a stored one's by their hashes", () => {
    expect(finished({ kind: "private-page", nonce: "n0nce", url: PAGE }).get("Content-Security-Policy")).toContain(
      "script-src 'self' 'nonce-n0nce'",
    );
    expect(finished(stored("ready")).get("Content-Security-Policy")).toContain("script-src 'self' 'sha256-abc'");
  });

  it("sets the media type of each kind, and leaves Remix's own on data", () => {
    expect(finished(stored("ready")).get("Content-Type")).toBe("text/x-script");
    expect(finished({ kind: "private-page", nonce: "n", url: PAGE }).get("Content-Type")).toBe(
      "text/html; charset=utf-8",
    );
    expect(finished({ kind: "health" }).get("Content-Type")).toBe("application/json");
    const data = new Headers({ "Content-Type": "text/x-script" });
    finishResponse(data, { kind: "data", url: PAGE });
    expect(data.get("Content-Type")).toBe("text/x-script");
  });
});

describe("X-Robots-Tag", () => {
  it.each([
    ["/sorteos", null],
    ["/sorteos?page=1", null],
    ["/sorteos?q=ana", "noindex"],
    ["/sorteos?page=2", "noindex"],
    ["/sorteos.data?q=ana", "noindex"],
    ["/?q=ana", null],
  ])("keeps a search or a later page of the listing out of search engines: %s → %s", (path, expected) => {
    const url = new URL(path, PAGE);
    expect(finished(stored("ready")).get("X-Robots-Tag"), "the stored page's own URL").toBeNull();
    for (const kind of [
      { kind: "stored", stored: storedPage("ready"), url },
      { kind: "private-page", nonce: "n", url },
      { kind: "data", url },
    ] as FinishedAs[]) {
      expect(finished(kind).get("X-Robots-Tag"), kind.kind).toBe(expected);
    }
  });
});

describe("resource responses", () => {
  it.each([robotsTxt, sitemapXml])("serves a crawler file with its body and type (%o)", async (file) => {
    const response = crawlerFileResponse(file());
    expect(response.headers.get("Content-Type")).toBe(file().contentType);
    expect(await response.text()).toBe(file().body);
  });

  it("serves the health report as JSON that no cache keeps", async () => {
    const response = healthResponse({ status: "ok" });
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await response.json()).toEqual({ status: "ok" });
  });
});
