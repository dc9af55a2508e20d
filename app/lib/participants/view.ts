/**
 * A draw participant (docs/product.md, "Participants"): as the sheet holds it until the
 * snapshot, as published after.
 */
export interface Participant {
  /** In a snapshot and on every page, the name as published (docs/product.md, "Participant names"). */
  nombre: string;
  pais: string;
  id: string;
  fecha: string;
}

/** How many of the newest participants the home page shows. */
export const RECENT_PARTICIPANTS_COUNT = 5;

/** What a visitor's page receives about the participants list (docs/product.md, "What a page receives"). */
export interface ParticipantsView {
  /** Time the server fetched the sheet from upstream, epoch ms; null if it never has. */
  fetchedAt: number | null;
  /** Visitor-facing error text, set only when there is no good copy of the sheet. */
  error: string | null;
  /** True while the bundled sample sheet is served: the lists then say the rows are examples. */
  sample: boolean;
}

/** The 5 newest participants, as the home page receives them. */
export interface RecentParticipants extends ParticipantsView {
  rows: Participant[];
}

/** One page of the (possibly filtered) list. */
export interface ParticipantsPage {
  rows: Participant[];
  /** Rows matching the query (all rows when it is empty). */
  matchCount: number;
  page: number;
  pageCount: number;
  /** The position of the first row shown among the matches, from 1 (0 when nothing matches). */
  firstRow: number;
}

/** What /sorteos receives: one page of rows plus the counts it shows. */
export interface ParticipantsListing extends ParticipantsView, ParticipantsPage {
  totalCount: number;
  countryCount: number;
  query: string;
  /**
   * The day of the latest draw that froze a real list ("2026-12-07"): the list, its search and
   * its counts hold only the next draw's entries so far (dated after it, or on it and not in its
   * list). Null before any.
   */
  since: string | null;
}
