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

/** The 5 newest entries of the next draw, as the home page receives them, with how many there are. */
export interface RecentParticipants extends ParticipantsView {
  rows: Participant[];
  totalCount: number;
  draw: ListedDraw;
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

/** The draw a list's entries are for, and its days: "yyyy-mm-dd" (docs/draw.md, "The month's entries"). */
export interface ListedDraw {
  /** The draw's day. */
  day: string;
  /** The previous draw's day, the first whose rows are in play. */
  from: string;
  /** Whether the previous draw froze a list of real entries: only then did it take some of `from`'s rows. */
  afterList: boolean;
}

/** A row a search found that is not in the draw's list, with why, in the visitor's words. */
export interface NotInPlayRow extends Participant {
  reason: string;
}

/**
 * What /sorteos receives: one page of the entries the next freeze would take (docs/decisions/065-the-list-shows-what-the-next-freeze-takes.md),
 * the counts it shows, and a search's rows that are not in play.
 */
export interface ParticipantsListing extends ParticipantsView, ParticipantsPage {
  totalCount: number;
  countryCount: number;
  query: string;
  draw: ListedDraw;
  /** The sheet's rows left out so far, by why ("Quedan afuera…"); null when there is no sheet. */
  leftOutText: string | null;
  /** A search's matches that are not in play, newest first, the first few with why. */
  notInPlay: { rows: NotInPlayRow[]; more: number };
}
