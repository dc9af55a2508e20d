import type { HeadersArgs } from "@remix-run/node";
import type { PageState } from "./cache-control.server";

/**
 * How a page route's answer may be kept, declared by the route as its `headers` export
 * (docs/decisions/045-route-keeping-declared-in-headers.md):
 * - "public": the same page for everyone, stored and shared while its data is ready;
 * - "personal": made for one visitor (a mail link's token), never stored or shared.
 * A route that declares nothing is never stored either.
 */
type RouteKeeping = "public" | "personal";

/** What a loader found that narrows its page's keeping: data still to stream, or the sheet's error shown. */
type LoaderFinding = "pending" | "sheet-error";

/**
 * Carries the keeping from the route's `headers` (and its loader's finding) to the entry.
 * Internal: `finishResponse` removes it, so it never leaves the server.
 */
export const KEEPING_HEADER = "X-Keeping";

type Keeping = RouteKeeping | LoaderFinding;

function keepingOf(headers: Headers): Keeping | null {
  const value = headers.get(KEEPING_HEADER);
  return value === "public" || value === "personal" || value === "pending" || value === "sheet-error" ? value : null;
}

/**
 * What a page route's `headers` export answers: `(args) => keptAs("public", args)`. Remix
 * calls it for the page and for its single-fetch data alike, with the headers its loader
 * answered with. (A function rather than a call at the module's top level: the browser
 * build drops an unused function, not a call.)
 */
export function keptAs(keeping: RouteKeeping, { loaderHeaders }: Pick<HeadersArgs, "loaderHeaders">): HeadersInit {
  const finding = keepingOf(loaderHeaders);
  // Data still to come is never stored, whoever the page is for; a sheet error only shortens a public page's life.
  const kept = finding === "pending" || (finding === "sheet-error" && keeping === "public") ? finding : keeping;
  return { [KEEPING_HEADER]: kept };
}

/** The response init a loader answers with when it found something that narrows its page's keeping. */
export function loaderFindingInit(finding: LoaderFinding | null): ResponseInit {
  return finding ? { headers: { [KEEPING_HEADER]: finding } } : {};
}

/** Whether the page or data answered with these headers still has data to stream. */
export function waitsOnData(headers: Headers): boolean {
  return keepingOf(headers) === "pending";
}

const isReadRequest = (request: Request) => request.method === "GET" || request.method === "HEAD";

/**
 * The state of a page (or its data) about to be sent with `status` and the headers its
 * routes declared. Anything but a read of a public page is made for this request alone.
 */
export function pageState(request: Request, status: number, headers: Headers): PageState {
  if (!isReadRequest(request)) return "private";
  switch (keepingOf(headers)) {
    case "public":
      return status === 200 ? "ready" : status === 404 ? "not-found" : "private";
    case "sheet-error":
      return status === 200 ? "sheet-error" : "private";
    default:
      return "private";
  }
}

/** The state of single-fetch data whose body is complete, from the headers its routes declared. */
export function dataState(request: Request, status: number, headers: Headers): PageState {
  // Remix runs actions for any data request but a GET, HEAD included.
  if (request.method !== "GET") return "private";
  const state = pageState(request, status, headers);
  // A missing route's data is a few bytes and nothing browses it: not worth keeping.
  return state === "not-found" ? "private" : state;
}
