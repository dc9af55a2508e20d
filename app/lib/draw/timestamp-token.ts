import * as asn1js from "asn1js";
import {
  AlgorithmIdentifier,
  Certificate,
  type ContentInfo,
  ExtKeyUsage,
  IssuerAndSerialNumber,
  MessageImprint,
  SignedData,
  TimeStampReq,
  TimeStampResp,
  TSTInfo,
} from "pkijs";
import type { TrustedRoots } from "./trusted-roots";

/**
 * RFC 3161 time-stamp tokens, built and checked by PKI.js (a maintained library of the field:
 * no ASN.1 or CMS is written here), on Web Crypto alone, so the server, the draw commands and
 * the page's check (which loads this module only when asked) share it
 * (docs/decisions/054-draw-witnesses-rfc-3161.md). A token is an authority's signature over
 * "this SHA-256 digest existed at this instant": docs/draw.md, "Witnesses".
 */

const SHA256_OID = "2.16.840.1.101.3.4.2.1";
/** id-kp-timeStamping: the one purpose a time-stamping certificate has (RFC 3161, 2.3). */
const TIME_STAMPING_OID = "1.3.6.1.5.5.7.3.8";
const EXT_KEY_USAGE_OID = "2.5.29.37";
/** id-ct-TSTInfo: what a token's signed content is. */
const TST_INFO_OID = "1.2.840.113549.1.9.16.1.4";
/** PKIStatus granted (0) and grantedWithMods (1): the only replies that carry a token. */
const GRANTED = new Set([0, 1]);

function hex(bytes: ArrayBuffer | Uint8Array): string {
  return Array.from(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes), (byte) =>
    byte.toString(16).padStart(2, "0"),
  ).join("");
}

function fromHex(text: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array((text.match(/../g) ?? []).map((pair) => parseInt(pair, 16)));
}

/** A request for a token over `digest` (SHA-256, hex), with a fresh nonce the reply must repeat. */
export interface TimestampQuery {
  /** DER of the TimeStampReq: the body of the POST, `application/timestamp-query`. */
  der: Uint8Array<ArrayBuffer>;
  /** Hex, without leading zeros as an authority writes it back. */
  nonce: string;
}

/**
 * The request an authority is sent: the statement's SHA-256, a random 64-bit nonce, and
 * `certReq`, so the token carries its signer's certificate and can be checked with nothing but
 * the authority's root (what `openssl ts -query -sha256 -cert` sends).
 */
export function timestampQuery(digest: string): TimestampQuery {
  const nonce = crypto.getRandomValues(new Uint8Array(8));
  // A positive INTEGER whose first byte is not zero, so it reads back as the same hex.
  nonce[0] = (nonce[0]! & 0x7f) | 0x40;
  const request = new TimeStampReq({
    version: 1,
    messageImprint: new MessageImprint({
      hashAlgorithm: new AlgorithmIdentifier({ algorithmId: SHA256_OID, algorithmParams: new asn1js.Null() }),
      hashedMessage: new asn1js.OctetString({ valueHex: fromHex(digest).buffer }),
    }),
    nonce: new asn1js.Integer({ valueHex: nonce.buffer }),
    certReq: true,
  });
  return { der: new Uint8Array(request.toSchema().toBER(false)), nonce: hex(nonce) };
}

/** What a token says, read without trusting it yet. */
export interface TokenFacts {
  /** The instant the authority stamped, epoch ms. */
  stampedAt: number;
  /** The latest instant the stamp allows (stamped time plus the authority's stated accuracy), epoch ms. */
  latestAt: number;
  /** The digest the authority signed (hex) and its algorithm's OID. */
  digest: string;
  digestAlgorithm: string;
  /** The nonce the reply repeats (hex), or null. */
  nonce: string | null;
  /** The authority's serial number for this token (hex). */
  serial: string;
  /** Who signed it, as its certificate names itself ("DigiCert SHA256 RSA4096 Timestamp Responder 2025 1"). */
  signer: string | null;
  /**
   * The organization its certificate names ("DigiCert, Inc."), else its common name: what an
   * authority is called, and what tells two authorities apart (docs/draw.md, "Witnesses").
   */
  organization: string | null;
}

/** Why a reply is not a token a check can accept. */
export type TokenProblem =
  /** Not a time-stamp reply at all (an HTML page, truncated bytes…). */
  | "unreadable"
  /** A reply that refuses: the authority granted no token. */
  | "refused"
  /** A token over another digest than the statement's, or not SHA-256. */
  | "digest"
  /** Not the nonce the request sent: an answer to another request. */
  | "nonce"
  /** The signature does not verify with the certificate the token names. */
  | "signature"
  /** The signer's certificate does not lead to a trusted root, or was not valid when it stamped. */
  | "untrusted"
  /** The signer's certificate is not one for time-stamping. */
  | "purpose"
  /** This runtime's Web Crypto lacks the token's algorithms: no verdict. */
  | "unsupported";

export type TokenVerdict =
  | { ok: true; facts: TokenFacts; root: string }
  | { ok: false; problem: TokenProblem; detail: string; facts: TokenFacts | null };

/** A certificate's subject's common name (CN) and organization (O). */
function subjectNames(certificate: Certificate): { common: string | null; organization: string | null } {
  const names = certificate.subject.typesAndValues;
  const pick = (oid: string) =>
    (names.find((name) => name.type === oid)?.value.valueBlock.value as string | undefined) ?? null;
  return { common: pick("2.5.4.3"), organization: pick("2.5.4.10") };
}

/** CN, else O. */
function commonName(certificate: Certificate): string | null {
  const { common, organization } = subjectNames(certificate);
  return common ?? organization;
}

/** A reply as read once: the token's signed data and what it says, or why it holds no token. */
export type TimestampReply = { signed: SignedData; info: TSTInfo } | { problem: TokenProblem; detail: string };

/**
 * Reads a reply's DER with PKI.js, some 10 ms of CPU a reply: a caller that checks one reply
 * against several sets of roots reads it once and gives `verifyTimestampReply` what this returns.
 */
export function readTimestampReply(der: Uint8Array<ArrayBuffer>): TimestampReply {
  let reply: TimeStampResp;
  try {
    reply = TimeStampResp.fromBER(der);
  } catch {
    return { problem: "unreadable", detail: "not a time-stamp reply" };
  }
  const status = reply.status.status;
  if (!GRANTED.has(status) || !reply.timeStampToken) {
    return { problem: "refused", detail: `the authority refused (status ${status})` };
  }
  try {
    const token: ContentInfo = reply.timeStampToken;
    const signed = new SignedData({ schema: token.content });
    if (signed.encapContentInfo.eContentType !== TST_INFO_OID || !signed.encapContentInfo.eContent) {
      return { problem: "unreadable", detail: "the token holds no time-stamp information" };
    }
    return { signed, info: TSTInfo.fromBER(signed.encapContentInfo.eContent.getValue()) };
  } catch {
    return { problem: "unreadable", detail: "the token cannot be read" };
  }
}

/** The signer's names, from the certificate its signature names (by issuer and serial number). */
function signerNames(signed: SignedData): { signer: string | null; organization: string | null } {
  const sid = signed.signerInfos[0]?.sid;
  const certificates = (signed.certificates ?? []).filter((item): item is Certificate => item instanceof Certificate);
  const certificate =
    sid instanceof IssuerAndSerialNumber
      ? certificates.find((item) => item.serialNumber.isEqual(sid.serialNumber) && item.issuer.isEqual(sid.issuer))
      : undefined;
  if (!certificate) return { signer: null, organization: null };
  const { common, organization } = subjectNames(certificate);
  return { signer: common ?? organization, organization: organization ?? common };
}

function factsOf(signed: SignedData, info: TSTInfo): TokenFacts {
  const stampedAt = info.genTime.getTime();
  const accuracy = info.accuracy;
  const slackMs = accuracy
    ? (accuracy.seconds ?? 0) * 1000 + (accuracy.millis ?? 0) + Math.ceil((accuracy.micros ?? 0) / 1000)
    : 0;
  return {
    stampedAt,
    latestAt: stampedAt + slackMs,
    digest: hex(info.messageImprint.hashedMessage.valueBlock.valueHexView),
    digestAlgorithm: info.messageImprint.hashAlgorithm.algorithmId,
    nonce: info.nonce ? hex(info.nonce.valueBlock.valueHexView).replace(/^(00)+(?=.)/, "") : null,
    serial: hex(info.serialNumber.valueBlock.valueHexView),
    ...signerNames(signed),
  };
}

/**
 * What a reply says, read without checking it: its instant and signer as the server publishes
 * them beside the seal (every check reads them again, and checks them), or null for a reply
 * that holds no token.
 */
export function tokenFacts(der: Uint8Array<ArrayBuffer>): TokenFacts | null {
  const reply = readTimestampReply(der);
  if ("problem" in reply) return null;
  try {
    return factsOf(reply.signed, reply.info);
  } catch {
    return null;
  }
}

function isForTimeStamping(certificate: Certificate): boolean {
  const extension = certificate.extensions?.find((candidate) => candidate.extnID === EXT_KEY_USAGE_OID);
  return extension?.parsedValue instanceof ExtKeyUsage && extension.parsedValue.keyPurposes.includes(TIME_STAMPING_OID);
}

function isUnsupported(error: unknown): boolean {
  const text = `${(error as Error)?.name ?? ""} ${(error as Error)?.message ?? ""}`;
  return /NotSupported|Unsupported|not supported|Unrecognized algorithm/i.test(text);
}

/**
 * Whether `der` is a token for `statement` that `roots` vouch for: the reply grants a token; its
 * digest is the statement's SHA-256; its nonce is the request's (when one is given: checked at
 * once by whoever asked); its signature verifies with the signer's certificate the token
 * carries; that certificate is for time-stamping and leads to one of `roots`, valid at the
 * stamped instant. What `openssl ts -verify -data <statement> -in <reply> -CAfile <root>` checks.
 * `reply` is the DER, or the reply `readTimestampReply` read.
 *
 * The chain is tried first against only the roots that carry, byte for byte, the name a
 * certificate of the reply gives as its issuer (a root's subject: the only ones its chain can end
 * at), so that a check parses two roots instead of Mozilla's whole set; anything short of a valid
 * token there is checked against every root: the verdict is the full set's.
 */
export async function verifyTimestampReply(
  reply: Uint8Array<ArrayBuffer> | TimestampReply,
  statement: Uint8Array<ArrayBuffer>,
  roots: TrustedRoots,
  { nonce = null }: { nonce?: string | null } = {},
): Promise<TokenVerdict> {
  const parsed = reply instanceof Uint8Array ? readTimestampReply(reply) : reply;
  if ("problem" in parsed) return { ok: false, ...parsed, facts: null };
  let facts: TokenFacts;
  try {
    facts = factsOf(parsed.signed, parsed.info);
  } catch {
    return { ok: false, problem: "unreadable", detail: "the token cannot be read", facts: null };
  }
  const digest = hex(await crypto.subtle.digest("SHA-256", statement));
  if (facts.digestAlgorithm !== SHA256_OID || facts.digest !== digest) {
    return { ok: false, problem: "digest", detail: `the token is over ${facts.digest}, not ${digest}`, facts };
  }
  if (nonce !== null && facts.nonce !== nonce.replace(/^(00)+(?=.)/, "")) {
    return { ok: false, problem: "nonce", detail: "the reply does not repeat the request's nonce", facts };
  }
  const issuers = (parsed.signed.certificates ?? [])
    .filter((item): item is Certificate => item instanceof Certificate)
    .map((item) => new Uint8Array(item.issuer.valueBeforeDecode))
    .filter((name) => name.length > 0);
  const naming = roots.naming?.(issuers) ?? [];
  if (naming.length > 0) {
    const verdict = await signatureVerdict(parsed.signed, statement, naming, facts);
    if (verdict.ok) return verdict;
  }
  return signatureVerdict(parsed.signed, statement, roots.certificates, facts);
}

/** The signature and the chain: whether `signed` verifies over `statement` and leads to one of `roots`. */
async function signatureVerdict(
  signed: SignedData,
  statement: Uint8Array<ArrayBuffer>,
  roots: Certificate[],
  facts: TokenFacts,
): Promise<TokenVerdict> {
  try {
    const result = await signed.verify({
      signer: 0,
      data: statement.buffer,
      trustedCerts: roots,
      checkChain: true,
      extendedMode: true,
    });
    if (!result.signatureVerified) {
      return { ok: false, problem: "signature", detail: "the signature does not verify", facts };
    }
    const signer = result.signerCertificate;
    if (!signer || !isForTimeStamping(signer)) {
      return { ok: false, problem: "purpose", detail: "the signer's certificate is not for time-stamping", facts };
    }
    const root = result.certificatePath?.at(-1);
    return { ok: true, facts, root: (root && commonName(root)) ?? "?" };
  } catch (error) {
    if (isUnsupported(error)) {
      return { ok: false, problem: "unsupported", detail: String((error as Error).message ?? error), facts };
    }
    const code = (error as { code?: number }).code;
    const message = String((error as { message?: string }).message ?? error);
    // PKI.js's codes: 5, the chain to a trusted root; 14/15, the signature or the signed content.
    if (code === 5) return { ok: false, problem: "untrusted", detail: message, facts };
    return { ok: false, problem: "signature", detail: message, facts };
  }
}
