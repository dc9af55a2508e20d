import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import Negotiator from "negotiator";

/** The encodings a stored response is kept in, best first. */
const CONTENT_CODINGS = ["br", "gzip", "identity"] as const;
export type ContentCoding = (typeof CONTENT_CODINGS)[number];

/**
 * Brotli quality 6: on our pages it is within 12 % of quality 11's size at 1/30 of its
 * time (about 4 ms against 100–150 ms for `/`), and every distinct URL (a new search) pays
 * it once. Measured in docs/performance.md, "Stored pages".
 */
const BROTLI_QUALITY = 6;
const GZIP_LEVEL = 9;

/** Only the first codings are read: a header longer than this is someone's experiment, not a browser's. */
const MAX_CODINGS_READ = 16;

const compressBrotli = promisify(brotliCompress);
const compressGzip = promisify(gzip);

/**
 * The encoding to send, chosen by the request's `Accept-Encoding` as negotiator reads it (RFC
 * 9110 §12.5.3; the module compression and Express use): the highest quality wins, ties go to br,
 * then gzip, then identity; `q=0` rules a coding out, `*` stands for every coding not named.
 * Without the header, or when nothing we have is acceptable, identity: a page the client cannot
 * read helps no one more than a 406.
 */
export function negotiateContentCoding(acceptEncoding: string | null): ContentCoding {
  if (!acceptEncoding) return "identity";
  const read = acceptEncoding.split(",", MAX_CODINGS_READ).join(",");
  const best = new Negotiator({ headers: { "accept-encoding": read } }).encoding(CONTENT_CODINGS, CONTENT_CODINGS);
  return CONTENT_CODINGS.find((coding) => coding === best) ?? "identity";
}

/** Bodies that own their memory, as a Response takes them. */
export type Bytes = Buffer<ArrayBuffer>;
export type EncodedBodies = Record<ContentCoding, Bytes>;

/**
 * The body in every encoding we serve. Compression runs on libuv's thread pool, so a page
 * being stored never holds up other requests on the event loop.
 */
export async function encodeOnce(identity: Bytes): Promise<EncodedBodies> {
  const [br, gzipped] = await Promise.all([
    compressBrotli(identity, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    compressGzip(identity, { level: GZIP_LEVEL }),
  ]);
  return { br, gzip: gzipped, identity };
}
