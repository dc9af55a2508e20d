import { createHash } from "node:crypto";
import { bls12_381 } from "@noble/curves/bls12-381.js";
import { describe, expect, it } from "vitest";
import { checkBeacon, QUICKNET } from "~/lib/draw/drand-beacon";

/**
 * Real quicknet rounds, as drand's relays publish them (round, signature, randomness), pinned
 * so the check is tested against the chain itself and not only against keys made here.
 */
const REAL_ROUNDS = [
  {
    round: 1000,
    signature: "b44679b9a59af2ec876b1a6b1ad52ea9b1615fc3982b19576350f93447cb1125e342b73a8dd2bacbe47e4b6b63ed5e39",
    randomness: "fe290beca10872ef2fb164d2aa4442de4566183ec51c56ff3cd603d930e54fdd",
  },
  {
    round: 10_024_141,
    signature: "8c87caf26bb4f5e9fdfad5ddf739ff8683344f8cf04a8c381225ff067557b5d9d51937eed765fcef21971bf5ddef44bb",
    randomness: createHash("sha256")
      .update(
        Buffer.from(
          "8c87caf26bb4f5e9fdfad5ddf739ff8683344f8cf04a8c381225ff067557b5d9d51937eed765fcef21971bf5ddef44bb",
          "hex",
        ),
      )
      .digest("hex"),
  },
];

describe("checkBeacon", () => {
  it("pins quicknet's chain: hash and public key as drand publishes them", () => {
    expect(QUICKNET.chainHash).toBe("52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971");
    expect(QUICKNET.publicKey).toHaveLength(192);
    expect(QUICKNET.scheme).toBe("bls-unchained-g1-rfc9380");
  });

  it.each(REAL_ROUNDS)(
    "verifies real round $round and gives SHA-256 of its signature",
    ({ round, signature, randomness }) => {
      expect(checkBeacon(round, signature)).toEqual({ ok: true, randomness });
    },
  );

  it("refuses a real signature for another round", () => {
    const [first] = REAL_ROUNDS;
    expect(checkBeacon(first!.round + 1, first!.signature)).toEqual({
      ok: false,
      problem: "la firma no es la de la ronda 1001 de la cadena",
    });
  });

  it.each([0, -1, 1.5, Number.MAX_SAFE_INTEGER + 1])("refuses round %s, which drand never has", (round) => {
    expect(checkBeacon(round, REAL_ROUNDS[0]!.signature)).toEqual({
      ok: false,
      problem: `${round} no es un número de ronda de drand`,
    });
  });

  it("refuses a value that is only hex, a flipped byte, and anything not 96 hex characters", () => {
    const { round, signature } = REAL_ROUNDS[0]!;
    for (const padded of [`${signature}00`, `00${signature}`, ` ${signature}`]) {
      expect(checkBeacon(round, padded)).toEqual({
        ok: false,
        problem: "una firma de quicknet son 96 caracteres hexadecimales en minúscula (48 bytes)",
      });
    }
    // 96 hex characters that are no point of the curve: refused, not thrown.
    expect(checkBeacon(round, "f".repeat(96))).toEqual({
      ok: false,
      problem: "la firma no es la de la ronda 1000 de la cadena",
    });
    expect(checkBeacon(round, "a".repeat(96)).ok).toBe(false);
    const flipped = signature.slice(0, -1) + (signature.endsWith("9") ? "8" : "9");
    expect(checkBeacon(round, flipped).ok).toBe(false);
    expect(checkBeacon(round, "a".repeat(64))).toMatchObject({ ok: false, problem: expect.stringContaining("96") });
    expect(checkBeacon(round, signature.toUpperCase()).ok).toBe(false);
    expect(checkBeacon(0, signature).ok).toBe(false);
  });

  it("verifies against a rehearsal key only when given it, and never a rehearsal signature against quicknet's", () => {
    const bls = bls12_381.shortSignatures;
    const { secretKey, publicKey } = bls.keygen();
    const round = 5_000_000;
    const message = createHash("sha256").update(Buffer.from("00000000004c4b40", "hex")).digest();
    const signature = Buffer.from(
      bls.Signature.toBytes(bls.sign(bls.hash(message, "BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_"), secretKey)),
    ).toString("hex");
    const rehearsalKey = Buffer.from(publicKey.toBytes()).toString("hex");
    expect(checkBeacon(round, signature, rehearsalKey).ok).toBe(true);
    expect(checkBeacon(round, signature).ok).toBe(false);
    // A real quicknet signature under the rehearsal key: refused too.
    expect(checkBeacon(REAL_ROUNDS[0]!.round, REAL_ROUNDS[0]!.signature, rehearsalKey).ok).toBe(false);
  });
});
