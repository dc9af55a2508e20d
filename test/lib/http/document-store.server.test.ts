// First: the public origin is https for this file (HSTS depends on it).
import "../../support/https-public-origin";
import { randomBytes } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it, vi } from "vitest";
import { storedAnswer } from "~/lib/http/document-store.server";
import { isStorable, type StorableResponse } from "~/lib/http/stored-response.server";

function storable(body: Buffer<ArrayBuffer>): StorableResponse {
  return { status: 200, contentType: "text/html", state: "ready", inline: { scriptHashes: [], styleHashes: [] }, body };
}

/** The stored answer to a GET of `url` whose data is `version`, as the entry's routes would have it finished. */
function storedResponse(url: URL, version: string, create: () => Promise<StorableResponse>, headers = {}) {
  return storedAnswer(
    new Request(url, { headers }),
    new Headers({ "Content-Type": "text/plain", "Content-Length": "1" }),
    version,
    create,
  );
}

describe("the document store", () => {
  it("makes a response once however many requests ask for it at the same time", async () => {
    const create = vi.fn(async () => storable(Buffer.from("<p>hola</p>")));
    const url = new URL("http://x/coalesced");
    const answers = await Promise.all(Array.from({ length: 20 }, () => storedResponse(url, "v1", create)));
    expect(create).toHaveBeenCalledTimes(1);
    expect(new Set(answers.map((answer) => answer.headers.get("ETag"))).size).toBe(1);
    await storedResponse(url, "v2", create);
    expect(create, "new data, new bytes").toHaveBeenCalledTimes(2);
  });

  it("keys by path and query only", async () => {
    const create = vi.fn(async () => storable(Buffer.from("<p>chau</p>")));
    await storedResponse(new URL("http://a.example/k?q=1"), "v", create);
    await storedResponse(new URL("https://evil.example:8443/k?q=1"), "v", create);
    expect(create).toHaveBeenCalledTimes(1);
    await storedResponse(new URL("http://a.example/k?q=2"), "v", create);
    expect(create).toHaveBeenCalledTimes(2);
  });

  it("keeps one entry for every URL of the same page and data: tracking keys, page clamp, q spellings", async () => {
    const create = vi.fn(async () => storable(Buffer.from("<p>una página</p>")));
    for (const url of [
      "http://x/shared?q=Jos%C3%A9",
      "http://x/shared?q=Jose%CC%81",
      "http://x/shared?q=%20Jos%C3%A9%20&utm_source=newsletter",
      "http://x/shared?page=99&q=Jos%C3%A9",
    ]) {
      await storedResponse(new URL(url), "the same data", create);
    }
    expect(create).toHaveBeenCalledTimes(1);
  });

  it("holds 32 MiB, every encoding counted: the least recently used go first", async () => {
    // Random bytes do not compress: each entry holds 3 × 256 KiB (768 KiB), so 42 fit in 32 MiB.
    const bodies = Array.from({ length: 64 }, () => randomBytes(256 * 1024) as Buffer<ArrayBuffer>);
    const create = vi.fn(async (index: number) => storable(bodies[index]!));
    const ask = (index: number) => storedResponse(new URL(`http://x/big/${index}`), "v", () => create(index));
    for (let index = 0; index < bodies.length; index += 1) await ask(index);
    create.mockClear();
    // Newest first, so that asking never pushes out one still to be asked.
    for (let index = 63; index >= 24; index -= 1) await ask(index);
    expect(create, "the newest 40 (30 MiB) are all still stored").not.toHaveBeenCalled();
    for (let index = 0; index < 20; index += 1) await ask(index);
    expect(create, "the oldest 20 were evicted: 64 entries would take 48 MiB").toHaveBeenCalledTimes(20);
  }, 60_000);
});

const PAGE = "<!DOCTYPE html><html><body>" + "<p>hola mundo</p>".repeat(200) + "</body></html>";

const PAGE_BYTES = Buffer.from(PAGE);
const BROTLI = { "Accept-Encoding": "br" };
const GZIP = { "Accept-Encoding": "gzip" };

/** The page's answer at `path` in the encoding `headers` accept, from the store. */
function serve(path: string, headers: Record<string, string> = {}, overrides: Partial<StorableResponse> = {}) {
  return storedResponse(
    new URL(`https://opinionlabz.example${path}`),
    "v",
    async () => ({ ...storable(PAGE_BYTES), ...overrides }),
    headers,
  );
}

const bytesOf = async (response: Response) => Buffer.from(await response.arrayBuffer());

describe("the stored page", () => {
  it("is kept in every encoding, each decoding to the same bytes", async () => {
    const [br, gzipped, identity] = await Promise.all(
      [BROTLI, GZIP, {}].map(async (headers) => bytesOf(await serve("/encodings", headers))),
    );
    expect(brotliDecompressSync(br!).toString()).toBe(PAGE);
    expect(gunzipSync(gzipped!).toString()).toBe(PAGE);
    expect(identity!.toString()).toBe(PAGE);
    expect(br!.length).toBeLessThan(PAGE.length);
  });

  it("gives each encoding its own strong ETag, and other bytes other tags", async () => {
    const tagsOf = async (path: string, body = PAGE_BYTES) =>
      Promise.all(
        [BROTLI, GZIP, {}].map(async (headers) =>
          (await storedResponse(new URL(`http://x${path}`), "v", async () => storable(body), headers)).headers.get(
            "ETag",
          )!,
        ),
      );
    const tags = await tagsOf("/etags");
    expect(new Set(tags).size).toBe(3);
    for (const tag of tags) expect(tag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const other = await tagsOf("/etags-other", Buffer.from(`${PAGE}!`));
    for (const [index, tag] of other.entries()) expect(tag).not.toBe(tags[index]);
    expect(await tagsOf("/etags-same"), "the tag depends on the bytes only").toEqual(tags);
  });

  it("passes on a failure to make the response, and tries again on the next request", async () => {
    const failing = vi.fn(async (): Promise<StorableResponse> => {
      throw new Error("render failed");
    });
    await expect(storedResponse(new URL("http://x/fails"), "v", failing)).rejects.toThrow();
    await expect(storedResponse(new URL("http://x/fails"), "v", failing)).rejects.toThrow();
    expect(failing).toHaveBeenCalledTimes(2);
  });
});

describe("isStorable", () => {
  it("stores only what is the same for everyone and complete", () => {
    expect(isStorable("ready")).toBe(true);
    expect(isStorable("sheet-error")).toBe(true);
    expect(isStorable("not-found")).toBe(false);
    expect(isStorable("private")).toBe(false);
  });
});

describe("the stored answer", () => {
  it.each([
    ["br, gzip", "br", brotliDecompressSync],
    ["gzip", "gzip", gunzipSync],
  ] as const)("sends the encoding the client accepts (%s)", async (accept, coding, decode) => {
    const response = await serve("/serve", { "Accept-Encoding": accept });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Encoding")).toBe(coding);
    expect(response.headers.get("ETag")).toMatch(coding === "br" ? /-br"$/ : /-gz"$/);
    const body = await bytesOf(response);
    expect(response.headers.get("Content-Length")).toBe(String(body.length));
    expect(decode(body).toString()).toBe(PAGE);
  });

  it("sends the plain bytes, with no Content-Encoding, to a client that accepts no compression", async () => {
    const response = await serve("/serve");
    expect(response.headers.get("Content-Encoding")).toBeNull();
    expect(response.headers.get("Content-Length")).toBe(String(Buffer.byteLength(PAGE)));
    expect(response.headers.get("ETag")).toMatch(/^"[\w-]{27}"$/);
    expect(await response.text()).toBe(PAGE);
  });

  it("carries the stored status, type, cache lifetime, security headers and Vary", async () => {
    const response = await serve("/serve-error", GZIP, {
      status: 503,
      contentType: "text/html; charset=utf-8",
      state: "sheet-error",
    });
    expect(response.status).toBe(503);
    expect(response.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toMatch(/^public, max-age=0, s-maxage=\d+, no-transform$/);
    expect(response.headers.get("Vary")).toBe("Accept-Encoding");
    expect(response.headers.get("Content-Security-Policy")).toContain("script-src 'self'");
    expect(response.headers.get("Strict-Transport-Security")).not.toBeNull();
  });

  it("answers 304 with no body and no entity headers when the client holds that encoding", async () => {
    const etag = (await serve("/serve", BROTLI)).headers.get("ETag")!;
    const response = await serve("/serve", { ...BROTLI, "If-None-Match": etag });
    expect(response.status).toBe(304);
    expect(await response.text()).toBe("");
    for (const name of ["Content-Type", "Content-Length", "Content-Encoding"])
      expect(response.headers.get(name), name).toBeNull();
    expect(response.headers.get("ETag")).toBe(etag);
    expect(response.headers.get("Cache-Control")).toContain("public");
    expect(response.headers.get("Vary")).toBe("Accept-Encoding");
  });

  it("sends the whole page when the client holds another encoding's copy", async () => {
    const brotliTag = (await serve("/serve", BROTLI)).headers.get("ETag")!;
    const response = await serve("/serve", { ...GZIP, "If-None-Match": brotliTag });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Encoding")).toBe("gzip");
  });
});
