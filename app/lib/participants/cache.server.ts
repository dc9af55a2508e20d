import { LRUCache } from "lru-cache";
import { noteShownDataChanged } from "~/lib/server/shown-data.server";
import { toSheetError, type SheetError } from "./errors.server";
import type { LoadedSheet } from "./load-sheet.server";
import type { SheetSnapshot } from "./snapshot.server";

/** After a failed refresh with a good copy in hand, wait this long before asking upstream again. */
const RETRY_AFTER_FAILURE_MS = 60_000;
/** With no good copy, remember the failure this long so an outage costs one request per window. */
const REMEMBER_FAILURE_MS = 15_000;

type GoodCopy = { kind: "ok"; snapshot: SheetSnapshot; lastFailure: SheetError | null };
export type SheetState = GoodCopy | { kind: "failed"; failure: SheetError };

export interface RefreshLog {
  event: "participants.refresh";
  ok: boolean;
  status: number | null;
  durationMs: number;
  kept: number | null;
  dropped: number | null;
  servingStale: boolean;
  error: string | null;
}

interface CacheOptions {
  load: () => Promise<LoadedSheet>;
  ttlMs: number;
  now?: () => number;
  log?: (line: RefreshLog) => void;
}

const KEY = "sheet";

function logAsJson(line: RefreshLog): void {
  console.log(JSON.stringify(line));
}

/**
 * One cached copy of the sheet. Concurrent callers share one upstream fetch; a stale good
 * copy is served at once while one refresh runs; a failed refresh keeps the good copy and
 * backs off; only with no good copy does a caller get the failure.
 */
export function createParticipantsCache({ load, ttlMs, now = Date.now, log = logAsJson }: CacheOptions) {
  /** A good copy loaded now, logged: what a refresh keeps, and what the freeze hands in. */
  function loaded({ snapshot, status }: LoadedSheet, startedAt: number): GoodCopy {
    log({
      event: "participants.refresh",
      ok: true,
      status,
      durationMs: Math.round(now() - startedAt),
      kept: snapshot.participants.length,
      dropped: snapshot.dropped,
      servingStale: false,
      error: null,
    });
    // Pages answered from memory are read again with it (docs/decisions/071-stored-pages-answered-before-the-routes.md).
    noteShownDataChanged();
    return { kind: "ok", snapshot, lastFailure: null };
  }

  const cache = new LRUCache<string, SheetState>({
    max: 1,
    ttl: ttlMs,
    ttlResolution: 0,
    perf: { now },
    noDeleteOnStaleGet: true,
    // A copy handed in (`replace`) while a refresh is in flight is the one kept; the refresh still answers its waiters.
    ignoreFetchAbort: true,
    fetchMethod: async (_key, stale, { options }) => {
      const startedAt = now();
      try {
        return loaded(await load(), startedAt);
      } catch (error) {
        const failure = toSheetError(error);
        const goodCopy = stale?.kind === "ok" ? stale : null;
        log({
          event: "participants.refresh",
          ok: false,
          status: failure.status,
          durationMs: Math.round(now() - startedAt),
          kept: null,
          dropped: null,
          servingStale: goodCopy !== null,
          error: `${failure.kind}: ${failure.message}`,
        });
        options.ttl = goodCopy ? RETRY_AFTER_FAILURE_MS : REMEMBER_FAILURE_MS;
        noteShownDataChanged();
        return goodCopy ? { ...goodCopy, lastFailure: failure } : { kind: "failed", failure };
      }
    },
  });

  return {
    /** The current state, refreshing it first when there is nothing good to serve meanwhile. */
    async get(): Promise<SheetState> {
      const current = cache.peek(KEY, { allowStale: true });
      const state = await cache.fetch(KEY, { allowStale: current?.kind === "ok" });
      if (!state) throw new Error("participants cache returned nothing");
      return state;
    },
    /**
     * Loads the sheet now, whatever the age of the copy in hand, and keeps the result for its
     * full time to live: the freeze's own copy of the sheet, so the pages show every entry its
     * list took (docs/decisions/097-what-became-of-an-entry.md). A failure is the caller's.
     */
    async replace(): Promise<SheetSnapshot> {
      const startedAt = now();
      const state = loaded(await load(), startedAt);
      cache.set(KEY, state);
      return state.snapshot;
    },
    /** The state as cached, without triggering a refresh. */
    peek(): SheetState | undefined {
      return cache.peek(KEY, { allowStale: true });
    },
  };
}

export type ParticipantsCache = ReturnType<typeof createParticipantsCache>;
