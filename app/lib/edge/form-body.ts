import type { Readable } from "node:stream";
import getRawBody from "raw-body";

/**
 * A form's body, read whole at the edge before the submission takes a turn: no turn waits on a
 * client's network, and nothing over the cap is ever held (docs/operations.md, "Sign-ups and
 * limits"). raw-body reads it (docs/decisions/060-the-edge-on-the-fields-libraries.md); what is
 * ours is the deadline, which raw-body does not have.
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
 * Content-Length over the cap is refused before a byte is read. Once settled otherwise than
 * whole, the stream is left paused: the caller answers, and closes the connection if the body
 * was not read whole.
 */
export function readFormBody(
  stream: Readable,
  { declaredLength, maxBytes, deadline }: { declaredLength: number | null; maxBytes: number; deadline: AbortSignal },
): Promise<FormBody> {
  if (deadline.aborted) return Promise.resolve({ kind: "late" });
  return new Promise((resolve) => {
    let settled = false;
    const settle = (body: FormBody) => {
      if (settled) return;
      settled = true;
      stream.off("close", onClose);
      deadline.removeEventListener("abort", onDeadline);
      resolve(body);
    };
    // raw-body settles on the end, the cap, an error, or Node's `aborted`; a stream that closes
    // without any of them is a client gone too.
    const onClose = () => settle({ kind: "gone" });
    const onDeadline = () => {
      stream.pause();
      settle({ kind: "late" });
    };
    stream.once("close", onClose);
    deadline.addEventListener("abort", onDeadline, { once: true });
    getRawBody(stream, { length: declaredLength, limit: maxBytes }, (error, bytes) =>
      settle(error ? { kind: error.type === "entity.too.large" ? "too-large" : "gone" } : { kind: "body", bytes }),
    );
  });
}
