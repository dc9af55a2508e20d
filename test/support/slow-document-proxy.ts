import http from "node:http";
import type { AddressInfo } from "node:net";

export interface SlowDocumentProxy {
  origin: string;
  close: () => Promise<void>;
}

/** A few frames, even on a busy machine, after a piece that ends where a test chose. */
const CHOSEN_PAUSE_MS = 250;

/** The offsets of the tags from the first `from` in `body` to the `to` after it, that one included. */
function tagsBetween(body: Buffer, from: string, to: string): number[] {
  const first = body.indexOf(from);
  const last = first === -1 ? -1 : body.indexOf(to, first);
  if (last === -1) return [];
  const offsets: number[] = [];
  for (let tag = body.indexOf("<", first); tag !== -1 && tag <= last; tag = body.indexOf("<", tag + 1))
    offsets.push(tag);
  return offsets;
}

/**
 * An HTTP proxy in front of the app that passes every response through at once, except
 * HTML documents, which it sends uncompressed a couple of kilobytes at a time with a pause
 * after each piece: what a phone on a slow network receives. Chromium paints the document
 * as it arrives, so each pause shows a half-parsed page, and any element that moves when
 * the rest of the page arrives is a layout shift a visitor sees (docs/product.md, "Quality bars": CLS 0).
 * A piece ends just before a tag, so no text is cut in two: a word that re-wraps as the
 * rest of its line arrives is not what this looks for, a box that moves is. `endPiecesBetween`
 * also ends a piece before every tag from the first `from` to the `to` after it, and waits longer
 * there (CHOSEN_PAUSE_MS) so that the browser paints: where a piece ends is otherwise a matter of
 * byte counts, and a shift may need one to end at a given tag.
 */
export async function startSlowDocumentProxy(
  upstreamOrigin: string,
  {
    pieceBytes = 2048,
    pauseMs = 30,
    endPiecesBetween,
  }: { pieceBytes?: number; pauseMs?: number; endPiecesBetween?: [from: string, to: string] } = {},
): Promise<SlowDocumentProxy> {
  const server = http.createServer(async (request, response) => {
    const upstream = await fetch(new URL(request.url ?? "/", upstreamOrigin), {
      headers: { "user-agent": request.headers["user-agent"] ?? "", "accept-encoding": "identity" },
    });
    const body = Buffer.from(await upstream.arrayBuffer());
    const headers: Record<string, string> = {};
    upstream.headers.forEach((value, name) => {
      if (!["content-length", "content-encoding", "transfer-encoding", "connection", "keep-alive"].includes(name))
        headers[name] = value;
    });
    response.writeHead(upstream.status, headers);
    if (!upstream.headers.get("content-type")?.startsWith("text/html")) {
      response.end(body);
      return;
    }
    const chosenEnds = endPiecesBetween ? tagsBetween(body, ...endPiecesBetween) : [];
    for (let start = 0; start < body.length;) {
      const nextTag = body.indexOf("<", start + pieceBytes);
      const chosen = chosenEnds.find((offset) => offset > start);
      const end = Math.min(nextTag === -1 ? body.length : nextTag, chosen ?? body.length);
      response.write(body.subarray(start, end));
      start = end;
      await new Promise((resolve) => setTimeout(resolve, end === chosen ? CHOSEN_PAUSE_MS : pauseMs));
    }
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
