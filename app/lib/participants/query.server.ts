import type { Participant, ParticipantsPage } from "./view";
import { clampPage, pageCountFor, PAGE_SIZE } from "./pagination";
import { normalizeSearchText } from "./search-text";
import { keysContaining } from "./search-index.server";
import type { SheetSnapshot } from "./snapshot.server";

/** Plain substring search (never a pattern) on nombre or id, case- and accent-insensitive; newest first. */
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
