import { readFileSync } from "node:fs";
import { rootCertificates } from "node:tls";
import { Certificate } from "pkijs";
import {
  pemCertificates,
  readTimestampReply,
  timestampQuery,
  trustedRoots,
  verifyTimestampReply,
  type TimestampReply,
  type TokenFacts,
  type TokenProblem,
  type TokenVerdict,
  type TrustedRoots,
} from "./timestamp-token";

/**
 * Well-known public RFC 3161 authorities of two independent organizations, asked by default
 * (docs/decisions/054-draw-witnesses-rfc-3161.md): both free, anonymous, and rooted in Mozilla's
 * set that Node carries, so their tokens are checked with what every machine already has.
 */
export const DEFAULT_TIMESTAMP_AUTHORITIES = ["http://timestamp.digicert.com", "http://timestamp.sectigo.com"];

/** A reply is a few kilobytes (the token and its signer's certificates): anything far larger is not one. */
const MAX_REPLY_BYTES = 64 * 1024;

/** A trusted root: its DER, and PKI.js's parse once needed. */
interface RootEntry {
  der: Uint8Array<ArrayBuffer>;
  parsed?: Certificate[];
}

/** Roots whose PKI.js parse waits until a token needs them (`verifyWitnessReply`). */
interface WitnessRoots extends TrustedRoots {
  readonly entries: readonly RootEntry[];
}

/**
 * The roots a token's signer must lead to: Mozilla's set as Node ships it (`tls.rootCertificates`),
 * plus the PEM file TIMESTAMP_ROOTS names, for an authority whose root is not in that set (and
 * the tests' loopback authorities). Read once per file. PKI.js parses all of them (some 150,
 * 0.3 s of CPU) only when a token is checked against the whole set: `verifyWitnessReply` first
 * tries the few that name the issuer of a certificate the token carries.
 */
const rootsByFile = new Map<string | null, WitnessRoots>();

export function witnessRoots(extraRootsFile: string | null): TrustedRoots {
  let roots = rootsByFile.get(extraRootsFile);
  if (!roots) {
    const pems = [...rootCertificates, extraRootsFile ? readFileSync(extraRootsFile, "utf8") : ""];
    const entries = pems.flatMap(pemCertificates).map((der) => ({ der }));
    let all: TrustedRoots | undefined;
    roots = {
      entries,
      get certificates() {
        all ??= trustedRoots(entries.map((entry) => entry.der));
        return all.certificates;
      },
    };
    rootsByFile.set(extraRootsFile, roots);
  }
  return roots;
}

/** The issuers' names of the certificates a reply carries, as their DER encodes them; none if it holds no token. */
function issuersCarried(reply: TimestampReply): Buffer[] {
  if ("problem" in reply) return [];
  return (reply.signed.certificates ?? [])
    .filter((item): item is Certificate => item instanceof Certificate)
    .map((item) => Buffer.from(item.issuer.valueBeforeDecode))
    .filter((name) => name.byteLength > 0);
}

/**
 * `verifyTimestampReply` against `roots`, trying first only the roots that carry, byte for byte,
 * the name a certificate of the reply gives as its issuer (a root's subject: the only ones its
 * chain can end at; finding the bytes costs nothing, reading every root's subject was some 20 ms
 * at every start), so that a server or command checking a token parses two roots instead of
 * Mozilla's whole set. Anything short of a valid token there is checked against every root: the
 * verdict is the full set's. The reply is read once for both.
 */
export async function verifyWitnessReply(
  der: Uint8Array<ArrayBuffer>,
  statement: Uint8Array<ArrayBuffer>,
  roots: TrustedRoots,
  options: { nonce?: string | null } = {},
): Promise<TokenVerdict> {
  const reply = readTimestampReply(der);
  if ("entries" in roots) {
    const issuers = issuersCarried(reply);
    const naming = (roots as WitnessRoots).entries.filter((entry) => {
      const bytes = Buffer.from(entry.der.buffer, entry.der.byteOffset, entry.der.byteLength);
      return issuers.some((name) => bytes.includes(name));
    });
    if (naming.length > 0) {
      const certificates = naming.flatMap((entry) => (entry.parsed ??= trustedRoots([entry.der]).certificates));
      const verdict = await verifyTimestampReply(reply, statement, { certificates }, options);
      if (verdict.ok) return verdict;
    }
  }
  return verifyTimestampReply(reply, statement, roots, options);
}

/** An authority's token for a statement, checked before anything keeps it. */
export interface Witnessed {
  authority: string;
  /** The DER reply, as the authority sent it: what is stored and published (`.tsr`). */
  reply: Uint8Array<ArrayBuffer>;
  facts: TokenFacts;
  /** The trusted root its signer leads to. */
  root: string;
}

/** Why an authority gave no token: what the log and `status` say. */
export class WitnessFailure extends Error {
  constructor(
    readonly authority: string,
    readonly reason: TokenProblem | "unreachable" | "timeout" | "http",
    detail: string,
  ) {
    super(`${authority}: ${detail}`);
    this.name = "WitnessFailure";
  }
}

async function readBounded(response: Response): Promise<Uint8Array<ArrayBuffer>> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body!.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_REPLY_BYTES) {
      await reader.cancel();
      throw new Error(`a reply over ${MAX_REPLY_BYTES} bytes`);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/**
 * Asks `authority` for a token over `statement` (its SHA-256, with a nonce and the signer's
 * certificate requested), within `timeoutMs` for the whole answer, and checks it against
 * `roots`. Throws a WitnessFailure saying why there is none.
 */
export async function askAuthority(
  authority: string,
  statement: string,
  roots: TrustedRoots,
  timeoutMs: number,
): Promise<Witnessed> {
  const bytes = new TextEncoder().encode(statement);
  const digest = Buffer.from(await crypto.subtle.digest("SHA-256", bytes)).toString("hex");
  const query = timestampQuery(digest);
  const signal = AbortSignal.timeout(timeoutMs);
  let reply: Uint8Array<ArrayBuffer>;
  try {
    const response = await fetch(authority, {
      method: "POST",
      headers: { "content-type": "application/timestamp-query", accept: "application/timestamp-reply" },
      body: query.der,
      signal,
    });
    if (!response.ok) {
      await response.body?.cancel();
      throw new WitnessFailure(authority, "http", `answered HTTP ${response.status}`);
    }
    reply = await readBounded(response);
  } catch (error) {
    if (error instanceof WitnessFailure) throw error;
    if (signal.aborted) throw new WitnessFailure(authority, "timeout", `no answer within ${timeoutMs} ms`);
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    throw new WitnessFailure(
      authority,
      "unreachable",
      `unreachable (${cause?.code ?? cause?.message ?? (error as Error).message})`,
    );
  }
  const verdict = await verifyWitnessReply(reply, bytes, roots, { nonce: query.nonce });
  if (!verdict.ok) throw new WitnessFailure(authority, verdict.problem, `not a valid token: ${verdict.detail}`);
  return { authority, reply, facts: verdict.facts, root: verdict.root };
}
