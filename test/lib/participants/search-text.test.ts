import { describe, expect, it } from "vitest";
import { normalizeSearchText } from "~/lib/participants/search-text";

describe("normalizeSearchText", () => {
  it.each([
    ["José", "jose"],
    ["NÚÑEZ", "nunez"],
    ["  Perú ", "peru"],
    ["argentina", "argentina"],
    ["ARGENTINA", "argentina"],
    ["Ça", "ca"],
    ["a\u202Eb", "ab"],
    ["x\u0000y", "xy"],
    [".*", ".*"],
    // Compatibility forms fold as ids do (docs/draw.md, "Canonical list").
    ["ＯＬ－２４００１", "ol-24001"],
    ["\u00A0ol-1\u00A0", "ol-1"],
  ])("%j folds to %j", (input, expected) => {
    expect(normalizeSearchText(input)).toBe(expected);
  });
});
