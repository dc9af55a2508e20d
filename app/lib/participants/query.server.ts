import { argentinaDay } from "~/lib/draw/entry-window";
import { entriesInPlay, type EntriesInPlay, type EntryRule } from "./entries-in-play";
import type { Participant, ParticipantsPage, RowMark } from "./view";
import { clampPage, pageCountFor, PAGE_SIZE } from "./pagination";
import { outcomeOf, type DrawsThatTook } from "./draws-that-took";
import { rowMark } from "./row-mark";
import { normalizeSearchText } from "./search-text";
import { keysContaining } from "./search-index.server";
import type { SheetSnapshot } from "./snapshot.server";

/**
 * Plain substring search (never a pattern) on the name as shown or the id, case- and
 * accent-insensitive; newest first. A hidden surname is not in the index, so a search
 * cannot confirm who entered.
 */
export function searchParticipants(snapshot: SheetSnapshot, query: string): Participant[] {
  const needle = normalizeSearchText(query);
  const { participants } = snapshot;
  if (!needle) return participants;
  // Keys are in sheet order, participants newest first.
  return keysContaining(snapshot.searchIndex, needle)
    .reverse()
    .map((key) => participants[participants.length - 1 - key]!);
}

/** One page of the (possibly filtered) list, each row with its mark (`markOf`); `rawPage` is clamped, never an error. */
export function pageParticipants(
  matches: Participant[],
  rawPage: string | null,
  markOf: (row: Participant) => RowMark | null = () => null,
): ParticipantsPage {
  const pageCount = pageCountFor(matches.length);
  const page = clampPage(rawPage, pageCount);
  const start = (page - 1) * PAGE_SIZE;
  const rows = matches.slice(start, start + PAGE_SIZE).map((row) => ({ ...row, mark: markOf(row) }));
  return { rows, matchCount: matches.length, page, pageCount, firstRow: rows.length > 0 ? start + 1 : 0 };
}

/** A snapshot's entries for the next freeze, with what the lists need of them. */
export interface NextEntries extends EntriesInPlay<Participant> {
  rule: EntryRule;
  inPlay: ReadonlySet<Participant>;
}

const entriesBySnapshot = new WeakMap<SheetSnapshot, NextEntries>();

/**
 * The snapshot's rows the next freeze would take under `rule`, by the freeze's own function
 * (`entriesInPlay`), and the mark of every other row; kept with the snapshot, so each search and
 * page of one sheet refresh reads the dates and folds the ids once. The bundled sample sheet's
 * examples are all taken.
 */
export function nextEntries(snapshot: SheetSnapshot, rule: EntryRule): NextEntries {
  const kept = entriesBySnapshot.get(snapshot);
  // A frozen list never changes, so a draw instant and the previous list's identity name a rule.
  if (kept?.rule.drawAt === rule.drawAt && kept.rule.previous === rule.previous) return kept;
  const inSheetOrder = [...snapshot.participants].reverse();
  const entries = entriesInPlay(
    inSheetOrder,
    (participant) => ({ id: participant.id, date: participant.fecha }),
    rule,
    snapshot.source === "sample",
  );
  const result: NextEntries = { ...entries, rule, inPlay: new Set(entries.rows) };
  entriesBySnapshot.set(snapshot, result);
  return result;
}

/**
 * The mark of a listed row the next draw does not take (null for an entry), saying which of the
 * draws that took entries (`draws`) took it: worked out per row shown, as `draws` follows the clock.
 */
export function markOf(entries: NextEntries, draws: DrawsThatTook): (row: Participant) => RowMark | null {
  const drawDay = argentinaDay(entries.rule.drawAt);
  return (row) => {
    const why = entries.whyNotInPlay(row);
    return why === null ? null : rowMark(outcomeOf(why, row.id, draws), drawDay);
  };
}
