import type { CrawlerFile } from "~/lib/sharing/crawler-files.server";
import { CLAIM_PATH, CONFIRM_PATH, LEAVE_PATH, TOKEN_PARAMETER } from "~/content/pages/mail-link-paths";
import { robotsDirectiveFor, type RobotsDirective } from "~/lib/sharing/robots-directive";
import { cacheControlFor, CRAWLER_FILE_CACHE_CONTROL, DRAW_LIST_CACHE_CONTROL, NO_STORE } from "./cache-control.server";
import type { StoredResponse } from "./stored-response.server";
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
  /** A redirect made for one request (a mail link's first steps): no body, never kept. */
  | { kind: "redirect" }
  /** The 404 page, rendered whole for this request: its inline elements are allowed by hash. */
  | { kind: "not-found-page"; inline: HashSources }
  /** Single-fetch data that is not stored (still streaming, an action, an error): Remix sets its type. */
  | { kind: "data"; url: URL }
  /** robots.txt and the sitemap. */
  | { kind: "crawler-file"; contentType: string }
  /** `/healthz`: always asked of the origin. */
  | { kind: "health" }
  /** A drawn month's frozen ids list, the exact bytes its published hash was taken of; or its 404. */
  | { kind: "draw-list"; found: boolean }
  /**
   * A file of a draw's folder: a stamped statement (text) or an authority's token (`.tsr`), which
   * never change once made, or the record as JSON, which changes with a redraw or a claim.
   */
  | { kind: "draw-file"; contentType: string };

/** Everything finishing one kind of response sets. */
interface Finishing {
  inline: InlineSources;
  cacheControl: string;
  /** Left as set (Remix's, on data) when absent. */
  contentType?: string;
  /** The URL whose listing rules the X-Robots-Tag says, for the kinds that answer one. */
  robotsFor?: URL;
  /** What the X-Robots-Tag says whatever the listing rules (a page made for one mail link). */
  robots?: RobotsDirective;
  /** A draw's ids list is public: a checker on any site may recompute the draw from it. */
  anyOrigin?: boolean;
}

/** Whether an address is a mail link's, token and all: its page is never listed by search engines. */
function isMailLinkAddress(url: URL): boolean {
  const pathname = url.pathname.replace(/\.data$/, "");
  return [CONFIRM_PATH, LEAVE_PATH, CLAIM_PATH].includes(pathname) && url.searchParams.has(TOKEN_PARAMETER);
}

/** One row per kind: how it is finished, read once per response. */
const FINISHING: { [Kind in FinishedAs["kind"]]: (finished: Extract<FinishedAs, { kind: Kind }>) => Finishing } = {
  stored: ({ stored, url }) => ({
    inline: stored.inline,
    cacheControl: cacheControlFor(stored.state),
    contentType: stored.contentType,
    robotsFor: url,
  }),
  "private-page": ({ nonce, url }) => ({
    inline: { nonce },
    cacheControl: NO_STORE,
    contentType: HTML_CONTENT_TYPE,
    robotsFor: url,
    // A browser or CDN that returned no cookie sees a mail link's page at the link's own address
    // (docs/decisions/072-mail-link-tokens-out-of-the-address-bar.md).
    ...(isMailLinkAddress(url) ? { robots: "noindex" as const } : {}),
  }),
  redirect: () => ({ inline: NO_INLINE_SOURCES, cacheControl: NO_STORE }),
  "not-found-page": ({ inline }) => ({
    inline,
    cacheControl: cacheControlFor("not-found"),
    contentType: HTML_CONTENT_TYPE,
  }),
  data: ({ url }) => ({ inline: NO_INLINE_SOURCES, cacheControl: NO_STORE, robotsFor: url }),
  "crawler-file": ({ contentType }) => ({
    inline: NO_INLINE_SOURCES,
    cacheControl: CRAWLER_FILE_CACHE_CONTROL,
    contentType,
  }),
  health: () => ({ inline: NO_INLINE_SOURCES, cacheControl: NO_STORE, contentType: "application/json" }),
  "draw-list": ({ found }) => ({
    inline: NO_INLINE_SOURCES,
    cacheControl: found ? DRAW_LIST_CACHE_CONTROL : NO_STORE,
    contentType: "text/plain; charset=utf-8",
    anyOrigin: true,
  }),
  "draw-file": ({ contentType }) => ({
    inline: NO_INLINE_SOURCES,
    // The record changes with a redraw or a claim; the statements and seals never do.
    cacheControl: contentType.startsWith("application/json") ? cacheControlFor("ready") : DRAW_LIST_CACHE_CONTROL,
    contentType,
    anyOrigin: true,
  }),
};

/** The row of `finished`'s kind, applied to it. */
function finishingOf<Kind extends FinishedAs["kind"]>(finished: Extract<FinishedAs, { kind: Kind }>): Finishing {
  return (FINISHING[finished.kind as Kind] as (finished: Extract<FinishedAs, { kind: Kind }>) => Finishing)(finished);
}

/** Sets the security headers, Cache-Control and Content-Type of a response of this kind. */
export function finishResponse(headers: Headers, finished: FinishedAs): void {
  const { inline, cacheControl, contentType, robotsFor, robots: fixedRobots, anyOrigin } = finishingOf(finished);
  headers.delete(KEEPING_HEADER);
  applySecurityHeaders(headers, inline);
  headers.set("Cache-Control", cacheControl);
  if (contentType) headers.set("Content-Type", contentType);
  // The header says of every listing URL what its meta tag says, data requests included.
  const robots = fixedRobots ?? (robotsFor ? robotsDirectiveFor(robotsFor) : null);
  if (robots) headers.set("X-Robots-Tag", robots);
  if (anyOrigin) headers.set("Access-Control-Allow-Origin", "*");
}

function resourceResponse(body: string | Uint8Array<ArrayBuffer>, finished: FinishedAs, status = 200): Response {
  const headers = new Headers();
  finishResponse(headers, finished);
  headers.set("Content-Length", String(typeof body === "string" ? Buffer.byteLength(body) : body.byteLength));
  return new Response(body, { headers, status });
}

/** A 303 to `location` for this request only, finished like every other response; `setCookie` rides along. */
export function seeOtherResponse(location: string, setCookie?: string): Response {
  const headers = new Headers({ Location: location });
  finishResponse(headers, { kind: "redirect" });
  if (setCookie) headers.set("Set-Cookie", setCookie);
  return new Response(null, { status: 303, headers });
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

/**
 * A file of a draw's folder (docs/draw.md, "Witnesses"): the exact bytes that were stamped, an
 * authority's token as it sent it, or the record; a 404 where there is none by that name.
 */
export function drawFileResponse(
  file: { body: string | Uint8Array<ArrayBuffer>; contentType: string } | null,
): Response {
  return file === null
    ? resourceResponse("No hay un archivo con ese nombre para ese sorteo.\n", { kind: "draw-list", found: false }, 404)
    : resourceResponse(file.body, { kind: "draw-file", contentType: file.contentType });
}
