import { Transform } from "node:stream";
import type { EntryContext } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { DocumentTextsProvider } from "./document-texts";
import { STYLESHEET_TEXT } from "./inline-stylesheet.server";
import { NonceProvider } from "./nonce";
import { RenderInstantProvider } from "./render-instant";
import { renderWhole, withoutZeroBytes } from "./render-whole.server";
import { HELD_SCRIPTS_STARTER, holdScriptsUntilFirstPaint } from "./scripts-after-first-paint.server";

/**
 * How long deferred data may stream before the response is closed: longer than the sheet's
 * default fetch limit (8 s), with margin on a busy machine, so a time-out still reaches the
 * page as its error message. With the abort below a page may take 11 s, longer than Docker's
 * default 10 s stop timeout: docs/operations.md ("Stopping") asks for 15 s.
 */
export const STREAM_TIMEOUT_MS = 10_000;

/** How the server signs a render instant; the entry sets it (the forms' secret: app/entry.server.tsx). */
let signRenderInstant: (at: number) => string = () => "";

export function signRenderInstantsWith(sign: (at: number) => string): void {
  signRenderInstant = sign;
}

const DOCUMENT_TEXTS = { stylesheet: STYLESHEET_TEXT, heldScriptsStarter: HELD_SCRIPTS_STARTER };

/** `nonce` is empty for a page rendered whole: its inline elements are allowed by hash. */
function documentElement(context: EntryContext, url: string, nonce: string) {
  const at = Date.now();
  return (
    <NonceProvider value={nonce}>
      <DocumentTextsProvider value={DOCUMENT_TEXTS}>
        <RenderInstantProvider value={{ at, signed: signRenderInstant(at) }}>
          <RemixServer context={context} url={url} nonce={nonce || undefined} />
        </RenderInstantProvider>
      </DocumentTextsProvider>
    </NonceProvider>
  );
}

/** A page whose data is ready, as one string whose scripts start after the first paint. */
export async function renderDocumentWhole(context: EntryContext, url: string): Promise<string> {
  return holdScriptsUntilFirstPaint(await renderWhole(documentElement(context, url, "")));
}

/**
 * A page whose data is ready, as one string for this request only: its inline elements carry
 * `nonce`, and its scripts start after the first paint like a stored page's.
 */
export async function renderDocumentForRequest(context: EntryContext, url: string, nonce: string): Promise<string> {
  return holdScriptsUntilFirstPaint(await renderWhole(documentElement(context, url, nonce)));
}

export interface StreamedDocument {
  body: ReadableStream<Uint8Array>;
  /** 500 when rendering failed before the response started, else the status Remix chose. */
  status: number;
}

/**
 * A page that streams: the shell as soon as it is ready (or, for `waitForAll`, the whole
 * page at once), then deferred data as it arrives, each inline element carrying `nonce`.
 */
export function streamDocument(
  context: EntryContext,
  url: string,
  { nonce, status, waitForAll }: { nonce: string; status: number; waitForAll: boolean },
): Promise<StreamedDocument> {
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    // Cleared once rendering is over, and never what keeps the process alive: a pending
    // abort timer per recent page would delay exit after SIGTERM by up to 11 s.
    const abortTimer = setTimeout(() => abort(), STREAM_TIMEOUT_MS + 1000);
    abortTimer.unref();
    const { pipe, abort } = renderToPipeableStream(documentElement(context, url, nonce), {
      nonce,
      onAllReady() {
        clearTimeout(abortTimer);
        if (waitForAll) start();
      },
      onShellReady() {
        if (!waitForAll) start();
      },
      onShellError(error: unknown) {
        clearTimeout(abortTimer);
        reject(error);
      },
      onError(error: unknown) {
        status = 500;
        // Errors after the shell are already reported by handleError or React's own boundary.
        if (shellRendered) console.error(error);
      },
    });

    function start() {
      shellRendered = true;
      const body = new Transform({
        transform: (chunk: Buffer, _encoding, done) => done(null, withoutZeroBytes(chunk)),
      });
      resolve({ body: createReadableStreamFromReadable(body), status });
      pipe(body);
    }
  });
}
