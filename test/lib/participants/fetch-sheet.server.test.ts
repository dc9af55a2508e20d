import { describe, expect, it } from "vitest";
import { redirectAllowed } from "~/lib/participants/fetch-sheet.server";

const PUBLISHED = new URL("https://docs.google.com/spreadsheets/d/e/2PACX-abc/pub?output=csv");
const allowed = (configured: URL, target: string) => redirectAllowed(configured, new URL(target));

describe("redirectAllowed", () => {
  it("follows Google's published-sheet redirects over https", () => {
    expect(allowed(PUBLISHED, "https://doc-0g-4s-sheets.googleusercontent.com/pub/abc?output=csv")).toBe(true);
    expect(allowed(PUBLISHED, "https://docs.google.com/spreadsheets/d/e/2PACX-abc/pub?gid=0&output=csv")).toBe(true);
  });

  it("follows redirects within the configured URL's own origin", () => {
    const own = new URL("http://sheets.internal:8080/export.csv");
    expect(allowed(own, "http://sheets.internal:8080/v2/export.csv")).toBe(true);
    expect(allowed(own, "http://sheets.internal:8081/export.csv")).toBe(false);
    expect(allowed(own, "https://sheets.internal:8080/export.csv")).toBe(false);
  });

  it("refuses every other host, and Google's hosts over plain http or by look-alike names", () => {
    for (const target of [
      "https://evil.example/sheet.csv",
      "http://doc-0g-4s-sheets.googleusercontent.com/pub",
      "https://googleusercontent.com.evil.example/pub",
      "https://evilgoogleusercontent.com/pub",
      "https://docs.google.com.evil.example/pub",
      "http://127.0.0.1:9/sheet.csv",
    ]) {
      expect(allowed(PUBLISHED, target), target).toBe(false);
    }
  });
});
