import { canonicalId } from "~/lib/draw/verifiable-draw";
import { entriesInPlay, type EntriesInPlay, type EntryRule } from "./entries-in-play";
import type { Participant, ParticipantsPage } from "./view";
import { clampPage, pageCountFor, PAGE_SIZE } from "./pagination";
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

/** One page of the (possibly filtered) list; `rawPage` is clamped, never an error. */
export function pageParticipants(matches: Participant[], rawPage: string | null): ParticipantsPage {
  const pageCount = pageCountFor(matches.length);
  const page = clampPage(rawPage, pageCount);
  const start = (page - 1) * PAGE_SIZE;
  const rows = matches.slice(start, start + PAGE_SIZE).map(asEntry);
  return { rows, matchCount: matches.length, page, pageCount, firstRow: rows.length > 0 ? start + 1 : 0 };
}

/** An entry in play as the lists show it: its id as the draw's list writes it (docs/draw.md, "Canonical list"). */
export function asEntry(participant: Participant): Participant {
  return { ...participant, id: canonicalId(participant.id) ?? participant.id };
}

/** A snapshot's entries for the next freeze, with what the lists need of them. */
export interface NextEntries extends EntriesInPlay<Participant> {
  rule: EntryRule;
  /** The entries, newest first: the list of /sorteos without a search. */
  newestFirst: Participant[];
  inPlay: ReadonlySet<Participant>;
  countryCount: number;
}

const entriesBySnapshot = new WeakMap<SheetSnapshot, NextEntries>();

/**
 * The snapshot's rows the next freeze would take under `rule`, by the freeze's own function
 * (`entriesInPlay`); kept with the snapshot, so each search and page of one sheet refresh reads
 * the dates and folds the ids once. The bundled sample sheet's examples are all taken.
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
  const newestFirst = [...entries.rows].reverse();
  // Countries repeat (the snapshot shares one string per spelling): each is folded once.
  const countries = new Set(newestFirst.map((participant) => participant.pais));
  const result: NextEntries = {
    ...entries,
    rule,
    newestFirst,
    inPlay: new Set(entries.rows),
    countryCount: new Set([...countries].map(normalizeSearchText)).size,
  };
  entriesBySnapshot.set(snapshot, result);
  return result;
}
