import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

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

/** Parsing stops here: a header longer than this is someone's experiment, not a browser. */
const MAX_CODINGS_READ = 16;

const compressBrotli = promisify(brotliCompress);
const compressGzip = promisify(gzip);

/** The codings a client lists, each with its quality (1 when it gives no `q`). */
function qualities(acceptEncoding: string): Map<string, number> {
  const listed = new Map<string, number>();
  for (const part of acceptEncoding.split(",", MAX_CODINGS_READ)) {
    const [name, ...parameters] = part.split(";");
    const coding = name?.trim().toLowerCase();
    if (!coding || listed.has(coding)) continue;
    const qParameter = parameters
      .map((parameter) => /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/i.exec(parameter))
      .find(Boolean);
    const quality = qParameter ? Number(qParameter[1]) : parameters.length === 0 ? 1 : Number.NaN;
    // A malformed parameter makes the whole entry unusable rather than a guess.
    if (Number.isFinite(quality) && quality <= 1) listed.set(coding, quality);
  }
  return listed;
}

/**
 * The encoding to send, chosen by the request's `Accept-Encoding` (RFC 9110 §12.5.3):
 * the highest quality wins, ties go to br, then gzip, then identity; `q=0` rules a coding
 * out, `*` stands for every coding not named. Without the header, or when nothing we have
 * is acceptable, identity: a page the client cannot read helps no one more than a 406.
 */
export function negotiateContentCoding(acceptEncoding: string | null): ContentCoding {
  if (!acceptEncoding) return "identity";
  const listed = qualities(acceptEncoding);
  const wildcard = listed.get("*");
  let best: ContentCoding = "identity";
  let bestQuality = 0;
  for (const coding of CONTENT_CODINGS) {
    const quality = listed.get(coding) ?? wildcard ?? 0;
    if (quality > bestQuality) {
      best = coding;
      bestQuality = quality;
    }
  }
  return best;
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
