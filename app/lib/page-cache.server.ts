import { Writable } from "node:stream";
import type { EntryContext } from "@remix-run/node";
import { LRUCache } from "lru-cache";
import type { ReactElement } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { createNonce } from "./security-headers.server";

/**
 * Rendered pages, reused while the URL and the data behind them are the same.
 *
 * Most requests ask for the same few pages over the same cached sheet, yet React would
 * render each one anew. A page is rendered once with a placeholder nonce; every response
 * gets a copy with a fresh nonce in its place. The placeholder is random per process, so
 * nothing in the sheet can spell it.
 */
export const NONCE_PLACEHOLDER = createNonce();

const pages = new LRUCache<string, string, ReactElement>({
  max: 300,
  maxSize: 24 * 1024 * 1024,
  sizeCalculation: (html) => html.length * 2,
  // The key changes with the data; the time limit only frees memory no one asks for.
  ttl: 60_000,
  fetchMethod: (_key, _stale, { context }) => renderToHtml(context),
});

const isPromise = (value: unknown) => typeof (value as PromiseLike<unknown> | null)?.then === "function";

/**
 * The cache key of a page, or null when the page must be rendered for this request alone:
 * anything but a successful GET, and any page still waiting on data (it streams instead).
 */
export function pageCacheKey(request: Request, status: number, context: EntryContext): string | null {
  const { loaderData, actionData, errors } = context.staticHandlerContext;
  if (request.method !== "GET" || status !== 200 || actionData || errors) return null;
  for (const routeData of Object.values(loaderData)) {
    if (routeData && typeof routeData === "object" && Object.values(routeData).some(isPromise)) return null;
  }
  const url = new URL(request.url);
  return `${url.pathname}${url.search}\n${JSON.stringify(loaderData)}`;
}

/** The whole document as one string, once every Suspense boundary has resolved. */
function renderToHtml(element: ReactElement): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
      final(done) {
        resolve(Buffer.concat(chunks).toString("utf8"));
        done();
      },
    });
    const { pipe } = renderToPipeableStream(element, {
      nonce: NONCE_PLACEHOLDER,
      onAllReady: () => pipe(sink),
      onShellError: reject,
      onError: reject,
    });
  });
}

/** The cached page for `key` (rendering it if needed), with this response's nonce. */
export async function cachedPage(key: string, element: ReactElement, nonce: string): Promise<string> {
  const html = await pages.fetch(key, { context: element });
  if (html === undefined) throw new Error(`page for ${key} could not be rendered`);
  return html.replaceAll(NONCE_PLACEHOLDER, nonce);
}
