import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { readFormBody } from "~/lib/edge/form-body";

const KB = 1024;

describe("readFormBody", () => {
  it("reads a body within the cap whole", async () => {
    const stream = new PassThrough();
    const body = readFormBody(stream, { declaredLength: 9, maxBytes: 4 * KB, deadline: new AbortController().signal });
    stream.write("email=");
    stream.end("a@b");
    expect(await body).toEqual({ kind: "body", bytes: Buffer.from("email=a@b") });
  });

  it("refuses a declared length over the cap before reading a byte", async () => {
    const stream = new PassThrough();
    stream.write("x");
    const answer = await readFormBody(stream, {
      declaredLength: 4 * KB + 1,
      maxBytes: 4 * KB,
      deadline: new AbortController().signal,
    });
    expect(answer).toEqual({ kind: "too-large" });
    expect(stream.readableLength).toBe(1);
  });

  it("stops a chunked body at the first byte over the cap", async () => {
    const stream = new PassThrough();
    const body = readFormBody(stream, {
      declaredLength: null,
      maxBytes: 4 * KB,
      deadline: new AbortController().signal,
    });
    stream.write(Buffer.alloc(4 * KB));
    stream.write(Buffer.alloc(1));
    expect(await body).toEqual({ kind: "too-large" });
    expect(stream.isPaused()).toBe(true);
  });

  it("takes a body of exactly the cap, declared or counted", async () => {
    const declared = new PassThrough();
    const whole = readFormBody(declared, {
      declaredLength: 4 * KB,
      maxBytes: 4 * KB,
      deadline: new AbortController().signal,
    });
    declared.end(Buffer.alloc(4 * KB));
    expect(await whole).toEqual({ kind: "body", bytes: Buffer.alloc(4 * KB) });
    const chunked = new PassThrough();
    const counted = readFormBody(chunked, {
      declaredLength: null,
      maxBytes: 4 * KB,
      deadline: new AbortController().signal,
    });
    chunked.write(Buffer.alloc(2 * KB));
    chunked.end(Buffer.alloc(2 * KB));
    expect(await counted).toEqual({ kind: "body", bytes: Buffer.alloc(4 * KB) });
  });

  it("answers late at once when the deadline passed before the read, and stops listening once settled", async () => {
    const passed = new AbortController();
    passed.abort();
    const stream = new PassThrough();
    expect(await readFormBody(stream, { declaredLength: 3, maxBytes: 4 * KB, deadline: passed.signal })).toEqual({
      kind: "late",
    });
    expect(stream.listenerCount("data")).toBe(0);

    const deadline = new AbortController();
    const read = new PassThrough();
    const body = readFormBody(read, { declaredLength: 3, maxBytes: 4 * KB, deadline: deadline.signal });
    read.end("a=b");
    expect(await body).toEqual({ kind: "body", bytes: Buffer.from("a=b") });
    // Settled: no listener of its own is left on the stream, and a later abort changes nothing.
    for (const event of ["data", "end", "close", "error"]) expect(read.listenerCount(event), event).toBe(0);
    deadline.abort();
  });

  it("gives up on a body still arriving when the deadline passes, and on a client that leaves", async () => {
    const deadline = new AbortController();
    const slow = new PassThrough();
    const late = readFormBody(slow, { declaredLength: 10, maxBytes: 4 * KB, deadline: deadline.signal });
    slow.write("email=");
    deadline.abort();
    expect(await late).toEqual({ kind: "late" });

    const leaving = new PassThrough();
    const gone = readFormBody(leaving, {
      declaredLength: 10,
      maxBytes: 4 * KB,
      deadline: new AbortController().signal,
    });
    leaving.destroy();
    expect(await gone).toEqual({ kind: "gone" });

    const failing = new PassThrough();
    const broken = readFormBody(failing, {
      declaredLength: 10,
      maxBytes: 4 * KB,
      deadline: new AbortController().signal,
    });
    failing.emit("error", new Error("ECONNRESET"));
    expect(await broken).toEqual({ kind: "gone" });
  });
});
