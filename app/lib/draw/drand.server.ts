import { createHash } from "node:crypto";
import { bls12_381 } from "@noble/curves/bls12-381.js";

/**
 * The League of Entropy's quicknet chain, the only source of a draw's randomness
 * (docs/draw.md, "The public value"): unchained BLS signatures on G1, its key on G2.
 */
export const QUICKNET = {
  chainHash: "52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971",
  publicKey:
    "83cf0f2896adee7eb8b5f01fcad3912212c437e0073e911fb90022d3e760183c8c4b450b6a0a6c3ac6a5776a2d1064510d1fec758c921cc22b0e17e63aaf4bcb5ed66304de9cf809bd274ca73bab4af5a6e9c76a4bc09e76eae8991ef5ece45a",
  scheme: "bls-unchained-g1-rfc9380",
} as const;

/** RFC 9380's hash-to-curve tag for signatures on G1, as quicknet signs. */
const SIGNATURE_DST = "BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_";

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest();

/** What a round's signature signs: SHA-256 of the round number as 8 big-endian bytes. */
function roundMessage(round: number): Buffer {
  const bytes = Buffer.alloc(8);
  bytes.writeBigUInt64BE(BigInt(round));
  return sha256(bytes);
}

export type BeaconCheck = { ok: true; randomness: string } | { ok: false; problem: string };

/**
 * Whether `signature` is the chain's signature of `round` under `publicKey` (quicknet's unless
 * a rehearsal key is given), and if so the round's randomness: SHA-256 of the signature. The
 * pairing is @noble/curves' BLS12-381; no value is taken without its signature.
 */
export function checkBeacon(round: number, signature: string, publicKey: string = QUICKNET.publicKey): BeaconCheck {
  if (!Number.isSafeInteger(round) || round < 1) return { ok: false, problem: `${round} is not a drand round number` };
  if (!/^[0-9a-f]{96}$/.test(signature)) {
    return { ok: false, problem: "a quicknet signature is 96 lowercase hex characters (48 bytes)" };
  }
  const signatureBytes = Buffer.from(signature, "hex");
  const bls = bls12_381.shortSignatures;
  let valid: boolean;
  try {
    valid = bls.verify(signatureBytes, bls.hash(roundMessage(round), SIGNATURE_DST), Buffer.from(publicKey, "hex"));
  } catch {
    // Bytes that are no point of the curve's group: no signature of anything.
    valid = false;
  }
  if (!valid) return { ok: false, problem: `the signature is not the chain's signature of round ${round}` };
  return { ok: true, randomness: sha256(signatureBytes).toString("hex") };
}

/** drand's public HTTP relays, asked together: one answer is enough, two that differ are a refusal. */
export const DRAND_RELAYS = [
  "https://api.drand.sh",
  "https://api2.drand.sh",
  "https://api3.drand.sh",
  "https://drand.cloudflare.com",
];

/** The most a relay's answer may weigh: a round is about 200 bytes of JSON. */
const MAX_ANSWER_BYTES = 4096;

async function askRelay(relay: string, round: number, timeoutMs: number): Promise<string> {
  const response = await fetch(`${relay}/${QUICKNET.chainHash}/public/${round}`, {
    signal: AbortSignal.timeout(timeoutMs),
    redirect: "error",
  });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const text = await response.text();
  if (text.length > MAX_ANSWER_BYTES) throw new Error("an answer too large for a round");
  const answer = JSON.parse(text) as { round?: unknown; signature?: unknown };
  if (answer.round !== round || typeof answer.signature !== "string") throw new Error("not a round of the chain");
  return answer.signature;
}

/**
 * The signature of `round` as drand's relays publish it, asked of every relay at once, each
 * within `timeoutMs`. Refused (an Error saying why) when no relay has it, or when two give
 * different signatures: a signature is unique per round, so a difference means one is lying.
 * The caller still checks the signature (`checkBeacon`).
 */
export async function fetchRoundSignature(
  round: number,
  relays: readonly string[],
  timeoutMs: number,
): Promise<string> {
  const answers = await Promise.allSettled(relays.map((relay) => askRelay(relay, round, timeoutMs)));
  const signatures = new Set<string>();
  const problems: string[] = [];
  answers.forEach((answer, index) => {
    if (answer.status === "fulfilled") signatures.add(answer.value);
    else
      problems.push(
        `${relays[index]}: ${answer.reason instanceof Error ? answer.reason.message : String(answer.reason)}`,
      );
  });
  if (signatures.size > 1) throw new Error(`the relays disagree on round ${round}: ${[...signatures].join(" / ")}`);
  const [signature] = signatures;
  if (signature === undefined) throw new Error(`no relay gave round ${round} (${problems.join("; ")})`);
  return signature;
}
