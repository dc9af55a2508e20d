import { createReadStream } from "node:fs";
import { Readable } from "node:stream";
import type { SheetSource } from "~/lib/server/parse-env.server";
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

/** As many as fetch itself follows; Google's published CSV takes one. */
const MAX_REDIRECTS = 20;

/**
 * Where a redirect may take the sheet fetch: the configured URL's own origin, or the hosts
 * Google's published-sheet link redirects to, over https. Anything else would publish rows
 * from wherever a compromised or misconfigured upstream points (docs/decisions/027-bounded-sheets.md).
 */
function redirectAllowed(configured: URL, target: URL): boolean {
  if (target.origin === configured.origin) return true;
  const googleHost = target.hostname === "docs.google.com" || target.hostname.endsWith(".googleusercontent.com");
  return target.protocol === "https:" && googleHost;
}

/** The response at the end of the redirects `redirectAllowed` permits. */
async function fetchFollowingAllowedRedirects(url: string, signal: AbortSignal): Promise<Response> {
  const configured = new URL(url);
  let current = configured;
  for (let redirects = 0; ; redirects += 1) {
    const response = await fetch(current, {
      redirect: "manual",
      signal,
      headers: { accept: "text/csv, text/plain;q=0.9, */*;q=0.1" },
    });
    const location = response.headers.get("location");
    if (response.status < 300 || response.status > 399 || location === null) return response;
    discardBody(response);
    const target = URL.parse(location, current);
    if (!target || !redirectAllowed(configured, target)) {
      throw new SheetError("invalid", `redirect refused: ${current.origin} sent to ${target?.origin ?? location}`);
    }
    if (redirects === MAX_REDIRECTS) throw new SheetError("invalid", `more than ${MAX_REDIRECTS} redirects`);
    current = target;
  }
}

async function fetchUrl(url: string, signal: AbortSignal): Promise<FetchedSheet> {
  const response = await fetchFollowingAllowedRedirects(url, signal);
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
