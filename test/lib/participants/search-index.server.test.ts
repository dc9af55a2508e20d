import { describe, expect, it } from "vitest";
import { keysContaining, SearchIndexBuilder } from "~/lib/participants/search-index.server";

function indexOf(keys: string[]) {
  const builder = new SearchIndexBuilder();
  for (const key of keys) builder.add(key);
  return builder.finish();
}

describe("keysContaining", () => {
  it("names each key holding the text once, in the order they were added", () => {
    const index = indexOf(["ana ana", "juan", "mariana", "ana"]);
    expect(keysContaining(index, "ana")).toEqual([0, 2, 3]);
    expect(keysContaining(index, "juan")).toEqual([1]);
    expect(keysContaining(index, "pedro")).toEqual([]);
  });

  it("never matches text that runs from one key into the next", () => {
    expect(keysContaining(indexOf(["ab", "cd"]), "bc")).toEqual([]);
  });

  it("finds keys wherever they fall among the pieces the text is built from", () => {
    const keys = Array.from({ length: 1000 }, (_, key) => `persona ${key}`);
    expect(keysContaining(indexOf(keys), "persona 99")).toEqual([99, ...Array.from({ length: 10 }, (_, i) => 990 + i)]);
    expect(keysContaining(indexOf(keys), "a 25")).toEqual([25, ...Array.from({ length: 10 }, (_, i) => 250 + i)]);
  });

  it("finds nothing in an empty index", () => {
    expect(keysContaining(indexOf([]), "a")).toEqual([]);
  });
});
