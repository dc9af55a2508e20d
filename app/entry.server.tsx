import type { EntryContext, HandleDataRequestFunction, HandleErrorFunction } from "@remix-run/node";
import { isRouteErrorResponse } from "@remix-run/react";
import { env } from "~/lib/server/env.server";
import { exitWhenDrainedAfterSignal } from "~/lib/server/exit-when-drained.server";
import { signRenderInstantsWith, STREAM_TIMEOUT_MS } from "~/lib/document/render-document.server";
import { formStartStamp } from "~/lib/forms/form-start.server";
import { pageState } from "~/lib/http/route-keeping.server";
import {
  finishedDataResponse,
  privateDocumentResponse,
  readyDocumentResponse,
} from "~/lib/http/document-response.server";
import { startFormsSweep } from "~/lib/forms/retention.server";
import { warmParticipantsCache } from "~/lib/participants/participants.server";
import { startDrawTimer } from "~/lib/draw-records/draw-timer.server";
import { startEdge as startSiteEdge } from "~/lib/edge/edge.server";
import { answerFromMemory } from "~/lib/http/answer-from-memory.server";

// Wiring only: render, decide the page's state, hand over (docs/decisions/022-code-layout.md).
// remix-serve imports the server build, and with it this module, before it listens.
exitWhenDrainedAfterSignal();
warmParticipantsCache();
startFormsSweep();
// Every document carries its render instant signed: the forms' fill-time check reads it back.
signRenderInstantsWith(formStartStamp);
// Before listening: the upcoming draw's record exists, and its round is public from the first page served.
await startDrawTimer();

/** Remix reads this export: how long deferred data may stream. */
export const streamTimeout = STREAM_TIMEOUT_MS;

/** Stored pages in production only: in development every change must show at once. */
const storesPages = env.mode === "production";

/**
 * The edge serve.js puts in front of remix-serve, from this build: one configuration, one module
 * graph (docs/decisions/060-the-edge-on-the-fields-libraries.md); stored pages it answers from
 * memory in the second after their routes gave them (docs/decisions/071-stored-pages-answered-before-the-routes.md).
 */
export const startEdge = () => startSiteEdge(storesPages ? { answerFromMemory } : {});

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
) {
  const state = storesPages ? pageState(request, responseStatusCode, responseHeaders) : "private";
  if (state !== "private") {
    try {
      return await readyDocumentResponse(request, responseStatusCode, responseHeaders, remixContext, state);
    } catch (error) {
      // The page is still served, made for this request alone; the store path's failure is
      // reported here, once.
      console.error(
        `[store] ${new URL(request.url).pathname}: no se pudo armar entera una página lista; se sirve sin guardarla`,
        error,
      );
    }
  }
  return privateDocumentResponse(request, responseStatusCode, responseHeaders, remixContext);
}

export const handleDataRequest: HandleDataRequestFunction = (response, { request }) =>
  finishedDataResponse(request, response, storesPages);

export const handleError: HandleErrorFunction = (error, { request }) => {
  // A 404 that reaches the root boundary is a page like any other (its path is logged by the
  // catch-all route), not an error with a stack trace.
  if (request.signal.aborted || (isRouteErrorResponse(error) && error.status === 404)) return;
  console.error(error);
};
