import { readFileSync } from "node:fs";
import { rootCertificates } from "node:tls";
import { timestampQuery, verifyTimestampReply, type TokenFacts, type TokenProblem } from "./timestamp-token";
import { pemCertificates, trustedRoots, type TrustedRoots } from "./trusted-roots";

/**
 * Well-known public RFC 3161 authorities of two independent organizations, asked by default
 * (docs/decisions/054-draw-witnesses-rfc-3161.md): both free, anonymous, and rooted in Mozilla's
 * set that Node carries, so their tokens are checked with what every machine already has.
 */
export const DEFAULT_TIMESTAMP_AUTHORITIES = ["http://timestamp.digicert.com", "http://timestamp.sectigo.com"];

/** A reply is a few kilobytes (the token and its signer's certificates): anything far larger is not one. */
const MAX_REPLY_BYTES = 64 * 1024;

/**
 * The public roots every verdict uses (docs/decisions/089-public-verdicts-on-public-roots.md):
 * Mozilla's set as Node ships it (`tls.rootCertificates`), as one PEM text, the one
 * /sorteos/raices.pem serves.
 */
export function publicRootsPem(): string {
  return `${rootCertificates.join("\n")}\n`;
}

/**
 * The roots a token's signer must lead to for the server to keep it: the public ones, plus on a
 * development or test server the test roots TIMESTAMP_ROOTS names (`testRootsFile`, null
 * elsewhere). Read once per file; PKI.js parses a root only when a check needs it (`trustedRoots`).
 */
const rootsByFile = new Map<string | null, TrustedRoots>();

export function witnessRoots(testRootsFile: string | null): TrustedRoots {
  let roots = rootsByFile.get(testRootsFile);
  if (!roots) {
    const pems = [...rootCertificates, testRootsFile ? readFileSync(testRootsFile, "utf8") : ""];
    rootsByFile.set(testRootsFile, (roots = trustedRoots(pems.flatMap(pemCertificates))));
  }
  return roots;
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
      throw new WitnessFailure(authority, "http", `respondió HTTP ${response.status}`);
    }
    reply = await readBounded(response);
  } catch (error) {
    if (error instanceof WitnessFailure) throw error;
    if (signal.aborted) throw new WitnessFailure(authority, "timeout", `no respondió en ${timeoutMs} ms`);
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    throw new WitnessFailure(
      authority,
      "unreachable",
      `inalcanzable (${cause?.code ?? cause?.message ?? (error as Error).message})`,
    );
  }
  const verdict = await verifyTimestampReply(reply, bytes, roots, { nonce: query.nonce });
  if (!verdict.ok) throw new WitnessFailure(authority, verdict.problem, `no es un sello válido: ${verdict.detail}`);
  return { authority, reply, facts: verdict.facts, root: verdict.root };
}
