import { PassThrough } from "node:stream";
import type { EntryContext, HandleDataRequestFunction, HandleErrorFunction } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import "~/lib/env.server";
import { exitWhenDrainedAfterSignal } from "~/lib/exit-when-drained.server";
import { NonceProvider } from "~/lib/nonce";
import { warmParticipantsCache } from "~/lib/participants/participants.server";
import { RenderInstantProvider } from "~/lib/render-instant";
import { cachedPage, NONCE_PLACEHOLDER, pageCacheKey } from "~/lib/page-cache.server";
import { applySecurityHeaders, createNonce } from "~/lib/security-headers.server";

// remix-serve imports the server build, and with it this module, before it listens.
exitWhenDrainedAfterSignal();
warmParticipantsCache();

/**
 * How long deferred data may stream before the response is closed: longer than the sheet's
 * default fetch limit (8 s), with margin on a busy machine, so a time-out still reaches the
 * page as its error message. With the abort below a page may take 11 s, longer than Docker's
 * default 10 s stop timeout: docs/operations.md ("Stopping") asks for 15 s.
 */
export const streamTimeout = 10_000;

function documentElement(context: EntryContext, url: string, nonce: string) {
  return (
    <NonceProvider value={nonce}>
      <RenderInstantProvider value={Date.now()}>
        <RemixServer context={context} url={url} nonce={nonce} />
      </RenderInstantProvider>
    </NonceProvider>
  );
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext
) {
  const nonce = createNonce();
  applySecurityHeaders(responseHeaders, request, nonce);
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");

  const cacheKey =
    process.env.NODE_ENV === "production" ? pageCacheKey(request, responseStatusCode, remixContext) : null;
  if (cacheKey) {
    const element = documentElement(remixContext, request.url, NONCE_PLACEHOLDER);
    const html = await cachedPage(cacheKey, element, nonce).catch(() => null);
    // A page that failed to render whole is never cached: it takes the ordinary path below.
    if (html !== null) return new Response(html, { headers: responseHeaders, status: responseStatusCode });
  }

  // Crawlers get the whole page at once; people get the shell first and data as it arrives.
  const readyEvent = isbot(request.headers.get("user-agent") ?? "") ? "onAllReady" : "onShellReady";

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // Cleared once rendering is over, and never what keeps the process alive: a pending
    // abort timer per recent page would delay exit after SIGTERM by up to 11 s.
    const abortTimer = setTimeout(() => abort(), streamTimeout + 1000);
    abortTimer.unref();
    const { pipe, abort } = renderToPipeableStream(documentElement(remixContext, request.url, nonce), {
      nonce,
      onAllReady() {
        clearTimeout(abortTimer);
        if (readyEvent === "onAllReady") sendResponse();
      },
      onShellReady() {
        if (readyEvent === "onShellReady") sendResponse();
      },
      onShellError(error: unknown) {
        clearTimeout(abortTimer);
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        // Errors after the shell are already reported by handleError or React's own boundary.
        if (shellRendered) console.error(error);
      },
    });

    function sendResponse() {
      shellRendered = true;
      const body = new PassThrough();
      resolve(
        new Response(createReadableStreamFromReadable(body), {
          headers: responseHeaders,
          status: responseStatusCode,
        })
      );
      pipe(body);
    }
  });
}

export const handleDataRequest: HandleDataRequestFunction = (response, { request }) => {
  applySecurityHeaders(response.headers, request, null);
  return response;
};

export const handleError: HandleErrorFunction = (error, { request }) => {
  if (!request.signal.aborted) console.error(error);
};
