import { describe, expect, it } from "vitest";
import type { ParticipantsView } from "~/lib/participants/view";
import { streamUnlessReady } from "~/lib/http/stream-unless-ready.server";

const ready: ParticipantsView = { fetchedAt: 1, error: null, sample: false };
const later: ParticipantsView = { fetchedAt: 2, error: null, sample: false };
const failed: ParticipantsView = { fetchedAt: null, error: "Error al cargar datos: 500", sample: false };

describe("streamUnlessReady", () => {
  it("sends a view that is ready within the turn with the page, and says so to the page's headers", async () => {
    expect(await streamUnlessReady(Promise.resolve(ready))).toEqual({ value: ready, init: {} });
    // Settles a few microtasks later, still before the event loop moves on.
    const chained = Promise.resolve().then(() => Promise.resolve(later));
    expect((await streamUnlessReady(chained)).value).toBe(later);
  });

  it("says when the ready view shows the sheet's error", async () => {
    expect(await streamUnlessReady(Promise.resolve(failed))).toEqual({
      value: failed,
      init: { headers: { "X-Keeping": "sheet-error" } },
    });
  });

  it("hands over the promise itself when the view needs another turn of the event loop, and says it is pending", async () => {
    let resolve!: (value: ParticipantsView) => void;
    const slow = new Promise<ParticipantsView>((settle) => (resolve = settle));
    const { value, init } = await streamUnlessReady(slow);
    expect(value).toBe(slow);
    expect(init).toEqual({ headers: { "X-Keeping": "pending" } });
    resolve(later);
    expect(await value).toBe(later);
    // Two turns on: a timer of 0 ms may or may not run before this turn's immediates, by load.
    const nextTurn = new Promise<ParticipantsView>((settle) => setImmediate(() => setImmediate(settle, later)));
    expect((await streamUnlessReady(nextTurn)).value).toBe(nextTurn);
  });

  it("passes a failure that is known at once on to the caller", async () => {
    await expect(streamUnlessReady(Promise.reject(new Error("sin planilla")))).rejects.toThrow("sin planilla");
  });
});
