import { NOT_IN_PLAY } from "~/content/entry-status";
import { argentinaDay, formatDay } from "~/lib/draw/entry-window";
import { canonicalId } from "~/lib/draw/verifiable-draw";
import { env } from "~/lib/server/env.server";
import type { EntryRule } from "./entries-in-play";
import { outcomeOf, type DrawsThatTook, type RowOutcome } from "./draws-that-took";
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
import { shownName } from "./public-name";
import { markOf, nextEntries, pageParticipants, searchParticipants } from "./query.server";
import { sheetSourceKind, type SheetSourceKind } from "./sheet-source.server";

export interface ParticipantsHealth {
  count: number;
  fetchedAt: string | null;
  ageSeconds: number | null;
  lastError: string | null;
  source: SheetSourceKind;
}

/** The sheet loaded from upstream as configured, names as the lists publish them. */
const loadConfiguredSheet = () =>
  loadSheet(env.sheetSource, { timeoutMs: env.timeoutMs, now: Date.now, names: env.participantNames });

/** One cache per process, shared by every request and kept across development rebuilds. */
function participantsCache(): ParticipantsCache {
  return singleton("participants-cache", () =>
    createParticipantsCache({ load: loadConfiguredSheet, ttlMs: env.ttlMs }),
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

/**
 * The sheet loaded from upstream now, for a freeze. On the server (`keep`) it becomes the copy
 * every page reads: from the freeze on, the lists and the search hold every entry its list took,
 * whatever the age of the copy the pages had (docs/decisions/097-what-became-of-an-entry.md); a
 * command has no pages. Valid rows in sheet order, each name as a winner is published (first
 * name and surname initial, whatever PARTICIPANT_NAMES says for the lists), each date as the
 * lists show it.
 */
export async function loadSheetNow(
  { keep }: { keep: boolean },
  cache = participantsCache(),
): Promise<{ rows: Participant[]; source: SheetSourceKind }> {
  const snapshot = keep ? await cache.replace() : (await loadConfiguredSheet()).snapshot;
  const rows = [...snapshot.participants].reverse();
  return {
    rows:
      env.participantNames === "initial"
        ? rows
        : rows.map((row) => ({ ...row, nombre: shownName(row.nombre, "initial") })),
    source: snapshot.source,
  };
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
export async function getRecentParticipants(
  { rule, draws }: { rule: EntryRule; draws: DrawsThatTook },
  cache = participantsCache(),
): Promise<RecentParticipants> {
  const state = await cache.get();
  const snapshot = state.kind === "ok" ? state.snapshot : null;
  const entries = snapshot ? nextEntries(snapshot, rule) : null;
  const mark = entries ? markOf(entries, draws) : () => null;
  return {
    ...viewOf(state),
    rows: (snapshot?.participants.slice(0, RECENT_PARTICIPANTS_COUNT) ?? []).map((row) => ({
      ...row,
      mark: mark(row),
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

/** What became of an entry a draw took, by the rounds its record shows. */
function enteredText({ draw, wonRound }: Extract<RowOutcome, { why: "entered" }>): string {
  const drawDay = formatDay(draw.day);
  if (draw.winners.length === 0) return NOT_IN_PLAY.inPlay(drawDay);
  if (wonRound === null) return NOT_IN_PLAY.tookPart(drawDay);
  if (wonRound > 0) return NOT_IN_PLAY.wonRedraw(wonRound, drawDay);
  return draw.winners.length > 1 ? NOT_IN_PLAY.wonThenRedrawn(drawDay) : NOT_IN_PLAY.won(drawDay);
}

function reasonText(participant: Participant, outcome: RowOutcome, rule: EntryRule): string {
  switch (outcome.why) {
    case "entered":
      return enteredText(outcome);
    case "not-in-list":
      return NOT_IN_PLAY.notInList(formatDay(outcome.day), formatDay(outcome.draw.day));
    case "before":
      return NOT_IN_PLAY.before(formatDay(outcome.day), formatDay(rule.window.from));
    case "later":
      return NOT_IN_PLAY.later(formatDay(outcome.day), formatDay(outcome.drawDay));
    case "unreadable-date":
      return NOT_IN_PLAY.unreadableDate(participant.fecha);
    case "refused-id":
      // A canonical id outside the organizer's format (ID_PATTERN), or one that is not an id at all.
      return canonicalId(participant.id) === null
        ? NOT_IN_PLAY.refusedId(refusedCharacters(participant.id))
        : NOT_IN_PLAY.otherFormat(participant.id.trim());
    case "repeated":
      return NOT_IN_PLAY.repeated(outcome.id, outcome.firstDay === null ? null : formatDay(outcome.firstDay));
  }
}

/** A row a search found that the next draw does not take, with what became of it and the record of the draw that took it. */
function explained(row: Participant, outcome: RowOutcome, rule: EntryRule): NotInPlayRow {
  const record =
    outcome.why === "entered"
      ? { href: outcome.draw.href, label: NOT_IN_PLAY.record(formatDay(outcome.draw.day)) }
      : null;
  return { ...row, reason: reasonText(row, outcome, rule), record };
}

/**
 * One page of /sorteos, filtered by `q`: every valid row of the sheet, newest first, each marked
 * when the next freeze would not take it under `rule` (by the freeze's own function), with the
 * counts the page shows and, for a search, what became of each marked row it found: which of
 * `draws` took it and whether it won, or why it is out.
 */
export async function getParticipantsPage(
  { query, page, rule, draws }: { query: string; page: string | null; rule: EntryRule; draws: DrawsThatTook },
  cache = participantsCache(),
): Promise<ParticipantsListing> {
  const state = await cache.get();
  const snapshot = state.kind === "ok" ? state.snapshot : null;
  // Only the searched part of the query is echoed back, however long or spelled the URL's was.
  query = canonicalQuery(query);
  const entries = snapshot ? nextEntries(snapshot, rule) : null;
  const matches = snapshot ? searchParticipants(snapshot, query) : [];
  const others = query && entries ? matches.filter((row) => !entries.inPlay.has(row)) : [];
  const notInPlay: NotInPlayRow[] = others
    .slice(0, EXPLAINED_ROWS)
    .map((row) => explained(row, outcomeOf(entries!.whyNotInPlay(row)!, row.id, draws), rule));
  return {
    ...viewOf(state),
    ...pageParticipants(matches, page, entries ? markOf(entries, draws) : undefined),
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
