import { createHash } from "node:crypto";
import { LRUCache } from "lru-cache";
import { canonicalPage } from "./canonical-url.server";
import { ifNoneMatchHits, storedPageLifetimeMs } from "./cache-control.server";
import { encodeOnce, negotiateContentCoding } from "./content-encoding.server";
import { finishResponse } from "./finish-response.server";
import type { StorableResponse, StoredResponse } from "./stored-response.server";
import { singleton } from "~/lib/server/singleton.server";

/**
 * The store of ready responses (stored-response.server.ts): one entry per canonical page and
 * data, made once however many requests ask, each answered in the encoding it accepts.
 */

/**
 * The byte cap: the bodies in all their encodings plus the key. `/` takes about 120 KB,
 * a `/sorteos` search about 70 KB, so some 300 to 500 distinct URLs fit; past that the
 * least recently used go first, whatever a visitor asks for.
 */
const STORE_MAX_BYTES = 32 * 1024 * 1024;

function sizeOf(stored: StoredResponse, key: string): number {
  return stored.bodies.br.length + stored.bodies.gzip.length + stored.bodies.identity.length + key.length;
}

function digest(bytes: Buffer | string): string {
  return createHash("sha256").update(bytes).digest("base64url");
}

async function storable(create: () => Promise<StorableResponse>): Promise<StoredResponse> {
  const { body, ...response } = await create();
  const tag = digest(body).slice(0, 27);
  const etag = (suffix: string) => `"${tag}${suffix}"`;
  return {
    ...response,
    bodies: await encodeOnce(body),
    etags: { br: etag("-br"), gzip: etag("-gz"), identity: etag("") },
  };
}

type Create = () => Promise<StorableResponse>;

const store = singleton(
  "document-store",
  () =>
    new LRUCache<string, StoredResponse, Create>({
      maxSize: STORE_MAX_BYTES,
      sizeCalculation: sizeOf,
      // A stored page is never older than a shared cache may keep it (its render instant included).
      ttl: storedPageLifetimeMs(),
      fetchMethod: (_key, _stale, { context }) => storable(context),
    }),
);

/**
 * The stored response for `url` whose data is `version` (anything that changes whenever
 * the bytes would), made by `create` once however many requests ask at the same time.
 * The key is the canonical page and its data: nothing else a visitor sends enters it, and
 * the URLs that show the same page share one entry.
 */
export async function storedResponse(url: URL, version: Buffer | string, create: Create): Promise<StoredResponse> {
  const stored = await store.fetch(`${canonicalPage(url)}\n${digest(version)}`, { context: create });
  if (!stored) throw new Error(`no stored response for ${url.pathname}`);
  return stored;
}

/**
 * The answer to `request` from a stored response: the encoding it accepts, or 304 without a
 * body when it already holds that representation. Nothing here compresses.
 */
export function serveStored(stored: StoredResponse, request: Request, headers: Headers): Response {
  const coding = negotiateContentCoding(request.headers.get("accept-encoding"));
  const etag = stored.etags[coding];
  finishResponse(headers, { kind: "stored", stored, url: new URL(request.url) });
  headers.set("ETag", etag);
  headers.set("Vary", "Accept-Encoding");
  if (ifNoneMatchHits(request.headers.get("if-none-match"), etag)) {
    for (const name of ["Content-Type", "Content-Length", "Content-Encoding"]) headers.delete(name);
    return new Response(null, { status: 304, headers });
  }
  headers.set("Content-Length", String(stored.bodies[coding].length));
  if (coding !== "identity") headers.set("Content-Encoding", coding);
  return new Response(stored.bodies[coding], { status: stored.status, headers });
}
