import { env } from "~/lib/server/env.server";

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
