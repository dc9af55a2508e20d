import { afterDraw, entryDay, type DrawTaken } from "~/lib/draw/entry-window";
import { canonicalId } from "~/lib/draw/verifiable-draw";
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

/** The rows of a snapshot after a draw, and their countries: worked out once per snapshot and draw. */
interface AfterDraw {
  taken: DrawTaken;
  rows: Set<Participant>;
  countryCount: number;
}

const afterDrawBySnapshot = new WeakMap<SheetSnapshot, AfterDraw>();

/**
 * The snapshot's rows that belong to the draw after `taken`, as the next freeze counts them:
 * dated after its day, or on it without being in its list; a row whose date cannot be read is
 * in no draw. Kept with the snapshot, so each search and page of one sheet refresh reads the
 * dates once.
 */
export function rowsAfterDraw(snapshot: SheetSnapshot, taken: DrawTaken): AfterDraw {
  const kept = afterDrawBySnapshot.get(snapshot);
  // A drawn list never changes (it is frozen), so its day names it.
  if (kept?.taken.day === taken.day) return kept;
  const rows = new Set<Participant>();
  // Dates and countries repeat across a sheet (the snapshot shares one string per spelling):
  // each is read or folded once. 100,000 rows: 100 ms read row by row, 5 ms so.
  const days = new Map<string, string | null>();
  const countries = new Set<string>();
  for (const participant of snapshot.participants) {
    let day = days.get(participant.fecha);
    if (day === undefined) days.set(participant.fecha, (day = entryDay(participant.fecha)));
    if (day === null) continue;
    // An id is compared only on the draw's own day: elsewhere its canonical form is not needed.
    const id = day === taken.day ? (canonicalId(participant.id) ?? "") : participant.id;
    if (!afterDraw(day, id, taken)) continue;
    rows.add(participant);
    countries.add(participant.pais);
  }
  const countryCount = new Set([...countries].map(normalizeSearchText)).size;
  const result = { taken, rows, countryCount };
  afterDrawBySnapshot.set(snapshot, result);
  return result;
}
