import { describe, expect, it } from "vitest";
import { readIfComplete } from "~/lib/http/data-response.server";

const text = (chunk: string) => new TextEncoder().encode(chunk);

async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(stream).text();
}

describe("readIfComplete", () => {
  it("returns the whole body when it ends within this turn", async () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(text("first,"));
        controller.enqueue(text("second"));
        controller.close();
      },
    });
    const read = await readIfComplete(body);
    expect("complete" in read).toBe(true);
    if ("complete" in read) expect(read.complete.toString()).toBe("first,second");
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
