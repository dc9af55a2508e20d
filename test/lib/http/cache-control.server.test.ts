import type { EntryContext } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { cacheControlFor, dataState, documentState, ifNoneMatchHits } from "~/lib/http/cache-control.server";

const ETAG = `"abc123-br"`;

describe("ifNoneMatchHits", () => {
  it.each([
    [`"abc123-br"`, true],
    [`"other", "abc123-br"`, true],
    [`W/"abc123-br"`, true],
    [`*`, true],
    [` * `, true],
    [`"abc123"`, false],
    [`"abc123-gz"`, false],
    [`abc123-br`, false],
    [`"ABC123-BR"`, false],
    [``, false],
    [`garbage, \u0000, ;;;`, false],
    [`"*"`, false],
  ])("%j → %s", (header, hits) => {
    expect(ifNoneMatchHits(header, ETAG)).toBe(hits);
  });

  it("treats an absurdly long list as no match rather than comparing it all", () => {
    expect(ifNoneMatchHits(`${`"x", `.repeat(10_000)}${ETAG}`, ETAG)).toBe(false);
    expect(ifNoneMatchHits(null, ETAG)).toBe(false);
  });
});

function contextWith(state: Partial<EntryContext["staticHandlerContext"]>): EntryContext {
  return {
    staticHandlerContext: { loaderData: {}, actionData: null, errors: null, ...state },
  } as unknown as EntryContext;
}

const get = new Request("http://x/sorteos");
const view = { kind: "participants", fetchedAt: 1, error: null, rows: [] };

describe("documentState", () => {
  it("tells ready pages, pages showing the sheet's error, 404s and everything else apart", () => {
    expect(
      documentState(get, 200, contextWith({ loaderData: { root: null, "routes/sorteos": { listing: view } } })),
    ).toBe("ready");
    const failed = { listing: { ...view, fetchedAt: null, error: "Error al cargar datos: 500" } };
    expect(documentState(get, 200, contextWith({ loaderData: { "routes/sorteos": failed } }))).toBe("sheet-error");
    expect(documentState(get, 404, contextWith({ loaderData: { "routes/$": null } }))).toBe("not-found");
  });

  it("never shares a page that streams, failed, or answers anything but a read", () => {
    const pending = { "routes/_index": { recent: new Promise(() => undefined) } };
    expect(documentState(get, 200, contextWith({ loaderData: pending }))).toBe("private");
    expect(documentState(get, 500, contextWith({ errors: { root: new Error("x") } }))).toBe("private");
    expect(documentState(new Request("http://x/", { method: "POST" }), 200, contextWith({}))).toBe("private");
    expect(documentState(get, 200, contextWith({ actionData: { x: 1 } }))).toBe("private");
  });
});

describe("dataState", () => {
  it("reads decoded single-fetch data like loader data; a missing route's data is not kept", () => {
    expect(dataState(get, 200, { "routes/sorteos": { data: { listing: view } } })).toBe("ready");
    expect(dataState(get, 200, { "routes/sorteos": { data: { listing: { ...view, error: "x" } } } })).toBe(
      "sheet-error",
    );
    expect(dataState(get, 200, { "routes/sorteos": { data: { listing: Promise.resolve(view) } } })).toBe("private");
    expect(dataState(get, 404, { "routes/$": { data: null } })).toBe("private");
    const head = new Request("http://x/sorteos.data", { method: "HEAD" });
    expect(
      dataState(head, 200, { "routes/sorteos": { data: { listing: view } } }),
      "Remix answers HEAD as an action",
    ).toBe("private");
  });
});

describe("cacheControlFor", () => {
  it("gives shared caches a lifetime only where the bytes are the same for everyone", () => {
    expect(cacheControlFor("ready")).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=300, no-transform");
    expect(cacheControlFor("sheet-error")).toBe("public, max-age=0, s-maxage=10, no-transform");
    expect(cacheControlFor("not-found")).toBe("public, max-age=0, s-maxage=60");
    expect(cacheControlFor("private")).toBe("no-store");
  });
});

describe("ifNoneMatchHits, the list's limit and weak tags", () => {
  const tags = (count: number) => Array.from({ length: count }, (_, index) => `"t${index}"`);

  it("compares a list of up to 32 tags in full, and refuses a longer one whatever it holds", () => {
    expect(ifNoneMatchHits([...tags(31), ETAG].join(", "), ETAG)).toBe(true);
    expect(ifNoneMatchHits([ETAG, ...tags(32)].join(", "), ETAG)).toBe(false);
  });

  it("compares weakly on both sides, and only strips W/ where it marks a weak tag", () => {
    expect(ifNoneMatchHits(`"abc123-br"`, `W/"abc123-br"`)).toBe(true);
    expect(ifNoneMatchHits(`"aW/b"`, `"aW/b"`), "W/ inside an opaque tag is part of it").toBe(true);
    expect(ifNoneMatchHits(`"ab"`, `"aW/b"`)).toBe(false);
  });
});

describe("page states, beyond a single route", () => {
  const pending = () => new Promise(() => undefined);

  it("finds data still streaming or a sheet error next to other routes' data", () => {
    const root = { siteUrl: "https://opinionlabz.example" };
    expect(documentState(get, 200, contextWith({ loaderData: { root, "routes/_index": { recent: pending() } } }))).toBe(
      "private",
    );
    const failed = { ...view, fetchedAt: null, error: "Error al cargar datos: 500" };
    expect(documentState(get, 200, contextWith({ loaderData: { root, "routes/sorteos": { listing: failed } } }))).toBe(
      "sheet-error",
    );
  });

  it("searches data five levels deep, where loader data ends, and no deeper", () => {
    const nested = (levels: number, leaf: unknown): unknown =>
      levels === 0 ? leaf : { child: nested(levels - 1, leaf) };
    expect(dataState(get, 200, nested(5, pending()))).toBe("private");
    expect(dataState(get, 200, nested(6, pending()))).toBe("ready");
    const failed = { ...view, error: "x" };
    expect(dataState(get, 200, nested(5, failed))).toBe("sheet-error");
    expect(dataState(get, 200, nested(6, failed))).toBe("ready");
  });

  it("answers data that refers to itself", () => {
    const cyclic: Record<string, unknown> = { listing: view };
    cyclic.self = cyclic;
    expect(documentState(get, 200, contextWith({ loaderData: { "routes/sorteos": cyclic } }))).toBe("ready");
  });

  it("never shares a document rendered with an error status", () => {
    expect(documentState(get, 500, contextWith({ loaderData: { "routes/sorteos": { listing: view } } }))).toBe(
      "private",
    );
    expect(documentState(get, 503, contextWith({ loaderData: {} }))).toBe("private");
  });

  it("shares a HEAD request's document like a GET's", () => {
    const head = new Request("http://x/sorteos", { method: "HEAD" });
    expect(documentState(head, 200, contextWith({ loaderData: { "routes/sorteos": { listing: view } } }))).toBe(
      "ready",
    );
  });
});
