import { randomBytes } from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import { STORE_MAX_BYTES, storedResponse, storeUsage, type StorableResponse } from "~/lib/document-store.server";

function storable(body: Buffer<ArrayBuffer>): StorableResponse {
  return { status: 200, contentType: "text/html", state: "ready", inline: { scriptHashes: [], styleHashes: [] }, body };
}

describe("the document store", () => {
  it("makes a response once however many requests ask for it at the same time", async () => {
    const create = vi.fn(async () => storable(Buffer.from("<p>hola</p>")));
    const url = new URL("http://x/coalesced");
    const answers = await Promise.all(Array.from({ length: 20 }, () => storedResponse(url, "v1", create)));
    expect(create).toHaveBeenCalledTimes(1);
    expect(new Set(answers).size).toBe(1);
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

  it(`never holds more than its byte cap (${STORE_MAX_BYTES / 1024 / 1024} MiB): the least recently used go first`, async () => {
    // Random bytes do not compress: each entry holds about 3 × 256 KB.
    const bodies = Array.from({ length: 64 }, () => randomBytes(256 * 1024) as Buffer<ArrayBuffer>);
    const create = vi.fn(async (index: number) => storable(bodies[index]!));
    for (let index = 0; index < bodies.length; index += 1) {
      await storedResponse(new URL(`http://x/big/${index}`), "v", () => create(index));
      expect(storeUsage().bytes).toBeLessThanOrEqual(STORE_MAX_BYTES);
    }
    expect(storeUsage().bytes).toBeGreaterThan(STORE_MAX_BYTES * 0.8);
    create.mockClear();
    await storedResponse(new URL(`http://x/big/${bodies.length - 1}`), "v", () => create(bodies.length - 1));
    expect(create, "the newest is still stored").not.toHaveBeenCalled();
    await storedResponse(new URL("http://x/big/0"), "v", () => create(0));
    expect(create, "the oldest was evicted").toHaveBeenCalledTimes(1);
  }, 60_000);
});
