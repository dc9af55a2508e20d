import type { EntryContext } from "@remix-run/node";
import { env } from "~/lib/server/env.server";
import { isParticipantsView } from "~/lib/participants/view";

/**
 * How long browsers and shared caches (a CDN, a reverse proxy) may keep each kind of
 * response. Every choice and the time a new participant takes to appear behind a CDN are
 * in docs/operations.md, "Behind a CDN", and docs/decisions/004-cache-lifetimes.md.
 */
export type PageState =
  /** Data ready and shown: the same bytes for everyone until the data or the lifetime changes. */
  | "ready"
  /** Data ready, but what it shows is the sheet's error: kept briefly, so an outage ends soon. */
  | "sheet-error"
  /** The route does not exist: the same page for every path. */
  | "not-found"
  /** Still streaming, a server error, or anything else that must reach the origin each time. */
  | "private";

/** While a CDN refreshes a page in the background it may serve the old one this long. */
const STALE_WHILE_REVALIDATE_SECONDS = 300;
/** An error page lives at most this long in a shared cache. */
const SHEET_ERROR_SECONDS = 10;

export const NO_STORE = "no-store";

/**
 * robots.txt and the sitemap change only when the site is deployed: browsers and CDNs
 * may keep them for a day, and serve a stale copy for a week while they refresh it.
 */
export const CRAWLER_FILE_CACHE_CONTROL = "public, max-age=3600, s-maxage=86400, stale-while-revalidate=604800";

/**
 * A drawn month's ids list never changes once frozen (its hash is published): any cache may
 * keep it for a day. `no-transform`: a proxy must not re-encode the bytes that were hashed.
 */
export const DRAW_LIST_CACHE_CONTROL = "public, max-age=86400, no-transform";

/**
 * Browsers always revalidate (`max-age=0`, answered by a 304 while the page is unchanged);
 * shared caches keep a page for `SHARED_MAX_AGE_SECONDS`. Stored pages carry
 * `no-transform`: their CSP allows inline scripts by hash, so a proxy that rewrote the
 * HTML would break the page, and the bytes are already compressed.
 */
export function cacheControlFor(state: PageState): string {
  const shared = env.sharedMaxAgeSeconds;
  switch (state) {
    case "ready":
      return `public, max-age=0, s-maxage=${shared}, stale-while-revalidate=${STALE_WHILE_REVALIDATE_SECONDS}, no-transform`;
    case "sheet-error":
      return `public, max-age=0, s-maxage=${Math.min(shared, SHEET_ERROR_SECONDS)}, no-transform`;
    case "not-found":
      return `public, max-age=0, s-maxage=${shared}`;
    case "private":
      return NO_STORE;
  }
}

/** How long the origin keeps a stored page: never longer than a shared cache may, so its render instant is never older than that. */
export function storedPageLifetimeMs(): number {
  return env.sharedMaxAgeSeconds * 1000;
}

/** At most this many entity tags are compared; a longer list is treated as not matching. */
const MAX_ENTITY_TAGS = 32;

/**
 * Whether `If-None-Match` names `etag` (RFC 9110 §13.1.2: weak comparison, `*` matches any
 * current representation). Anything malformed simply does not match: the client gets the
 * full response, never an error.
 */
export function ifNoneMatchHits(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  const opaque = etag.replace(/^W\//, "");
  const tags = ifNoneMatch.split(",", MAX_ENTITY_TAGS + 1);
  if (tags.length > MAX_ENTITY_TAGS) return false;
  return tags.some((tag) => tag.trim().replace(/^W\//, "") === opaque);
}

/** Loader data nests views a few levels deep at most: route → loader result → view. */
const MAX_DATA_DEPTH = 5;

const isPromise = (value: unknown) => typeof (value as PromiseLike<unknown> | null)?.then === "function";

/** Whether any part of `data` is still a promise, i.e. the response would stream. */
function waitsOnData(data: unknown, depth = 0): boolean {
  if (isPromise(data)) return true;
  if (depth >= MAX_DATA_DEPTH || typeof data !== "object" || data === null) return false;
  return Object.values(data).some((child) => waitsOnData(child, depth + 1));
}

/**
 * Loader data meant for one person (a mail link's token): the page is never stored or shared,
 * whatever its URL, since the store and CDNs key pages by path and the query keys they know.
 */
export interface PersonalData {
  kind: "personal";
}

function isPersonal(data: unknown, depth = 0): boolean {
  if ((data as { kind?: unknown } | null)?.kind === "personal") return true;
  if (depth >= MAX_DATA_DEPTH || typeof data !== "object" || data === null) return false;
  return Object.values(data).some((child) => isPersonal(child, depth + 1));
}

function showsSheetError(data: unknown, depth = 0): boolean {
  if (isParticipantsView(data) && data.error !== null) return true;
  if (depth >= MAX_DATA_DEPTH || typeof data !== "object" || data === null) return false;
  return Object.values(data).some((child) => showsSheetError(child, depth + 1));
}

/** The state of a response carrying `data` with `status`, once it is known not to fail. */
function stateOfData(status: number, data: unknown): PageState {
  if (waitsOnData(data) || isPersonal(data)) return "private";
  if (status === 404) return "not-found";
  if (status !== 200) return "private";
  return showsSheetError(data) ? "sheet-error" : "ready";
}

/** Whether a document's loaders left data still to come, which the page streams as it arrives. */
export function documentWaitsOnData(context: EntryContext): boolean {
  return waitsOnData(context.staticHandlerContext.loaderData);
}

const isReadRequest = (request: Request) => request.method === "GET" || request.method === "HEAD";

/** The state of a document about to be rendered, from what its loaders returned. */
export function documentState(request: Request, status: number, context: EntryContext): PageState {
  const { loaderData, actionData, errors } = context.staticHandlerContext;
  if (!isReadRequest(request) || actionData || errors) return "private";
  return stateOfData(status, loaderData);
}

/** The state of a single-fetch data response whose body is complete and decoded. */
export function dataState(request: Request, status: number, data: unknown): PageState {
  // Remix runs actions for any data request but a GET, HEAD included.
  if (request.method !== "GET") return "private";
  const state = stateOfData(status, data);
  // A missing route's data is a few bytes and nothing browses it: not worth keeping.
  return state === "not-found" ? "private" : state;
}
