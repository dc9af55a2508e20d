import type { Readable } from "node:stream";

/**
 * A form's body, read whole at the edge before the submission takes a turn: no turn waits on a
 * client's network, and nothing over the cap is ever held (docs/operations.md, "Sign-ups and
 * limits").
 */
export type FormBody =
  | { kind: "body"; bytes: Buffer }
  /** Over the cap: declared so, or counted so as it arrived (chunked). */
  | { kind: "too-large" }
  /** Still arriving when the deadline passed. */
  | { kind: "late" }
  /** The client closed the connection before sending all of it. */
  | { kind: "gone" };

/**
 * Reads `stream` until it ends, `maxBytes` are exceeded or `deadline` aborts. A declared
 * Content-Length over the cap is refused before a byte is read. Once settled, the stream is
 * left paused: the caller answers, and closes the connection if the body was not read whole.
 */
export function readFormBody(
  stream: Readable,
  { declaredLength, maxBytes, deadline }: { declaredLength: number | null; maxBytes: number; deadline: AbortSignal },
): Promise<FormBody> {
  if (declaredLength !== null && declaredLength > maxBytes) return Promise.resolve({ kind: "too-large" });
  if (deadline.aborted) return Promise.resolve({ kind: "late" });
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let length = 0;
    const settle = (result: FormBody) => {
      stream.off("data", onData).off("end", onEnd).off("close", onClose).off("error", onClose);
      deadline.removeEventListener("abort", onDeadline);
      stream.pause();
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      length += chunk.length;
      if (length > maxBytes) return settle({ kind: "too-large" });
      chunks.push(chunk);
    };
    const onEnd = () => settle({ kind: "body", bytes: Buffer.concat(chunks, length) });
    const onClose = () => settle({ kind: "gone" });
    const onDeadline = () => settle({ kind: "late" });
    stream.on("data", onData).once("end", onEnd).once("close", onClose).once("error", onClose);
    deadline.addEventListener("abort", onDeadline, { once: true });
  });
}
