import { encode } from "turbo-stream";
import { describe, expect, it } from "vitest";
import { decodeData, readIfComplete } from "~/lib/http/data-response.server";

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

describe("readIfComplete, a stream given up on", () => {
  it("passes a cancel on to the response body it reads", async () => {
    let reason: unknown;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(text("first"));
      },
      cancel(why) {
        reason = why;
      },
    });
    const read = await readIfComplete(body);
    if (!("streaming" in read)) throw new Error("expected a stream: the body never ends");
    await read.streaming.cancel("visitor left");
    expect(reason).toBe("visitor left");
  });
});

describe("decodeData", () => {
  it("reads Remix's own types (errors, redirects) as opaque markers next to the plain data", async () => {
    class RouteError extends Error {}
    const body = encode(
      { "routes/sorteos": { data: { listing: { rows: [] } } }, "routes/x": { error: new RouteError("boom") } },
      { plugins: [(value: unknown) => (value instanceof RouteError ? ["SanitizedError", value.message] : false)] },
    );
    const read = await readIfComplete(body);
    if (!("complete" in read)) throw new Error("expected the whole body");
    expect(await decodeData(read.complete)).toEqual({
      "routes/sorteos": { data: { listing: { rows: [] } } },
      "routes/x": { error: { remixType: "SanitizedError" } },
    });
  });
});
