import type * as DrandBeacon from "~/lib/draw/drand-beacon";

/**
 * The drand-beacon module with quicknet's key replaced by a test chain's, made from its secret
 * `secretHex`: no real quicknet round falls on a rule's round of a record made in a test
 * (test/lib/draw/draw-verdict.test.ts says why; the real key's checks are
 * test/lib/draw/drand-beacon.test.ts's). For a `vi.mock` factory:
 * `vi.mock("~/lib/draw/drand-beacon", async (importOriginal) => (await import("…/test-chain")).onTestChain(importOriginal, SECRET))`.
 */
export async function onTestChain(importOriginal: <T>() => Promise<T>, secretHex: string) {
  const original = await importOriginal<typeof DrandBeacon>();
  const { bls12_381 } = await import("@noble/curves/bls12-381.js");
  const { bytesToHex, hexToBytes } = await import("@noble/hashes/utils.js");
  const publicKey = bytesToHex(bls12_381.shortSignatures.getPublicKey(hexToBytes(secretHex)).toBytes());
  return {
    ...original,
    checkBeacon: (round: number, signature: string, key = publicKey) => original.checkBeacon(round, signature, key),
  };
}
