import { describe, expect, it } from "vitest";
import { clampPage, pageCountFor, pageWindow } from "~/lib/participants/pagination";

describe("pageCountFor", () => {
  it.each([
    [0, 1],
    [1, 1],
    [10, 1],
    [11, 2],
    [100_000, 10_000],
  ])("%i rows make %i pages of 10", (rows, pages) => {
    expect(pageCountFor(rows)).toBe(pages);
  });
});

describe("clampPage", () => {
  it.each([
    [null, 7, 1],
    ["", 7, 1],
    ["3", 7, 3],
    [" 4 ", 7, 4],
    ["0", 7, 1],
    ["-2", 7, 1],
    ["abc", 7, 1],
    ["2abc", 7, 1],
    ["1e3", 7, 1],
    ["2.5", 7, 1],
    ["99", 7, 7],
    ["99999999999999999999999", 7, 7],
    ["007", 7, 7],
    // Leading zeros are not digits of a huge number.
    ["0000000000000000003", 7, 3],
    ["000000000000000000", 7, 1],
    ["9999999999999999", 7, 7],
    ["5", 1, 1],
  ])("page %j of %i pages is %i", (raw, pageCount, expected) => {
    expect(clampPage(raw, pageCount)).toBe(expected);
  });
});

describe("pageWindow", () => {
  it.each([
    [1, 1, [1]],
    [1, 3, [1, 2, 3]],
    [1, 10, [1, 2, 3, 4, 5]],
    [3, 10, [1, 2, 3, 4, 5]],
    [4, 10, [2, 3, 4, 5, 6]],
    [9, 10, [6, 7, 8, 9, 10]],
    [10, 10, [6, 7, 8, 9, 10]],
    [5000, 10_000, [4998, 4999, 5000, 5001, 5002]],
  ])("page %i of %i shows links %j", (current, pageCount, expected) => {
    expect(pageWindow(current, pageCount)).toEqual(expected);
  });

  it("never shows more than 5 links", () => {
    for (let current = 1; current <= 30; current += 1) {
      expect(pageWindow(current, 30).length).toBe(5);
      expect(pageWindow(current, 30)).toContain(current);
    }
  });
});
