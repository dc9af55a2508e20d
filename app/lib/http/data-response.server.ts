/**
 * Single-fetch data responses (`/sorteos.data`, …). Their body is a turbo-stream that ends
 * at once when the data was ready and stays open while deferred data streams in.
 */
type DataBody = { complete: Buffer<ArrayBuffer> } | { streaming: ReadableStream<Uint8Array> };

/**
 * The whole body if it ends within this turn of the event loop (the data was ready);
 * otherwise a stream that replays what was read and then the rest, as it arrives.
 */
export async function readIfComplete(body: ReadableStream<Uint8Array>): Promise<DataBody> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  const turnOver = Symbol("turn over");
  const endOfTurn = new Promise<typeof turnOver>((resolve) => setImmediate(resolve, turnOver));
  for (;;) {
    const next = reader.read();
    const first = await Promise.race([next, endOfTurn]);
    if (first === turnOver) return { streaming: replay(chunks, next, reader) };
    if (first.done) return { complete: Buffer.concat(chunks) };
    chunks.push(first.value);
  }
}

function replay(
  chunks: Uint8Array[],
  pending: Promise<ReadableStreamReadResult<Uint8Array>>,
  reader: ReadableStreamDefaultReader<Uint8Array>,
): ReadableStream<Uint8Array> {
  let next: Promise<ReadableStreamReadResult<Uint8Array>> | null = pending;
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
    },
    async pull(controller) {
      const { done, value } = await (next ?? reader.read());
      next = null;
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}
