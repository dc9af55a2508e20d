import { createReadStream } from "node:fs";
import { Readable } from "node:stream";
import type { SheetSource } from "~/lib/server/env.server";
import { SheetError } from "./errors.server";

const MAX_SHEET_BYTES = 20 * 1024 * 1024;

export interface FetchedSheet {
  /** The body, as it arrives; reading it can still fail (time limit, size limit, reset). */
  body: AsyncIterable<Uint8Array>;
  status: number | null;
}

const HTML_START = /^\s*<(?:!doctype|html|head|body)\b/i;

/**
 * Wraps the body so that it stops at MAX_SHEET_BYTES and refuses an HTML page,
 * whatever the upstream's headers claimed.
 */
async function* guardBody(chunks: AsyncIterable<Uint8Array>): AsyncIterable<Uint8Array> {
  let received = 0;
  let first = true;
  for await (const chunk of chunks) {
    received += chunk.byteLength;
    if (received > MAX_SHEET_BYTES) {
      throw new SheetError("invalid", `body exceeds ${MAX_SHEET_BYTES} bytes`);
    }
    if (first) {
      first = false;
      // TextDecoder drops a leading byte order mark, so a BOM before `<html` is no disguise.
      const head = new TextDecoder().decode(chunk.subarray(0, 512));
      if (HTML_START.test(head)) throw new SheetError("invalid", "body is an HTML page");
    }
    yield chunk;
  }
}

/** Frees the connection without waiting on an upstream that may be slow to close. */
function discardBody(response: Response): void {
  response.body?.cancel().catch(() => undefined);
}

async function fetchUrl(url: string, signal: AbortSignal): Promise<FetchedSheet> {
  const response = await fetch(url, {
    redirect: "follow",
    signal,
    headers: { accept: "text/csv, text/plain;q=0.9, */*;q=0.1" },
  });
  if (!response.ok) {
    discardBody(response);
    throw new SheetError("http", `upstream answered ${response.status}`, response.status);
  }
  const contentType = response.headers.get("content-type") ?? "";
  if (/text\/html|application\/xhtml/i.test(contentType)) {
    discardBody(response);
    throw new SheetError("invalid", `upstream sent ${contentType}, not CSV`, response.status);
  }
  const declaredLength = Number(response.headers.get("content-length"));
  if (declaredLength > MAX_SHEET_BYTES) {
    discardBody(response);
    throw new SheetError("invalid", `upstream declares ${declaredLength} bytes`, response.status);
  }
  const body = response.body ? Readable.fromWeb(response.body as never) : Readable.from([]);
  return { body: guardBody(body), status: response.status };
}

/**
 * Opens the sheet for streaming. The signal bounds the whole read, body included,
 * so a server that stalls half-way is cut off too.
 */
export async function fetchSheet(source: SheetSource, signal: AbortSignal): Promise<FetchedSheet> {
  if (source.kind === "url") return fetchUrl(source.url, signal);
  return { body: guardBody(createReadStream(source.path, { signal })), status: null };
}
