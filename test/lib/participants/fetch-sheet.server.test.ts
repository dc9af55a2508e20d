import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { fetchSheet } from "~/lib/participants/fetch-sheet.server";
import { useSheetMocks } from "../../support/msw";

const CSV = "nombre,pais,id,fecha\nAna B.,Chile,H-1,2026-10-01\n";
const PUBLISHED = "https://docs.google.com/spreadsheets/d/e/2PACX-abc/pub?output=csv";

const server = useSheetMocks();

/** Fetches `configured`, which redirects (307) to `target`, which answers the sheet. */
async function followed(configured: string, target: string): Promise<boolean> {
  server.use(
    http.get(configured, () => new HttpResponse(null, { status: 307, headers: { location: target } })),
    http.get(target, () => new HttpResponse(CSV, { headers: { "content-type": "text/csv" } })),
  );
  try {
    const sheet = await fetchSheet({ kind: "url", url: configured }, AbortSignal.timeout(10_000));
    const decoder = new TextDecoder();
    let text = "";
    for await (const chunk of sheet.body) text += decoder.decode(chunk, { stream: true });
    expect(text, "the target's rows").toBe(CSV);
    return true;
  } catch (error) {
    expect(error, `${configured} → ${target}`).toMatchObject({ kind: "invalid", message: /redirect refused/ });
    return false;
  }
}

describe("the sheet fetch's redirects (docs/decisions/027-bounded-sheets.md)", () => {
  it("follows Google's published-sheet redirects over https", async () => {
    expect(await followed(PUBLISHED, "https://doc-0g-4s-sheets.googleusercontent.com/pub/abc?output=csv")).toBe(true);
    // Another path: msw matches handlers by path alone, query aside.
    expect(await followed(PUBLISHED, "https://docs.google.com/spreadsheets/d/e/2PACX-abc/export?output=csv")).toBe(
      true,
    );
  });

  it("follows redirects within the configured URL's own origin, and no other port or scheme", async () => {
    const own = "http://sheets.internal:8080/export.csv";
    expect(await followed(own, "http://sheets.internal:8080/v2/export.csv")).toBe(true);
    expect(await followed(own, "http://sheets.internal:8081/export.csv")).toBe(false);
    expect(await followed(own, "https://sheets.internal:8080/export.csv")).toBe(false);
  });

  it.each([
    "https://evil.example/sheet.csv",
    "http://doc-0g-4s-sheets.googleusercontent.com/pub",
    "https://googleusercontent.com.evil.example/pub",
    "https://evilgoogleusercontent.com/pub",
    "https://docs.google.com.evil.example/pub",
    "http://127.0.0.1:9/sheet.csv",
  ])("refuses %s: another host, a Google host over plain http, or a look-alike name", async (target) => {
    expect(await followed(PUBLISHED, target)).toBe(false);
  });
});
