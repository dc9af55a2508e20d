import { env } from "~/lib/env.server";
import { MAX_QUERY_LENGTH } from "~/lib/search";
import type { ParticipantsListing, ParticipantsView, RecentParticipants } from "~/lib/participant";
import { createParticipantsCache, type ParticipantsCache, type SheetState } from "./cache.server";
import { loadSheet } from "./load-sheet.server";
import { pageParticipants, searchParticipants } from "./query.server";

const RECENT_PARTICIPANTS = 5;

export interface ParticipantsHealth {
  count: number;
  fetchedAt: string | null;
  ageSeconds: number | null;
  lastError: string | null;
}

let sharedCache: ParticipantsCache | undefined;

function participantsCache(): ParticipantsCache {
  sharedCache ??= createParticipantsCache({
    load: () => loadSheet(env.sheetSource, { timeoutMs: env.timeoutMs, now: Date.now }),
    ttlMs: env.ttlMs,
  });
  return sharedCache;
}

function viewOf(state: SheetState): ParticipantsView {
  return state.kind === "ok"
    ? { fetchedAt: state.snapshot.fetchedAt, error: null }
    : { fetchedAt: null, error: state.failure.publicMessage };
}

/** The newest participants for the home page. */
export async function getRecentParticipants(
  cache = participantsCache(),
  limit = RECENT_PARTICIPANTS,
): Promise<RecentParticipants> {
  const state = await cache.get();
  const rows = state.kind === "ok" ? state.snapshot.participants.slice(0, limit) : [];
  return { ...viewOf(state), rows };
}

/** One page of /sorteos, filtered by `q`, with the counts the page shows. */
export async function getParticipantsPage(
  { query, page }: { query: string; page: string | null },
  cache = participantsCache(),
): Promise<ParticipantsListing> {
  const state = await cache.get();
  const snapshot = state.kind === "ok" ? state.snapshot : null;
  // Only the searched part of the query is echoed back, however long the URL's was.
  query = query.slice(0, MAX_QUERY_LENGTH);
  const matches = snapshot ? searchParticipants(snapshot, query) : [];
  return {
    ...viewOf(state),
    ...pageParticipants(matches, page),
    totalCount: snapshot?.participants.length ?? 0,
    countryCount: snapshot?.countryCount ?? 0,
    query,
  };
}

/** What /healthz reports; it never waits on the sheet. */
export function getParticipantsHealth(cache = participantsCache(), now = Date.now()): ParticipantsHealth {
  const state = cache.peek();
  const snapshot = state?.kind === "ok" ? state.snapshot : null;
  const failure = state?.kind === "failed" ? state.failure : state?.kind === "ok" ? state.lastFailure : null;
  return {
    count: snapshot?.participants.length ?? 0,
    fetchedAt: snapshot ? new Date(snapshot.fetchedAt).toISOString() : null,
    ageSeconds: snapshot ? Math.max(0, Math.round((now - snapshot.fetchedAt) / 1000)) : null,
    // The public wording only: details (which may name hosts) stay in the server log.
    lastError: failure?.publicMessage ?? null,
  };
}
