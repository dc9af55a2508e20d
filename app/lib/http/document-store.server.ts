import { createHash } from "node:crypto";
import { LRUCache } from "lru-cache";
import { canonicalPage } from "./canonical-url.server";
import { ifNoneMatchHits, storedPageLifetimeMs } from "./cache-control.server";
import { encodeOnce, negotiateContentCoding, type Bytes } from "./content-encoding.server";
import { finishResponse } from "./finish-response.server";
import type { StorableResponse, StoredResponse } from "./stored-response.server";
import { shownDataVersion } from "~/lib/server/shown-data.server";
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
 * How long after its routes last gave a page's data the page is answered from memory, without
 * asking them again (docs/decisions/071-stored-pages-answered-before-the-routes.md): the longest
 * a change that no module announces (the clock passing an instant) waits to show. The draw
 * records themselves are looked at once a second.
 */
const ANSWERED_FROM_MEMORY_MS = 1000;

/** What the routes last gave for one request target: the stored entry, and the headers it was finished with. */
interface Confirmed {
  key: string;
  /** When, on the monotonic clock. */
  at: number;
  headers: [string, string][];
  shownDataVersion: number;
}

/**
 * The request targets (path and query as sent) whose stored entry the routes last gave. Each
 * target is its own row, so a page answered from here is the one its routes gave for exactly that
 * URL. A row holds a key and some 1.2 KB of headers; the store itself holds a few hundred pages,
 * so the 1,024 most recently used targets are plenty, and at most a few MB.
 */
const confirmed = singleton("document-store-confirmed", () => new LRUCache<string, Confirmed>({ max: 1024 }));

/** The target as Remix's adapter reads it from a request line: path and query, percent-encoded alike. */
export function requestTarget(url: URL): string {
  return `${url.pathname}${url.search}`;
}

/**
 * The answer to `request`, whose data is `version` (anything that changes whenever the bytes
 * would), from the stored response for its page, made by `create` once however many requests ask
 * at the same time: in the encoding it accepts, or 304 without a body when it already holds that
 * representation; nothing here compresses. The key is the canonical page and its data: nothing
 * else a visitor sends enters it, and the URLs that show the same page share one entry. `headers`
 * are those the request's routes answered with, finished here and remembered, so that the next
 * reads of the same URL within a second are answered before the routes run.
 */
export async function storedAnswer(
  request: Request,
  headers: Headers,
  version: Buffer | string,
  create: Create,
): Promise<Response> {
  const url = new URL(request.url);
  const key = `${canonicalPage(url)}\n${digest(version)}`;
  const stored = await store.fetch(key, { context: create });
  if (!stored) throw new Error(`no stored response for ${url.pathname}`);
  finishResponse(headers, { kind: "stored", stored, url });
  headers.set("Vary", "Accept-Encoding");
  confirmed.set(requestTarget(url), {
    key,
    at: performance.now(),
    headers: [...headers],
    shownDataVersion: shownDataVersion(),
  });
  const answer = encodedAnswer(stored, request.headers.get("accept-encoding"), request.headers.get("if-none-match"));
  for (const name of answer.without) headers.delete(name);
  for (const [name, value] of answer.headers) headers.set(name, value);
  return new Response(answer.body, { status: answer.status, headers });
}

/**
 * The stored answer to a read of `target`, if its routes gave it within the last second and
 * nothing shown changed since: the headers they were finished with, and the stored entry.
 */
export function recentlyConfirmed(target: string): { stored: StoredResponse; headers: [string, string][] } | null {
  const row = confirmed.get(target);
  if (!row || row.shownDataVersion !== shownDataVersion()) return null;
  if (performance.now() - row.at >= ANSWERED_FROM_MEMORY_MS) return null;
  const stored = store.get(row.key);
  return stored ? { stored, headers: row.headers } : null;
}

/**
 * What answering a request from a stored response sets beyond its finished headers: the
 * encoding it accepts, or 304 without a body when it already holds that representation. Nothing
 * here compresses.
 */
export function encodedAnswer(
  stored: StoredResponse,
  acceptEncoding: string | null,
  ifNoneMatch: string | null,
): { status: number; body: Bytes | null; headers: [string, string][]; without: string[] } {
  const coding = negotiateContentCoding(acceptEncoding);
  const etag = stored.etags[coding];
  if (ifNoneMatchHits(ifNoneMatch, etag)) {
    return {
      status: 304,
      body: null,
      headers: [["ETag", etag]],
      // Lower case, as a Headers object lists its names.
      without: ["content-type", "content-length", "content-encoding"],
    };
  }
  const body = stored.bodies[coding];
  return {
    status: stored.status,
    body,
    headers: [
      ["ETag", etag],
      ["Content-Length", String(body.length)],
      ...(coding === "identity" ? [] : [["Content-Encoding", coding] as [string, string]]),
    ],
    without: [],
  };
}
