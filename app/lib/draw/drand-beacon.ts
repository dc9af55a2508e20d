import { bls12_381 } from "@noble/curves/bls12-381.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, hexToBytes } from "@noble/hashes/utils.js";

/**
 * The League of Entropy's quicknet chain, the only source of a draw's randomness
 * (docs/draw.md, "The public value"): unchained BLS signatures on G1, its key on G2. Shared by
 * the draw command and the page's check, which loads this module only when asked.
 */
export const QUICKNET = {
  chainHash: "52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971",
  publicKey:
    "83cf0f2896adee7eb8b5f01fcad3912212c437e0073e911fb90022d3e760183c8c4b450b6a0a6c3ac6a5776a2d1064510d1fec758c921cc22b0e17e63aaf4bcb5ed66304de9cf809bd274ca73bab4af5a6e9c76a4bc09e76eae8991ef5ece45a",
  scheme: "bls-unchained-g1-rfc9380",
} as const;

/** RFC 9380's hash-to-curve tag for signatures on G1, as quicknet signs. */
export const SIGNATURE_DST = "BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_";

/** What a round's signature signs: SHA-256 of the round number as 8 big-endian bytes. */
export function roundMessage(round: number): Uint8Array {
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setBigUint64(0, BigInt(round));
  return sha256(bytes);
}

/** A checked signature's randomness, or the problem in the organizer's Spanish (the draw commands print it). */
export type BeaconCheck = { ok: true; randomness: string } | { ok: false; problem: string };

/**
 * Whether `signature` is the chain's signature of `round` under `publicKey` (quicknet's unless
 * a rehearsal key is given), and if so the round's randomness: SHA-256 of the signature. The
 * pairing is @noble/curves' BLS12-381; no value is taken without its signature.
 */
export function checkBeacon(round: number, signature: string, publicKey: string = QUICKNET.publicKey): BeaconCheck {
  if (!Number.isSafeInteger(round) || round < 1)
    return { ok: false, problem: `${round} no es un número de ronda de drand` };
  if (!/^[0-9a-f]{96}$/.test(signature)) {
    return { ok: false, problem: "una firma de quicknet son 96 caracteres hexadecimales en minúscula (48 bytes)" };
  }
  const signatureBytes = hexToBytes(signature);
  const bls = bls12_381.shortSignatures;
  let valid: boolean;
  try {
    valid = bls.verify(signatureBytes, bls.hash(roundMessage(round), SIGNATURE_DST), hexToBytes(publicKey));
  } catch {
    // Bytes that are no point of the curve's group: no signature of anything.
    valid = false;
  }
  if (!valid) return { ok: false, problem: `la firma no es la de la ronda ${round} de la cadena` };
  return { ok: true, randomness: bytesToHex(sha256(signatureBytes)) };
}
