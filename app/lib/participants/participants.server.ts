import type { DrawTaken } from "~/lib/draw/entry-window";
import { env } from "~/lib/server/env.server";
import { canonicalQuery } from "./search-text";
import {
  RECENT_PARTICIPANTS_COUNT,
  type ParticipantsListing,
  type ParticipantsView,
  type RecentParticipants,
} from "./view";
import { singleton } from "~/lib/server/singleton.server";
import { createParticipantsCache, type ParticipantsCache, type SheetState } from "./cache.server";
import { loadSheet } from "./load-sheet.server";
import { pageParticipants, rowsAfterDraw, searchParticipants } from "./query.server";
import { sheetSourceKind, type SheetSourceKind } from "./sheet-source.server";

export interface ParticipantsHealth {
  count: number;
  fetchedAt: string | null;
  ageSeconds: number | null;
  lastError: string | null;
  source: SheetSourceKind;
}

/** One cache per process, shared by every request and kept across development rebuilds. */
function participantsCache(): ParticipantsCache {
  return singleton("participants-cache", () =>
    createParticipantsCache({
      load: () => loadSheet(env.sheetSource, { timeoutMs: env.timeoutMs, now: Date.now, names: env.participantNames }),
      ttlMs: env.ttlMs,
    }),
  );
}

/**
 * Starts the first refresh of the sheet as the server starts, so the first visitor does not
 * wait on it and a wrong URL shows in the log and /healthz at once (docs/product.md, "Warm at
 * boot"). A failure is already logged and kept by the cache; nothing waits on this.
 */
export function warmParticipantsCache(cache = participantsCache()): void {
  cache.get().catch((error: unknown) => console.error(error));
}

function viewOf(state: SheetState): ParticipantsView {
  return state.kind === "ok"
    ? {
        fetchedAt: state.snapshot.fetchedAt,
        error: null,
        sample: state.snapshot.source === "sample",
      }
    : { fetchedAt: null, error: state.failure.publicMessage, sample: false };
}

/** The newest participants for the home page. */
export async function getRecentParticipants(cache = participantsCache()): Promise<RecentParticipants> {
  const state = await cache.get();
  const rows = state.kind === "ok" ? state.snapshot.participants.slice(0, RECENT_PARTICIPANTS_COUNT) : [];
  return { ...viewOf(state), rows };
}

/**
 * One page of /sorteos, filtered by `q`, with the counts the page shows. `after`, what the last
 * recorded draw took: only the rows the next draw will count (docs/draw.md, "The month's
 * entries"); the bundled sample sheet's examples are all shown, their dates being fixed.
 */
export async function getParticipantsPage(
  { query, page, after = null }: { query: string; page: string | null; after?: DrawTaken | null },
  cache = participantsCache(),
): Promise<ParticipantsListing> {
  const state = await cache.get();
  const snapshot = state.kind === "ok" ? state.snapshot : null;
  // Only the searched part of the query is echoed back, however long or spelled the URL's was.
  query = canonicalQuery(query);
  const window = snapshot && after !== null && snapshot.source !== "sample" ? rowsAfterDraw(snapshot, after) : null;
  const found = snapshot ? searchParticipants(snapshot, query) : [];
  const matches = window ? found.filter((participant) => window.rows.has(participant)) : found;
  return {
    ...viewOf(state),
    ...pageParticipants(matches, page),
    totalCount: window?.rows.size ?? snapshot?.participants.length ?? 0,
    countryCount: window?.countryCount ?? snapshot?.countryCount ?? 0,
    query,
    since: window ? window.taken.day : null,
  };
}

/** What /healthz reports; it never waits on the sheet. */
export function getParticipantsHealth(
  cache = participantsCache(),
  now = Date.now(),
  source = sheetSourceKind(env.sheetSource),
): ParticipantsHealth {
  const state = cache.peek();
  const snapshot = state?.kind === "ok" ? state.snapshot : null;
  const failure = state?.kind === "failed" ? state.failure : state?.kind === "ok" ? state.lastFailure : null;
  return {
    count: snapshot?.participants.length ?? 0,
    fetchedAt: snapshot ? new Date(snapshot.fetchedAt).toISOString() : null,
    ageSeconds: snapshot ? Math.max(0, Math.round((now - snapshot.fetchedAt) / 1000)) : null,
    // The public wording only: details (which may name hosts) stay in the server log.
    lastError: failure?.publicMessage ?? null,
    source,
  };
}
