import { entryDay } from "~/lib/draw/entry-window";
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
  const rows = matches.slice(start, start + PAGE_SIZE);
  return { rows, matchCount: matches.length, page, pageCount, firstRow: rows.length > 0 ? start + 1 : 0 };
}

/** The rows of a snapshot dated after one day, and their countries: worked out once per snapshot and day. */
interface DatedAfter {
  since: string;
  rows: Set<Participant>;
  countryCount: number;
}

const datedAfterBySnapshot = new WeakMap<SheetSnapshot, DatedAfter>();

/**
 * The snapshot's rows dated after `since` ("yyyy-mm-dd"), as a draw's window counts them: a row
 * whose date cannot be read is in no window. Kept with the snapshot, so each search and page
 * of one sheet refresh reads the dates once.
 */
export function datedAfter(snapshot: SheetSnapshot, since: string): DatedAfter {
  const kept = datedAfterBySnapshot.get(snapshot);
  if (kept?.since === since) return kept;
  const rows = new Set<Participant>();
  const countries = new Set<string>();
  for (const participant of snapshot.participants) {
    const day = entryDay(participant.fecha);
    if (day !== null && day > since) {
      rows.add(participant);
      countries.add(normalizeSearchText(participant.pais));
    }
  }
  const result = { since, rows, countryCount: countries.size };
  datedAfterBySnapshot.set(snapshot, result);
  return result;
}
