import { describe, expect, it } from "vitest";
import { canonicalPage } from "~/lib/http/canonical-url.server";

const page = (url: string) => canonicalPage(new URL(url, "http://x"));

describe("canonicalPage", () => {
  it("ignores query keys that change nothing on the page, and the page number", () => {
    expect(page("/sorteos?utm_source=x&utm_medium=y")).toBe("/sorteos");
    expect(page("/sorteos?page=99")).toBe(page("/sorteos?page=3"));
    expect(page("/sorteos?q=mar&page=2&fbclid=abc")).toBe(page("/sorteos?q=mar"));
    expect(page("/?q=")).toBe("/");
  });

  it("reads q as the search does: the first one, composed, trimmed, cut at 100 characters", () => {
    const composed = "Jos\u00e9";
    const decomposed = "Jose\u0301";
    expect(page(`/sorteos?q=${encodeURIComponent(decomposed)}`)).toBe(page(`/sorteos?q=${composed}`));
    expect(page("/sorteos?q=%20%20ana%20")).toBe(page("/sorteos?q=ana"));
    expect(page("/sorteos?q=ana&q=luis")).toBe(page("/sorteos?q=ana"));
    expect(page(`/sorteos?q=${"a".repeat(100)}b`)).toBe(page(`/sorteos?q=${"a".repeat(100)}`));
  });

  it("keeps a noindex listing apart from the indexable page whose data it shares", () => {
    // One page of rows: ?page=2 is clamped to the data of /sorteos, but its meta tag says noindex.
    expect(page("/sorteos?page=2")).not.toBe(page("/sorteos"));
    expect(page(`/sorteos?q=${"+".repeat(100)}ana`)).not.toBe(page("/sorteos"));
    expect(page("/sorteos?page=1")).toBe(page("/sorteos"));
  });

  it("keeps apart what shows another page", () => {
    expect(page("/sorteos?q=ana")).not.toBe(page("/sorteos?q=luis"));
    expect(page("/sorteos?q=ana")).not.toBe(page("/sorteos"));
    expect(page("/sorteos.data?q=ana")).not.toBe(page("/sorteos?q=ana"));
    // The launcher sends other spellings of a path to this one: the store takes it as it is.
    expect(page("/encuesta")).not.toBe(page("/sorteos"));
  });
});
