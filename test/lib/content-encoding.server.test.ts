import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { encodeOnce, negotiateContentCoding } from "~/lib/content-encoding.server";

describe("negotiateContentCoding", () => {
  it.each([
    ["gzip, deflate, br", "br"],
    ["gzip, deflate, br, zstd", "br"],
    ["br;q=1.0, gzip;q=0.8, *;q=0.1", "br"],
    ["gzip", "gzip"],
    ["GZIP", "gzip"],
    ["br;q=0.5, gzip;q=0.9", "gzip"],
    ["gzip;q=0, br", "br"],
    ["br;q=0, gzip", "gzip"],
    ["br;q=0, gzip;q=0", "identity"],
    ["deflate", "identity"],
    ["identity", "identity"],
    ["*", "br"],
    ["*;q=0.5, br;q=0", "gzip"],
    ["identity;q=0, gzip", "gzip"],
    // Nothing acceptable: identity all the same, never an error.
    ["identity;q=0, *;q=0", "identity"],
    ["", "identity"],
  ])("%j → %s", (header, expected) => {
    expect(negotiateContentCoding(header)).toBe(expected);
  });

  it("sends identity when the header is missing", () => {
    expect(negotiateContentCoding(null)).toBe("identity");
  });

  it("ignores malformed qualities instead of guessing", () => {
    expect(negotiateContentCoding("br;q=high, gzip")).toBe("gzip");
    expect(negotiateContentCoding("br;q=2, gzip")).toBe("gzip");
    expect(negotiateContentCoding("br;level=3, gzip")).toBe("gzip");
    expect(negotiateContentCoding(";;;,,,=,q=")).toBe("identity");
  });

  it("reads only the first codings of an enormous header, quickly", () => {
    const header = `${"x-junk;q=0.5, ".repeat(50_000)}br`;
    const started = performance.now();
    expect(negotiateContentCoding(header)).toBe("identity");
    expect(negotiateContentCoding(`gzip, ${header}`)).toBe("gzip");
    // Generous for a busy machine: the whole header is never parsed.
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe("encodeOnce", () => {
  it("keeps the body in every encoding, each decoding to the same bytes", async () => {
    const body = Buffer.from("<p>¿Participás del sorteo?</p>".repeat(200));
    const bodies = await encodeOnce(body);
    expect(bodies.identity).toBe(body);
    expect(brotliDecompressSync(bodies.br).equals(body)).toBe(true);
    expect(gunzipSync(bodies.gzip).equals(body)).toBe(true);
    expect(bodies.br.length).toBeLessThan(body.length / 10);
  });
});
