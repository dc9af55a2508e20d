import { describe, expect, it, vi } from "vitest";
import { createParticipantsCache, type RefreshLog } from "~/lib/participants/cache.server";
import { SheetError } from "~/lib/participants/errors.server";
import type { LoadedSheet } from "~/lib/participants/load-sheet.server";
import { SnapshotBuilder } from "~/lib/participants/snapshot.server";

/** docs/product.md, "Participants pipeline": the back-off after a failed refresh, and how long a failure with no good copy is remembered. */
const RETRY_AFTER_FAILURE = 60_000;
const REMEMBER_FAILURE = 15_000;

const TTL_MS = 300_000;

function sheetWith(version: number, fetchedAt: number): LoadedSheet {
  const builder = new SnapshotBuilder("full");
  builder.add({ nombre: `Versión ${version}`, pais: "Chile", id: `V${version}`, fecha: "2026-01-01" });
  return { snapshot: builder.finish(fetchedAt, 0, "url"), status: 200 };
}

/** A controllable upstream: each call waits until the test settles it. */
function controlledUpstream() {
  let clock = 1_000_000;
  const calls: { resolve: (version: number) => void; reject: (error: unknown) => void }[] = [];
  const logs: RefreshLog[] = [];
  const flush = () => new Promise((resolve) => setImmediate(resolve));
  const cache = createParticipantsCache({
    ttlMs: TTL_MS,
    now: () => clock,
    log: (line) => logs.push(line),
    load: () =>
      new Promise<LoadedSheet>((resolve, reject) => {
        calls.push({ resolve: (version) => resolve(sheetWith(version, clock)), reject });
      }),
  });
  return {
    cache,
    calls,
    logs,
    advance: (ms: number) => {
      clock += ms;
    },
    /** Lets pending promise callbacks run. */
    flush,
    /** Fills a cold cache with the given version of the sheet. */
    prime: async (version: number) => {
      const first = cache.get();
      await flush();
      calls.at(-1)!.resolve(version);
      await first;
    },
  };
}

async function firstName(state: Promise<Awaited<ReturnType<ReturnType<typeof createParticipantsCache>["get"]>>>) {
  const resolved = await state;
  return resolved.kind === "ok"
    ? resolved.snapshot.participants[0]?.nombre
    : `failed: ${resolved.failure.publicMessage}`;
}

describe("participants cache", () => {
  it("takes the freeze's copy at once, whatever the age of its own, keeps it 5 minutes, and lets a refresh in flight lose to it", async () => {
    const upstream = controlledUpstream();
    await upstream.prime(1);
    // A minute later the freeze loads the sheet: version 2 is what the pages show from then on.
    upstream.advance(60_000);
    const replaced = upstream.cache.replace();
    await upstream.flush();
    upstream.calls.at(-1)!.resolve(2);
    expect((await replaced).participants[0]!.nombre).toBe("Versión 2");
    expect(await firstName(upstream.cache.get())).toBe("Versión 2");
    expect(upstream.calls).toHaveLength(2);
    // Its 5 minutes count from the freeze: 4:59 later, no refresh.
    upstream.advance(299_000);
    expect(await firstName(upstream.cache.get())).toBe("Versión 2");
    expect(upstream.calls).toHaveLength(2);
    // Expired: a refresh starts (the stale copy is served meanwhile); the freeze's copy comes first and stays.
    upstream.advance(2_000);
    expect(await firstName(upstream.cache.get())).toBe("Versión 2");
    expect(upstream.calls).toHaveLength(3);
    const refreshing = upstream.calls[2]!;
    const freeze = upstream.cache.replace();
    await upstream.flush();
    upstream.calls[3]!.resolve(4);
    await freeze;
    refreshing.resolve(3);
    await upstream.flush();
    expect(await firstName(upstream.cache.get())).toBe("Versión 4");
  });

  it("answers a visitor waiting on the first load when the freeze's copy lands first", async () => {
    const upstream = controlledUpstream();
    const waiting = upstream.cache.get();
    const freeze = upstream.cache.replace();
    await upstream.flush();
    upstream.calls[1]!.resolve(2);
    await freeze;
    upstream.calls[0]!.resolve(1);
    // The refresh it waited on answers it; from then on the freeze's copy is the one kept.
    expect(await firstName(waiting)).toBe("Versión 1");
    expect(await firstName(upstream.cache.get())).toBe("Versión 2");
  });

  it("coalesces 100 concurrent cold requests into one upstream fetch", async () => {
    const upstream = controlledUpstream();
    const pending = Array.from({ length: 100 }, () => upstream.cache.get());
    await upstream.flush();
    expect(upstream.calls).toHaveLength(1);
    upstream.calls[0]!.resolve(1);
    const states = await Promise.all(pending);
    expect(new Set(states).size).toBe(1);
    expect(states[0]).toMatchObject({ kind: "ok" });
  });

  it("serves the cached copy without fetching until the TTL passes", async () => {
    const upstream = controlledUpstream();
    await upstream.prime(1);
    upstream.advance(TTL_MS - 1);
    expect(await firstName(upstream.cache.get())).toBe("Versión 1");
    expect(upstream.calls).toHaveLength(1);
  });

  it("after the TTL serves the stale copy at once while exactly one refresh runs", async () => {
    const upstream = controlledUpstream();
    await upstream.prime(1);

    upstream.advance(TTL_MS + 1);
    const duringRefresh = await Promise.all(Array.from({ length: 20 }, () => firstName(upstream.cache.get())));
    expect(new Set(duringRefresh)).toEqual(new Set(["Versión 1"]));
    expect(upstream.calls).toHaveLength(2);

    upstream.calls[1]!.resolve(2);
    await upstream.flush();
    expect(await firstName(upstream.cache.get())).toBe("Versión 2");
    expect(upstream.calls).toHaveLength(2);
  });

  it("keeps the good copy when a refresh fails and retries only after the back-off", async () => {
    const upstream = controlledUpstream();
    await upstream.prime(1);

    upstream.advance(TTL_MS + 1);
    expect(await firstName(upstream.cache.get())).toBe("Versión 1");
    upstream.calls[1]!.reject(new SheetError("http", "upstream answered 500", 500));
    await upstream.flush();

    const afterFailure = await upstream.cache.get();
    expect(afterFailure).toMatchObject({ kind: "ok", lastFailure: { publicMessage: "Error al cargar datos: 500" } });
    expect(upstream.logs.at(-1)).toMatchObject({ ok: false, status: 500, servingStale: true });

    upstream.advance(RETRY_AFTER_FAILURE - 1);
    await upstream.cache.get();
    expect(upstream.calls).toHaveLength(2);

    upstream.advance(2);
    expect(await firstName(upstream.cache.get())).toBe("Versión 1");
    expect(upstream.calls).toHaveLength(3);
    upstream.calls[2]!.resolve(3);
    await upstream.flush();
    expect(await upstream.cache.get()).toMatchObject({ kind: "ok", lastFailure: null });
    expect(await firstName(upstream.cache.get())).toBe("Versión 3");
  });

  it("with no good copy reports the failure, remembered for 15 s, then tries again", async () => {
    const upstream = controlledUpstream();
    const first = upstream.cache.get();
    await upstream.flush();
    upstream.calls[0]!.reject(new DOMException("The operation was aborted due to timeout", "TimeoutError"));
    expect(await firstName(first)).toBe("failed: La lista de participantes tardó demasiado en llegar.");

    upstream.advance(REMEMBER_FAILURE - 1);
    expect(await firstName(upstream.cache.get())).toMatch(/^failed/);
    expect(upstream.calls).toHaveLength(1);

    upstream.advance(2);
    const retry = upstream.cache.get();
    await upstream.flush();
    expect(upstream.calls).toHaveLength(2);
    upstream.calls[1]!.resolve(4);
    // A remembered failure is never served while the retry runs: the caller waits for fresh data.
    expect(await firstName(retry)).toBe("Versión 4");
  });

  it("logs one JSON-ready line per refresh with status, timing and counts", async () => {
    const upstream = controlledUpstream();
    const first = upstream.cache.get();
    await upstream.flush();
    upstream.advance(120);
    upstream.calls[0]!.resolve(1);
    await first;
    expect(upstream.logs).toEqual([
      {
        event: "participants.refresh",
        ok: true,
        status: 200,
        durationMs: 120,
        kept: 1,
        dropped: 0,
        servingStale: false,
        error: null,
      },
    ]);
  });

  it.each([
    [new SheetError("http", "x", 429), "Error al cargar datos: 429"],
    [new SheetError("invalid", "body is an HTML page"), "La lista de participantes no llegó con datos válidos."],
    [new DOMException("timeout", "TimeoutError"), "La lista de participantes tardó demasiado en llegar."],
    [new TypeError("fetch failed"), "Error desconocido"],
    ["a string", "Error desconocido"],
  ])("turns %o into the visitor message %j", async (error, message) => {
    const upstream = controlledUpstream();
    const state = upstream.cache.get();
    await upstream.flush();
    upstream.calls[0]!.reject(error);
    expect(await firstName(state)).toBe(`failed: ${message}`);
  });

  it("logs a failed refresh with its reason, duration and whether a good copy is still served", async () => {
    const upstream = controlledUpstream();
    await upstream.prime(1);
    upstream.advance(TTL_MS + 1);
    await upstream.cache.get();
    upstream.advance(40);
    upstream.calls[1]!.reject(new SheetError("http", "upstream answered 500", 500));
    await upstream.flush();
    expect(upstream.logs.at(-1)).toEqual({
      event: "participants.refresh",
      ok: false,
      status: 500,
      durationMs: 40,
      kept: null,
      dropped: null,
      servingStale: true,
      error: "http: upstream answered 500",
    });
  });

  it("never takes a remembered failure for a good copy: the next failure is also remembered 15 s", async () => {
    const upstream = controlledUpstream();
    const fail = async () => {
      const state = upstream.cache.get();
      await upstream.flush();
      upstream.calls.at(-1)!.reject(new SheetError("http", "upstream answered 503", 503));
      return state;
    };
    await fail();
    upstream.advance(REMEMBER_FAILURE + 1);
    expect(await fail()).toMatchObject({ kind: "failed" });
    expect(upstream.logs.at(-1)).toMatchObject({ ok: false, servingStale: false });
    upstream.advance(REMEMBER_FAILURE + 1);
    void upstream.cache.get();
    await upstream.flush();
    expect(upstream.calls, "a third try after 15 s, not after the 60 s back-off").toHaveLength(3);
  });

  it("lets a caller peek at the cached state, stale or not, without refreshing it", async () => {
    const upstream = controlledUpstream();
    expect(upstream.cache.peek()).toBeUndefined();
    await upstream.prime(1);
    upstream.advance(TTL_MS * 2);
    expect(upstream.cache.peek()).toMatchObject({ kind: "ok" });
    expect(upstream.calls).toHaveLength(1);
  });

  it("writes each refresh to the server log as one JSON line by default", async () => {
    const printed = vi.spyOn(console, "log").mockImplementation(() => undefined);
    try {
      const cache = createParticipantsCache({ ttlMs: TTL_MS, now: () => 5, load: async () => sheetWith(1, 5) });
      await cache.get();
      expect(printed).toHaveBeenCalledTimes(1);
      expect(JSON.parse(String(printed.mock.calls[0]![0]))).toEqual({
        event: "participants.refresh",
        ok: true,
        status: 200,
        durationMs: 0,
        kept: 1,
        dropped: 0,
        servingStale: false,
        error: null,
      });
    } finally {
      printed.mockRestore();
    }
  });
});
