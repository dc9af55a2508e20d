import type { EntryContext } from "@remix-run/node";
import { isbot } from "isbot";
import { renderDocumentForRequest, renderDocumentWhole, streamDocument } from "~/lib/document/render-document.server";
import type { PageState } from "./cache-control.server";
import { readIfComplete } from "./data-response.server";
import { storedAnswer } from "./document-store.server";
import { finishResponse, HTML_CONTENT_TYPE } from "./finish-response.server";
import { dataState, waitsOnData } from "./route-keeping.server";
import { createNonce, inlineHashes, NO_INLINE_SOURCES } from "./security-headers.server";
import { isStorable } from "./stored-response.server";

/**
 * A page whose data is ready: the stored bytes, or (a 404) rendered whole for this request.
 * Throws if it cannot be rendered whole; the caller then streams it.
 */
export async function readyDocumentResponse(
  request: Request,
  status: number,
  headers: Headers,
  context: EntryContext,
  state: Exclude<PageState, "private">,
): Promise<Response> {
  if (state === "not-found") {
    // Not stored: its key would be any path anyone types. remix-serve compresses it.
    const html = await renderDocumentWhole(context, request.url);
    finishResponse(headers, { kind: "not-found-page", inline: inlineHashes(html) });
    return new Response(html, { status, headers });
  }
  const version = `${status}\n${JSON.stringify(context.staticHandlerContext.loaderData)}`;
  return storedAnswer(request, headers, version, async () => {
    const html = await renderDocumentWhole(context, request.url);
    return { status, contentType: HTML_CONTENT_TYPE, state, inline: inlineHashes(html), body: Buffer.from(html) };
  });
}

/**
 * A page for this request only: a form's answer, a mail link's page, a page whose data is still
 * coming. With its data all there it is rendered whole and sent as one body, so the compressor
 * runs over it once rather than once per chunk React writes (docs/performance.md, "Sign-ups").
 * Otherwise it streams: crawlers get it whole, people the shell first.
 */
export async function privateDocumentResponse(
  request: Request,
  status: number,
  headers: Headers,
  context: EntryContext,
): Promise<Response> {
  const nonce = createNonce();
  const streams = waitsOnData(headers);
  finishResponse(headers, { kind: "private-page", nonce, url: new URL(request.url) });
  if (!streams) {
    // A render that fails whole streams instead, where React reports the error as it always has.
    const html = await renderDocumentForRequest(context, request.url, nonce).catch((error: unknown) => {
      console.error(
        `[render] ${new URL(request.url).pathname}: no se pudo armar la página entera; se manda por partes`,
        error,
      );
      return null;
    });
    if (html !== null) {
      headers.set("Content-Length", String(Buffer.byteLength(html)));
      return new Response(html, { headers, status });
    }
  }
  const waitForAll = isbot(request.headers.get("user-agent") ?? "");
  const streamed = await streamDocument(context, request.url, { nonce, status, waitForAll });
  return new Response(streamed.body, { headers, status: streamed.status });
}

/**
 * Revalidation data (`/sorteos.data`, every 5 minutes from every open tab): stored like pages
 * when ready and `stores` is on, finished as data otherwise; either way finished once.
 */
export async function finishedDataResponse(request: Request, response: Response, stores: boolean): Promise<Response> {
  const url = new URL(request.url);
  const state = dataState(request, response.status, response.headers);
  const body = stores && response.body ? await readIfComplete(response.body) : null;
  if (body && "complete" in body && isStorable(state)) {
    return storedAnswer(request, response.headers, body.complete, async () => ({
      status: response.status,
      contentType: response.headers.get("Content-Type") ?? "text/x-script",
      state,
      inline: NO_INLINE_SOURCES,
      body: body.complete,
    }));
  }
  finishResponse(response.headers, { kind: "data", url });
  if (!body) return response;
  return new Response("complete" in body ? body.complete : body.streaming, {
    status: response.status,
    headers: response.headers,
  });
}
