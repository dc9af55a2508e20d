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

/** Why the next draw does not take a listed row, in a word or two, and beside which cell. */
export interface RowMark {
  field: "fecha" | "id";
  text: string;
}

/** A row as a list shows it: every valid row is listed, with a mark when the next draw does not take it. */
export interface ListedParticipant extends Participant {
  mark: RowMark | null;
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

/** The sheet's 5 newest valid rows, as the home page receives them, with how many entries the next draw takes. */
export interface RecentParticipants extends ParticipantsView {
  rows: ListedParticipant[];
  /** The entries the next draw takes so far. */
  entryCount: number;
  draw: ListedDraw;
}

/** One page of the (possibly filtered) list. */
export interface ParticipantsPage {
  rows: ListedParticipant[];
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
  /** The record of the draw it went into, when one took it. */
  record: { href: string; label: string } | null;
}

/**
 * What /sorteos receives: one page of the sheet's valid rows, newest first, each marked when the
 * next draw does not take it (docs/decisions/074-the-spec-rows-as-written-ours-beside-them.md), the counts it
 * shows, and why a search's marked rows are out.
 */
export interface ParticipantsListing extends ParticipantsView, ParticipantsPage {
  /** The sheet's valid rows: the spec's participants tile. */
  listedCount: number;
  /** Distinct countries among them, case and accents folded. */
  countryCount: number;
  /** The entries the next draw takes so far: the line beside the tiles. */
  entryCount: number;
  query: string;
  draw: ListedDraw;
  /** A search's matches the next draw does not take, newest first, the first few with why. */
  notInPlay: { rows: NotInPlayRow[]; more: number };
}
