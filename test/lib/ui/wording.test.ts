import { describe, expect, it } from "vitest";
import { countOf, formatCount, listed, pluralForm } from "~/lib/ui/wording";

describe("formatCount", () => {
  it("separates thousands with a point, as Intl does for es-AR", () => {
    const intl = new Intl.NumberFormat("es-AR");
    for (const count of [0, 7, 10, 999, 1000, 1234, 10_000, 99_999, 100_000, 123_456, 1_000_000, 12_345_678]) {
      expect(formatCount(count), String(count)).toBe(intl.format(count));
    }
  });
});

describe("pluralForm and countOf", () => {
  it("word a count by Spanish's plural rules: one for 1 only", () => {
    expect([0, 1, 2, 1.5, 1_000_000].map((count) => pluralForm(count, "fila", "filas"))).toEqual([
      "filas",
      "fila",
      "filas",
      "filas",
      "filas",
    ]);
    expect(countOf(1, "id", "ids")).toBe("1 id");
    expect(countOf(12_345, "fila", "filas")).toBe("12.345 filas");
  });
});

describe("listed", () => {
  it("joins phrases as Spanish lists them", () => {
    expect([[], ["a"], ["a", "b"], ["a", "b", "c"]].map((parts) => listed(parts))).toEqual([
      "",
      "a",
      "a y b",
      "a, b y c",
    ]);
  });
});
