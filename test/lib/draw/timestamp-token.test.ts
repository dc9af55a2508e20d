import { rootCertificates } from "node:tls";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { askAuthority, WitnessFailure, witnessRoots } from "~/lib/draw/timestamp-authorities.server";
import { verifyTimestampReply } from "~/lib/draw/timestamp-token";
import { pemCertificates, trustedRoots, type TrustedRoots } from "~/lib/draw/trusted-roots";
import {
  opensslVerifies,
  rootsFile,
  startStandInAuthority,
  type StandInAuthority,
} from "../../support/timestamp-authority";

const utf8 = (text: string) => new TextEncoder().encode(text);
const STATEMENT = "Opinion Labz: una declaración de prueba\nhuella: ñandú\n";

describe("RFC 3161 tokens from two real authorities on loopback (openssl ts -reply)", () => {
  let rsa: StandInAuthority;
  let ec: StandInAuthority;
  let both: TrustedRoots;
  beforeAll(async () => {
    [rsa, ec] = await Promise.all([
      startStandInAuthority("Testigo RSA", { keyType: "rsa" }),
      startStandInAuthority("Testigo EC", { keyType: "ec" }),
    ]);
    both = witnessRoots(rootsFile([rsa, ec]));
  });
  afterAll(async () => {
    await Promise.all([rsa.close(), ec.close()]);
  });

  it("gets a token from each that openssl ts -verify accepts with that authority's root, and ours too", async () => {
    for (const authority of [rsa, ec]) {
      const before = Date.now();
      const witnessed = await askAuthority(authority.url, STATEMENT, both, 10_000);
      // Whole seconds: openssl stamps without fractions, with an accuracy of one second.
      expect(witnessed.facts.stampedAt).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
      expect(witnessed.facts.stampedAt).toBeLessThanOrEqual(Date.now());
      expect(witnessed.facts.latestAt).toBe(witnessed.facts.stampedAt + 1000);
      expect(witnessed.root).toBe(authority === rsa ? "Testigo RSA Root" : "Testigo EC Root");
      expect(witnessed.facts.signer).toBe(authority === rsa ? "Testigo RSA TSA" : "Testigo EC TSA");
      expect(await opensslVerifies(utf8(STATEMENT), witnessed.reply, authority.rootFile)).toBe(true);
      // With the other authority's root, neither openssl nor our check accepts it.
      const other = authority === rsa ? ec : rsa;
      expect(await opensslVerifies(utf8(STATEMENT), witnessed.reply, other.rootFile)).toBe(false);
      const otherRoots = trustedRoots(pemCertificates(other.rootPem));
      expect(await verifyTimestampReply(witnessed.reply, utf8(STATEMENT), otherRoots)).toMatchObject({
        ok: false,
        problem: "untrusted",
      });
    }
  });

  it("stamps the instant the authority's clock says (faketime), and reads it back", async () => {
    rsa.clock = () => new Date("2026-12-07T15:00:07Z");
    try {
      const witnessed = await askAuthority(rsa.url, STATEMENT, both, 10_000);
      expect(new Date(witnessed.facts.stampedAt).toISOString()).toBe("2026-12-07T15:00:07.000Z");
      expect(await verifyTimestampReply(witnessed.reply, utf8(STATEMENT), both)).toMatchObject({
        ok: true,
        facts: { stampedAt: Date.parse("2026-12-07T15:00:07Z") },
      });
    } finally {
      rsa.clock = null;
    }
  });

  it("refuses a token for other bytes, a changed signature, another nonce, and a root it does not lead to", async () => {
    const { reply } = await askAuthority(ec.url, STATEMENT, both, 10_000);
    const changed = utf8(STATEMENT.replace("ñandú", "nandu"));
    expect(await verifyTimestampReply(reply, changed, both)).toMatchObject({ ok: false, problem: "digest" });
    expect(await opensslVerifies(changed, reply, ec.rootFile)).toBe(false);

    // The signature is the reply's last field: one bit of it changed.
    const forged = reply.slice();
    forged[forged.length - 2]! ^= 0x01;
    expect(await verifyTimestampReply(forged, utf8(STATEMENT), both)).toMatchObject({
      ok: false,
      problem: "signature",
    });
    expect(await opensslVerifies(utf8(STATEMENT), forged, ec.rootFile)).toBe(false);

    expect(await verifyTimestampReply(reply, utf8(STATEMENT), both, { nonce: "4242424242424242" })).toMatchObject({
      ok: false,
      problem: "nonce",
    });
    // Node's own roots (Mozilla's set) do not hold a loopback authority's.
    const mozilla = trustedRoots(rootCertificates.flatMap(pemCertificates));
    expect(mozilla.certificates.length).toBe(rootCertificates.length);
    expect(await verifyTimestampReply(reply, utf8(STATEMENT), mozilla)).toMatchObject({
      ok: false,
      problem: "untrusted",
    });
  });

  it("refuses each way an authority fails, saying which", async () => {
    rsa.mode = "garbage";
    await expect(askAuthority(rsa.url, STATEMENT, both, 10_000)).rejects.toMatchObject({ reason: "unreadable" });
    rsa.mode = "other-digest";
    await expect(askAuthority(rsa.url, STATEMENT, both, 10_000)).rejects.toMatchObject({ reason: "digest" });
    rsa.mode = "slow";
    await expect(askAuthority(rsa.url, STATEMENT, both, 300)).rejects.toMatchObject({
      reason: "timeout",
      message: `${rsa.url}: no respondió en 300 ms`,
    });
    rsa.mode = "down";
    const refused = await askAuthority(rsa.url, STATEMENT, both, 10_000).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(WitnessFailure);
    expect(refused).toMatchObject({ reason: "unreachable", message: expect.stringContaining("ECONNREFUSED") });
    rsa.mode = "up";
    await expect(askAuthority(rsa.url, STATEMENT, both, 10_000)).resolves.toMatchObject({ authority: rsa.url });
  });

  it("reads no token from bytes that are none", async () => {
    for (const bytes of [utf8("<html>502</html>"), new Uint8Array(0)]) {
      expect(await verifyTimestampReply(bytes, utf8(STATEMENT), both)).toMatchObject({
        ok: false,
        problem: "unreadable",
      });
    }
  });
});
