import { PassThrough, Writable } from "node:stream";
import type { EntryContext, HandleDataRequestFunction, HandleErrorFunction } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import type { ReactElement } from "react";
import { renderToPipeableStream } from "react-dom/server";
import "~/lib/server/env.server";
import { cacheControlFor, dataState, documentState, NO_STORE, type PageState } from "~/lib/http/cache-control.server";
import { decodeData, readIfComplete } from "~/lib/http/data-response.server";
import { isStorable, serveStored, storedResponse } from "~/lib/http/document-store.server";
import { exitWhenDrainedAfterSignal } from "~/lib/server/exit-when-drained.server";
import { StylesheetTextProvider } from "~/lib/document/inline-stylesheet";
import { STYLESHEET_TEXT } from "~/lib/document/inline-stylesheet.server";
import { NonceProvider } from "~/lib/document/nonce";
import { warmParticipantsCache } from "~/lib/participants/participants.server";
import { RenderInstantProvider } from "~/lib/document/render-instant";
import { holdScriptsUntilFirstPaint } from "~/lib/document/scripts-after-first-paint.server";
import { applySecurityHeaders, createNonce, inlineHashes, NO_INLINE_SOURCES } from "~/lib/http/security-headers.server";

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

const HTML = "text/html; charset=utf-8";

/** Stored pages in production only: in development every change must show at once. */
const storesPages = process.env.NODE_ENV === "production";

/** `nonce` is empty for a page rendered whole: its inline elements are allowed by hash. */
function documentElement(context: EntryContext, url: string, nonce: string) {
  return (
    <NonceProvider value={nonce}>
      <StylesheetTextProvider value={STYLESHEET_TEXT}>
        <RenderInstantProvider value={Date.now()}>
          <RemixServer context={context} url={url} nonce={nonce || undefined} />
        </RenderInstantProvider>
      </StylesheetTextProvider>
    </NonceProvider>
  );
}

/** The whole document as one string, once every Suspense boundary has resolved. */
function renderWhole(element: ReactElement): Promise<string> {
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
      onAllReady: () => pipe(sink),
      onShellError: reject,
      onError: reject,
    });
  });
}

/** A page whose data is ready: the stored bytes, or (404) rendered whole for this request. */
async function readyDocument(
  request: Request,
  status: number,
  headers: Headers,
  context: EntryContext,
  state: PageState,
): Promise<Response> {
  const url = new URL(request.url);
  const render = async () => {
    const html = holdScriptsUntilFirstPaint(await renderWhole(documentElement(context, request.url, "")));
    return { html, inline: inlineHashes(html) };
  };
  if (state === "not-found") {
    // Not stored: its key would be any path anyone types. remix-serve compresses it.
    const { html, inline } = await render();
    applySecurityHeaders(headers, request, inline);
    headers.set("Cache-Control", cacheControlFor(state));
    headers.set("Content-Type", HTML);
    return new Response(html, { status, headers });
  }
  if (!isStorable(state)) throw new Error(`a ${state} page is never stored`);
  const version = `${status}\n${JSON.stringify(context.staticHandlerContext.loaderData)}`;
  const stored = await storedResponse(url, version, async () => {
    const { html, inline } = await render();
    return { status, contentType: HTML, state, inline, body: Buffer.from(html) };
  });
  return serveStored(stored, request, headers);
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
) {
  const state = storesPages ? documentState(request, responseStatusCode, remixContext) : "private";
  if (state !== "private") {
    const response = await readyDocument(request, responseStatusCode, responseHeaders, remixContext, state).catch(
      () => null,
    );
    // A page that failed to render whole takes the ordinary path below, which reports it.
    if (response) return response;
  }

  const nonce = createNonce();
  applySecurityHeaders(responseHeaders, request, { nonce });
  responseHeaders.set("Cache-Control", NO_STORE);
  responseHeaders.set("Content-Type", HTML);

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
        }),
      );
      pipe(body);
    }
  });
}

/** Revalidation data (`/sorteos.data`, every 5 minutes from every open tab): stored like pages when ready. */
export const handleDataRequest: HandleDataRequestFunction = async (response, { request }) => {
  applySecurityHeaders(response.headers, request, NO_INLINE_SOURCES);
  response.headers.set("Cache-Control", NO_STORE);
  if (!storesPages || !response.body) return response;
  const body = await readIfComplete(response.body);
  if ("streaming" in body) return new Response(body.streaming, { status: response.status, headers: response.headers });
  const state = await decodeData(body.complete).then(
    (data) => dataState(request, response.status, data),
    () => "private" as const,
  );
  if (!isStorable(state)) {
    return new Response(body.complete, { status: response.status, headers: response.headers });
  }
  const stored = await storedResponse(new URL(request.url), body.complete, async () => ({
    status: response.status,
    contentType: response.headers.get("Content-Type") ?? "text/x-script",
    state,
    inline: NO_INLINE_SOURCES,
    body: body.complete,
  }));
  return serveStored(stored, request, response.headers);
};

export const handleError: HandleErrorFunction = (error, { request }) => {
  if (!request.signal.aborted) console.error(error);
};
