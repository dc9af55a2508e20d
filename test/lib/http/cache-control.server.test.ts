import { describe, expect, it } from "vitest";
import { cacheControlFor, ifNoneMatchHits } from "~/lib/http/cache-control.server";

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
