import { Writable } from "node:stream";
import type { ReactElement } from "react";
import { renderToPipeableStream } from "react-dom/server";

/**
 * React 18.3's Node stream writer sends its whole 2,048-byte buffer when the next character
 * does not fit in the bytes left (`writeStringChunk` in react-dom-server.node), so a page could
 * carry a zero byte where a two-byte character met the buffer's end: "¿C\0ómo" in /sorteos'
 * FAQ. HTML never holds one (React escapes nothing into one): every zero byte is dropped.
 */
export function withoutZeroBytes(chunk: Buffer): Buffer {
  return chunk.includes(0) ? Buffer.from(chunk.filter((byte) => byte !== 0)) : chunk;
}

/** The whole document as one string, once every Suspense boundary has resolved. */
export function renderWhole(element: ReactElement): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(withoutZeroBytes(chunk));
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
