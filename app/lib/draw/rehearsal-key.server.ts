import { bls12_381 } from "@noble/curves/bls12-381.js";
import { bytesToHex, hexToBytes } from "@noble/hashes/utils.js";
import { roundMessage, SIGNATURE_DST } from "./drand-beacon";

/**
 * A rehearsal chain for `npm run draw -- rehearsal-key` (docs/operations.md, "Rehearsing draw
 * day"): a key pair made here, signing rounds exactly as quicknet signs them (BLS on G1, the key
 * on G2), so a rehearsal takes every step of draw day on a machine that cannot reach drand. Its
 * values are never drand's: the records mark them, and no page calls them verified.
 */
export interface RehearsalKey {
  /** DRAW_REHEARSAL_KEY: the G2 public key, 192 hex characters. */
  publicKey: string;
  /** The secret key, 64 hex characters: what signs further rounds of the same rehearsal. */
  secretKey: string;
}

const bls = bls12_381.shortSignatures;

/** A fresh key pair, or the one of `secretKey`. Throws on a secret key that is not one. */
export function rehearsalKey(secretKey?: string): RehearsalKey {
  const pair = secretKey === undefined ? bls.keygen() : null;
  const secret = pair ? pair.secretKey : hexToBytes(secretKey!);
  return { publicKey: bytesToHex(bls.getPublicKey(secret).toBytes()), secretKey: bytesToHex(secret) };
}

/** The signature of drand round `round` under the rehearsal key, hex: what `--signature` takes. */
export function signRound({ secretKey }: RehearsalKey, round: number): string {
  const signature = bls.sign(bls.hash(roundMessage(round), SIGNATURE_DST), hexToBytes(secretKey));
  return bytesToHex(bls.Signature.toBytes(signature));
}
