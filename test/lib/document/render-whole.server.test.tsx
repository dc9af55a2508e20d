import { renderToPipeableStream } from "react-dom/server";
import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { renderWhole } from "~/lib/document/render-whole.server";

/**
 * Short texts (React encodes each into its 2,048-byte buffer) that put a two-byte "ó" at the
 * buffer's last byte: "<p>" and three "<b>" + 600 + "</b>" are 1,824 bytes, "<b>" and 220 more
 * make 2,047.
 */
const text = (length: number) => "a".repeat(length);
const STRADDLING = (
  <p>
    <b>{text(600)}</b>
    <b>{text(600)}</b>
    <b>{text(600)}</b>
    <b>{`${text(220)}ómo`}</b>
  </p>
);

describe("rendering a document", () => {
  it("never sends the zero byte React 18.3 leaves where a character meets its buffer's end", async () => {
    // React itself, piped as is: the defect this guards against.
    const raw = await new Promise<Buffer>((resolve) => {
      const chunks: Buffer[] = [];
      const sink = new Writable({
        write: (chunk: Buffer, _encoding, done) => (chunks.push(Buffer.from(chunk)), done()),
        final: (done) => (resolve(Buffer.concat(chunks)), done()),
      });
      const { pipe } = renderToPipeableStream(STRADDLING, { onAllReady: () => pipe(sink) });
    });
    expect(raw.indexOf(0)).toBe(2047);
    const html = await renderWhole(STRADDLING);
    expect(html).not.toContain("\u0000");
    expect(html).toBe(`<p>${`<b>${text(600)}</b>`.repeat(3)}<b>${text(220)}ómo</b></p>`);
  });
});
