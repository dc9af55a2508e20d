import type { PageState } from "./cache-control.server";
import type { Bytes, ContentCoding, EncodedBodies } from "./content-encoding.server";
import type { InlineSources } from "./security-headers.server";

/**
 * Responses whose data is ready, kept as the exact bytes every visitor gets: rendered once
 * per URL and data, compressed once into each encoding, with one strong ETag per encoding
 * and the CSP hashes of their inline elements (docs/decisions/002-stored-pages-one-set-of-bytes-csp-by-hash.md).
 * Its own module: the store keeps them and `finishResponse` finishes them, neither through the other.
 */
export interface StoredResponse {
  status: number;
  contentType: string;
  state: Extract<PageState, "ready" | "sheet-error">;
  inline: InlineSources;
  bodies: EncodedBodies;
  etags: Record<ContentCoding, string>;
}

/** Only responses that are the same for everyone and ready are stored. */
export function isStorable(state: PageState): state is StoredResponse["state"] {
  return state === "ready" || state === "sheet-error";
}

/** What a stored response is made from, before it is compressed. */
export type StorableResponse = Omit<StoredResponse, "bodies" | "etags"> & { body: Bytes };
