import type { EntryContext } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { pageCacheKey } from "~/lib/page-cache.server";

function contextWith(state: Partial<EntryContext["staticHandlerContext"]>): EntryContext {
  return {
    staticHandlerContext: { loaderData: {}, actionData: null, errors: null, ...state },
  } as unknown as EntryContext;
}

const get = (url: string) => new Request(url);
const rows = { root: null, "routes/sorteos": { listing: { rows: [{ nombre: "Ana" }] }, renderedAt: 15_000 } };

describe("pageCacheKey", () => {
  it("keys a successful GET by URL and by the data it shows", () => {
    const key = pageCacheKey(get("http://x/sorteos?q=an"), 200, contextWith({ loaderData: rows }));
    expect(key).toContain("/sorteos?q=an");
    const otherData = { ...rows, "routes/sorteos": { ...rows["routes/sorteos"], renderedAt: 30_000 } };
    expect(pageCacheKey(get("http://x/sorteos?q=an"), 200, contextWith({ loaderData: otherData }))).not.toBe(key);
    expect(pageCacheKey(get("http://x/sorteos?q=ana"), 200, contextWith({ loaderData: rows }))).not.toBe(key);
  });

  it("never caches a page that is still waiting on data: it streams", () => {
    const pending = { root: null, "routes/_index": { recent: new Promise(() => undefined) } };
    expect(pageCacheKey(get("http://x/"), 200, contextWith({ loaderData: pending }))).toBeNull();
  });

  it("never caches errors, other statuses or other methods", () => {
    expect(pageCacheKey(get("http://x/"), 404, contextWith({ loaderData: rows }))).toBeNull();
    expect(pageCacheKey(get("http://x/"), 200, contextWith({ errors: { root: new Error("x") } }))).toBeNull();
    expect(pageCacheKey(new Request("http://x/", { method: "POST" }), 200, contextWith({}))).toBeNull();
  });
});
