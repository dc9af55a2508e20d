import type { Participant, ParticipantsPage } from "~/lib/participant";
import { clampPage, pageCountFor, PAGE_SIZE } from "~/lib/pagination";
import { normalizeSearchText } from "~/lib/search";
import type { SheetSnapshot } from "./snapshot.server";

/** Plain substring search (never a pattern) on nombre or id, case- and accent-insensitive. */
export function searchParticipants(snapshot: SheetSnapshot, query: string): Participant[] {
  const needle = normalizeSearchText(query);
  if (!needle) return snapshot.participants;
  const matches: Participant[] = [];
  snapshot.searchKeys.forEach((key, index) => {
    if (key.includes(needle)) matches.push(snapshot.participants[index]!);
  });
  return matches;
}

/** One page of the (possibly filtered) list; `rawPage` is clamped, never an error. */
export function pageParticipants(matches: Participant[], rawPage: string | null): ParticipantsPage {
  const pageCount = pageCountFor(matches.length);
  const page = clampPage(rawPage, pageCount);
  const start = (page - 1) * PAGE_SIZE;
  return { rows: matches.slice(start, start + PAGE_SIZE), matchCount: matches.length, page, pageCount };
}
