import http from "node:http";
import type { AddressInfo } from "node:net";

export interface SlowDocumentProxy {
  origin: string;
  close: () => Promise<void>;
}

/**
 * An HTTP proxy in front of the app that passes every response through at once, except
 * HTML documents, which it sends uncompressed a couple of kilobytes at a time with a pause
 * after each piece: what a phone on a slow network receives. Chromium paints the document
 * as it arrives, so each pause shows a half-parsed page, and any element that moves when
 * the rest of the page arrives is a layout shift a visitor sees (docs/product.md, "Quality bars": CLS 0).
 * A piece ends just before a tag, so no text is cut in two: a word that re-wraps as the
 * rest of its line arrives is not what this looks for, a box that moves is.
 */
export async function startSlowDocumentProxy(
  upstreamOrigin: string,
  { pieceBytes = 2048, pauseMs = 30 } = {},
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
    for (let start = 0; start < body.length;) {
      const nextTag = body.indexOf("<", start + pieceBytes);
      const end = nextTag === -1 ? body.length : nextTag;
      response.write(body.subarray(start, end));
      start = end;
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
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
