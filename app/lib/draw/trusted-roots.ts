import { Certificate } from "pkijs";

/*
 * The roots a time-stamp token's signer must lead to, parsed only as far as a check needs
 * them (docs/decisions/054-draw-witnesses-rfc-3161.md); the tokens themselves are
 * timestamp-token.ts's.
 */

/** Trusted roots: the certificates a token's signer must lead to. */
export interface TrustedRoots {
  /** Every root, parsed by PKI.js. */
  readonly certificates: Certificate[];
  /** The roots whose DER carries one of `names` (each a Name's DER), parsed by PKI.js. */
  naming?(names: readonly Uint8Array[]): Certificate[];
}

/** Whether `needle` occurs in `haystack`, byte for byte. */
function carries(haystack: Uint8Array, needle: Uint8Array): boolean {
  outer: for (let start = 0; start + needle.length <= haystack.length; start++) {
    for (let index = 0; index < needle.length; index++) if (haystack[start + index] !== needle[index]) continue outer;
    return true;
  }
  return false;
}

/** A root as PKI.js reads it; none if it cannot be read (a root store holds what it holds). */
function parsedRoot(der: Uint8Array<ArrayBuffer>): Certificate[] {
  try {
    return [Certificate.fromBER(der)];
  } catch {
    return [];
  }
}

/**
 * Roots from their DER bytes, each parsed by PKI.js when a check first needs it: a server or a
 * command holds Mozilla's set (some 150 roots, 0.3 s of CPU to parse them all), and a check tries
 * first the few that name an issuer of the reply's certificates (`verifyTimestampReply`).
 */
export function trustedRoots(ders: readonly Uint8Array<ArrayBuffer>[]): TrustedRoots {
  const parsed = new Map<Uint8Array<ArrayBuffer>, Certificate[]>();
  const parse = (der: Uint8Array<ArrayBuffer>) => {
    let certificates = parsed.get(der);
    if (!certificates) parsed.set(der, (certificates = parsedRoot(der)));
    return certificates;
  };
  let all: Certificate[] | undefined;
  return {
    get certificates() {
      return (all ??= ders.flatMap(parse));
    },
    naming: (names) => ders.filter((der) => names.some((name) => carries(der, name))).flatMap(parse),
  };
}

/** DER certificates from PEM text (one or many `BEGIN CERTIFICATE` blocks). */
export function pemCertificates(pem: string): Uint8Array<ArrayBuffer>[] {
  return [...pem.matchAll(/-----BEGIN CERTIFICATE-----([^-]+)-----END CERTIFICATE-----/g)].map((match) => {
    const binary = atob(match[1]!.replace(/\s+/g, ""));
    // A plain loop: `Uint8Array.from` with a mapping function took ten times as long over
    // Mozilla's set, which a server decodes at every start.
    const der = new Uint8Array(binary.length);
    for (let index = 0; index < binary.length; index++) der[index] = binary.charCodeAt(index);
    return der;
  });
}
