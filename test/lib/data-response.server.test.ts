import { encode } from "turbo-stream";
import { describe, expect, it } from "vitest";
import { decodeData, readIfComplete } from "~/lib/data-response.server";

const text = (chunk: string) => new TextEncoder().encode(chunk);

async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(stream).text();
}

describe("readIfComplete", () => {
  it("returns the whole body when it ends within this turn", async () => {
    const body = encode({ "routes/sorteos": { data: { listing: { rows: [1, 2], error: null, fetchedAt: 1 } } } });
    const read = await readIfComplete(body);
    expect("complete" in read).toBe(true);
    if ("complete" in read) {
      expect(await decodeData(read.complete)).toEqual({
        "routes/sorteos": { data: { listing: { rows: [1, 2], error: null, fetchedAt: 1 } } },
      });
    }
  });

  it("hands back a stream that replays what was read, then the rest as it arrives", async () => {
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(text("first,"));
        controller.enqueue(text("second,"));
        await new Promise((resolve) => setTimeout(resolve, 50));
        controller.enqueue(text("third,"));
        await new Promise((resolve) => setTimeout(resolve, 20));
        controller.enqueue(text("fourth"));
        controller.close();
      },
    });
    const read = await readIfComplete(body);
    expect("streaming" in read).toBe(true);
    if ("streaming" in read) expect(await readAll(read.streaming)).toBe("first,second,third,fourth");
  });

  it("streams deferred data that decodes to the resolved value", async () => {
    const late = new Promise((resolve) => setTimeout(() => resolve({ rows: ["Ana"] }), 30));
    const read = await readIfComplete(encode({ "routes/sorteos": { data: { listing: late } } }));
    expect("streaming" in read).toBe(true);
    if ("streaming" in read) {
      const bytes = Buffer.from(await new Response(read.streaming).arrayBuffer());
      const decoded = (await decodeData(bytes)) as { "routes/sorteos": { data: { listing: Promise<unknown> } } };
      expect(await decoded["routes/sorteos"].data.listing).toEqual({ rows: ["Ana"] });
    }
  });
});
