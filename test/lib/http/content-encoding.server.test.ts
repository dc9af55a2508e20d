import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { encodeOnce, negotiateContentCoding } from "~/lib/http/content-encoding.server";

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

  it("rules out a coding whose quality is no number, and reads an empty or broken header as identity", () => {
    expect(negotiateContentCoding("br;q=high, gzip")).toBe("gzip");
    expect(negotiateContentCoding(";;;,,,=,q=")).toBe("identity");
    expect(negotiateContentCoding("br;q=, gzip;q=0.5")).toBe("gzip");
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

/**
 * Headers no browser sends, read as negotiator reads them (the module compression uses for every
 * other response of the site): leniently, but never picking a coding the header does not name
 * or rules out with q=0 (docs/decisions/060-the-edge-on-the-fields-libraries.md).
 */
describe("negotiateContentCoding, odd headers", () => {
  it.each([
    ["gzip;q=0, gzip", "gzip", "of two mentions of a coding, the better counts"],
    ["br;level=3, gzip;q=0.9", "br", "a parameter other than q is ignored"],
    ["br;xq=0.1, gzip;q=0.9", "br", "so is one that only ends in q"],
    ["br;q=0.5junk, gzip;q=0.4", "br", "a quality is read as far as it is a number"],
    ["br;q=0.5 , gzip;q=0.4", "br", "spaces around a quality are fine"],
    ["br;q=0.55, gzip;q=0.5", "br", "qualities have up to three decimals"],
    ["br;q=0.1, gzip;q=1.5", "gzip", "a quality over 1 is taken as written"],
    ["*;q=0.5, br;foo=bar", "br", "the wildcard covers only the codings not named"],
    ["br;q=0, *", "gzip", "a coding ruled out stays out whatever the wildcard says"],
    ["x-junk, deflate;q=1", "identity", "nothing we keep is named: identity"],
  ])("%j → %s (%s)", (header, coding) => {
    expect(negotiateContentCoding(header)).toBe(coding);
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
