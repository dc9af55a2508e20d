import { NOT_IN_PLAY } from "~/content/entry-status";
import { argentinaDay, formatDay } from "~/lib/draw/entry-window";
import { canonicalId } from "~/lib/draw/verifiable-draw";
import { env } from "~/lib/server/env.server";
import type { EntryRule, NotInPlay } from "./entries-in-play";
import { listed } from "~/lib/ui/wording";
import { canonicalQuery } from "./search-text";
import {
  RECENT_PARTICIPANTS_COUNT,
  type ListedDraw,
  type NotInPlayRow,
  type Participant,
  type ParticipantsListing,
  type ParticipantsView,
  type RecentParticipants,
} from "./view";
import { singleton } from "~/lib/server/singleton.server";
import { createParticipantsCache, type ParticipantsCache, type SheetState } from "./cache.server";
import { loadSheet } from "./load-sheet.server";
import { nextEntries, pageParticipants, searchParticipants } from "./query.server";
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

/** The draw a list under `rule` is for, and its first day: what the page says before the sheet arrives. */
export function listedDraw(rule: EntryRule): ListedDraw {
  return {
    day: argentinaDay(rule.drawAt),
    from: rule.window.from,
    afterList: rule.previous.size > 0,
  };
}

/**
 * The sheet's newest valid rows for the home page (the spec's last 5), each marked when the next
 * draw does not take it, and how many entries that draw takes so far.
 */
export async function getRecentParticipants(rule: EntryRule, cache = participantsCache()): Promise<RecentParticipants> {
  const state = await cache.get();
  const snapshot = state.kind === "ok" ? state.snapshot : null;
  const entries = snapshot ? nextEntries(snapshot, rule) : null;
  return {
    ...viewOf(state),
    rows: (snapshot?.participants.slice(0, RECENT_PARTICIPANTS_COUNT) ?? []).map((row) => ({
      ...row,
      mark: entries?.markOf(row) ?? null,
    })),
    entryCount: entries?.ids.length ?? 0,
    draw: listedDraw(rule),
  };
}

/** How many found rows that are not in play a search explains: the rest are counted. */
const EXPLAINED_ROWS = 5;

/** Characters a refused id holds once folded, as the search names them: «О» (U+041E), un carácter invisible (U+FE0F). */
function refusedCharacters(id: string): string {
  const found = new Set([...id.normalize("NFKC").trim()].filter((character) => !/[A-Za-z0-9._-]/.test(character)));
  const named = [...found].slice(0, 3).map((character) => {
    const code = `U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`;
    if (/\s/u.test(character)) return `un espacio (${code})`;
    return /[\p{L}\p{N}\p{P}\p{S}]/u.test(character) ? `«${character}» (${code})` : `un carácter invisible (${code})`;
  });
  return listed(named.length > 0 ? named : ["nada"]);
}

function reasonText(participant: Participant, why: NotInPlay): string {
  switch (why.why) {
    case "taken":
      return NOT_IN_PLAY.taken(formatDay(why.day), formatDay(why.drawDay));
    case "earlier":
      return NOT_IN_PLAY.earlier(formatDay(why.day), formatDay(why.drawDay));
    case "later":
      return NOT_IN_PLAY.later(formatDay(why.day), formatDay(why.drawDay));
    case "unreadable-date":
      return NOT_IN_PLAY.unreadableDate(participant.fecha);
    case "refused-id":
      // A canonical id outside the organizer's format (ID_PATTERN), or one that is not an id at all.
      return canonicalId(participant.id) === null
        ? NOT_IN_PLAY.refusedId(refusedCharacters(participant.id))
        : NOT_IN_PLAY.otherFormat(participant.id.trim());
    case "repeated":
      return NOT_IN_PLAY.repeated(why.id, why.firstDay === null ? null : formatDay(why.firstDay));
  }
}

/**
 * One page of /sorteos, filtered by `q`: every valid row of the sheet, newest first, each marked
 * when the next freeze would not take it under `rule` (by the freeze's own function), with the
 * counts the page shows and, for a search, why each marked row it found is out.
 */
export async function getParticipantsPage(
  { query, page, rule }: { query: string; page: string | null; rule: EntryRule },
  cache = participantsCache(),
): Promise<ParticipantsListing> {
  const state = await cache.get();
  const snapshot = state.kind === "ok" ? state.snapshot : null;
  // Only the searched part of the query is echoed back, however long or spelled the URL's was.
  query = canonicalQuery(query);
  const entries = snapshot ? nextEntries(snapshot, rule) : null;
  const matches = snapshot ? searchParticipants(snapshot, query) : [];
  const others = query && entries ? matches.filter((row) => !entries.inPlay.has(row)) : [];
  const notInPlay: NotInPlayRow[] = others.slice(0, EXPLAINED_ROWS).map((row) => ({
    ...row,
    reason: reasonText(row, entries!.whyNotInPlay(row)!),
  }));
  return {
    ...viewOf(state),
    ...pageParticipants(matches, page, entries?.markOf),
    listedCount: snapshot?.participants.length ?? 0,
    countryCount: snapshot?.countryCount ?? 0,
    entryCount: entries?.ids.length ?? 0,
    query,
    draw: listedDraw(rule),
    notInPlay: { rows: notInPlay, more: others.length - notInPlay.length },
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
