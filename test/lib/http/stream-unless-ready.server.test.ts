import { describe, expect, it } from "vitest";
import { streamUnlessReady } from "~/lib/http/stream-unless-ready.server";

describe("streamUnlessReady", () => {
  it("sends a value that is ready within the turn with the page", async () => {
    expect(await streamUnlessReady(Promise.resolve("listo"))).toEqual({ value: "listo" });
    // Settles a few microtasks later, still before the event loop moves on.
    const chained = Promise.resolve().then(() => Promise.resolve("también"));
    expect(await streamUnlessReady(chained)).toEqual({ value: "también" });
  });

  it("hands over the promise itself when the value needs another turn of the event loop", async () => {
    let resolve!: (value: string) => void;
    const slow = new Promise<string>((settle) => (resolve = settle));
    const { value } = await streamUnlessReady(slow);
    expect(value).toBe(slow);
    resolve("después");
    expect(await value).toBe("después");
    // Two turns on: a timer of 0 ms may or may not run before this turn's immediates, by load.
    const nextTurn = new Promise<string>((settle) => setImmediate(() => setImmediate(settle, "más tarde")));
    expect((await streamUnlessReady(nextTurn)).value).toBe(nextTurn);
  });

  it("passes a failure that is known at once on to the caller", async () => {
    await expect(streamUnlessReady(Promise.reject(new Error("sin planilla")))).rejects.toThrow("sin planilla");
  });
});
