import { describe, expect, it } from "vitest";
import { sheetSourceKind } from "~/lib/participants/sheet-source.server";

describe("sheetSourceKind", () => {
  it("names the kind of source and nothing of its address", () => {
    expect(sheetSourceKind({ kind: "url", url: "https://docs.google.com/secret" })).toBe("url");
    expect(sheetSourceKind({ kind: "file", path: "/srv/sheet.csv", isBundledSample: false })).toBe("file");
    expect(sheetSourceKind({ kind: "file", path: "/app/sample-sheet.csv", isBundledSample: true })).toBe("sample");
  });
});
