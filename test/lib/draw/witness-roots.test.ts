import { X509Certificate } from "node:crypto";
import { rootCertificates } from "node:tls";
import { describe, expect, it } from "vitest";
import { KNOWN_WITNESS_ROOTS } from "~/lib/draw/witness-roots";

describe("the roots the page's check trusts", () => {
  it("are Mozilla's roots of the default authorities as Node ships them, byte for byte", () => {
    const blocks = KNOWN_WITNESS_ROOTS.match(/-----BEGIN CERTIFICATE-----[^-]+-----END CERTIFICATE-----/g) ?? [];
    const names = blocks.map((pem) =>
      new X509Certificate(pem).subject.split("\n").find((line) => line.startsWith("CN=")),
    );
    // DigiCert's time-stamping chain leads to Trusted Root G4 (cross-signed by Assured ID Root CA);
    // Sectigo's, through its cross-signature, to USERTrust RSA.
    expect(names).toEqual([
      "CN=DigiCert Trusted Root G4",
      "CN=DigiCert Assured ID Root CA",
      "CN=USERTrust RSA Certification Authority",
    ]);
    const mozilla = new Set(rootCertificates.map((pem) => new X509Certificate(pem).raw.toString("base64")));
    for (const pem of blocks) expect(mozilla.has(new X509Certificate(pem).raw.toString("base64"))).toBe(true);
  });
});
