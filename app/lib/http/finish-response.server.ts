import type { CrawlerFile } from "~/lib/sharing/crawler-files.server";
import { robotsDirectiveFor } from "~/lib/sharing/robots-directive";
import { cacheControlFor, CRAWLER_FILE_CACHE_CONTROL, DRAW_LIST_CACHE_CONTROL, NO_STORE } from "./cache-control.server";
import type { StoredResponse } from "./document-store.server";
import { KEEPING_HEADER } from "./route-keeping.server";
import {
  applySecurityHeaders,
  NO_INLINE_SOURCES,
  type HashSources,
  type InlineSources,
} from "./security-headers.server";

export const HTML_CONTENT_TYPE = "text/html; charset=utf-8";

/**
 * Every kind of response the app sends, with what finishing it needs. Security headers,
 * Cache-Control and Content-Type are decided here and nowhere else (docs/decisions/022-code-layout.md).
 */
export type FinishedAs =
  /** A ready page or its data, from the store, answering `url`: the same bytes for everyone. */
  | { kind: "stored"; stored: StoredResponse; url: URL }
  /** A page for this request only, whole or streamed: its inline elements carry this request's nonce. */
  | { kind: "private-page"; nonce: string; url: URL }
  /** The 404 page, rendered whole for this request: its inline elements are allowed by hash. */
  | { kind: "not-found-page"; inline: HashSources }
  /** Single-fetch data that is not stored (still streaming, an action, an error): Remix sets its type. */
  | { kind: "data"; url: URL }
  /** robots.txt and the sitemap. */
  | { kind: "crawler-file"; contentType: string }
  /** `/healthz`: always asked of the origin. */
  | { kind: "health" }
  /** A drawn month's frozen ids list, the exact bytes its published hash was taken of; or its 404. */
  | { kind: "draw-list"; found: boolean };

function inlineSourcesOf(finished: FinishedAs): InlineSources {
  switch (finished.kind) {
    case "stored":
      return finished.stored.inline;
    case "private-page":
      return { nonce: finished.nonce };
    case "not-found-page":
      return finished.inline;
    default:
      return NO_INLINE_SOURCES;
  }
}

function cacheControlOf(finished: FinishedAs): string {
  switch (finished.kind) {
    case "stored":
      return cacheControlFor(finished.stored.state);
    case "not-found-page":
      return cacheControlFor("not-found");
    case "crawler-file":
      return CRAWLER_FILE_CACHE_CONTROL;
    case "draw-list":
      return finished.found ? DRAW_LIST_CACHE_CONTROL : NO_STORE;
    default:
      return NO_STORE;
  }
}

function contentTypeOf(finished: FinishedAs): string | undefined {
  switch (finished.kind) {
    case "stored":
      return finished.stored.contentType;
    case "private-page":
    case "not-found-page":
      return HTML_CONTENT_TYPE;
    case "crawler-file":
      return finished.contentType;
    case "health":
      return "application/json";
    case "draw-list":
      return "text/plain; charset=utf-8";
    case "data":
      return undefined;
  }
}

/** Sets the security headers, Cache-Control and Content-Type of a response of this kind. */
export function finishResponse(headers: Headers, finished: FinishedAs): void {
  headers.delete(KEEPING_HEADER);
  applySecurityHeaders(headers, inlineSourcesOf(finished));
  headers.set("Cache-Control", cacheControlOf(finished));
  const contentType = contentTypeOf(finished);
  if (contentType) headers.set("Content-Type", contentType);
  // The header says of every listing URL what its meta tag says, data requests included.
  const robots = "url" in finished ? robotsDirectiveFor(finished.url) : null;
  if (robots) headers.set("X-Robots-Tag", robots);
  // A draw's ids list is public: a checker on any site may recompute the draw from it.
  if (finished.kind === "draw-list") headers.set("Access-Control-Allow-Origin", "*");
}

function resourceResponse(body: string, finished: FinishedAs, status = 200): Response {
  const headers = new Headers();
  finishResponse(headers, finished);
  headers.set("Content-Length", String(Buffer.byteLength(body)));
  return new Response(body, { headers, status });
}

/** robots.txt or the sitemap, finished like every other response. */
export function crawlerFileResponse(file: CrawlerFile): Response {
  return resourceResponse(file.body, { kind: "crawler-file", contentType: file.contentType });
}

/** The `/healthz` report as JSON, never kept by any cache. */
export function healthResponse(report: object): Response {
  return resourceResponse(JSON.stringify(report), { kind: "health" });
}

/**
 * A draw's ids list as plain text; a 410 once erased (12 months after the draw, as the privacy
 * page says), or a 404 where there was never one.
 */
export function drawListResponse(list: { text: string } | "erased" | null): Response {
  if (list === "erased") {
    return resourceResponse(
      "La lista de este sorteo se borró a los 12 meses del sorteo, como dice nuestra política de privacidad.\n",
      { kind: "draw-list", found: false },
      410,
    );
  }
  return list === null
    ? resourceResponse("No hay un sorteo hecho en esa fecha.\n", { kind: "draw-list", found: false }, 404)
    : resourceResponse(list.text, { kind: "draw-list", found: true });
}
