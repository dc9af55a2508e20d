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
  ])("%j folds to %j", (input, expected) => {
    expect(normalizeSearchText(input)).toBe(expected);
  });
});
