/** A draw participant (spec §3): as the sheet holds it until the snapshot, as published after. */
export interface Participant {
  /** In a snapshot and on every page, the name as published (docs/product.md, "Participant names"). */
  nombre: string;
  pais: string;
  id: string;
  fecha: string;
}

/** What a visitor's page receives about the participants list (product.md, step 7). */
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
}

/** What /sorteos receives: one page of rows plus the counts it shows. */
export interface ParticipantsListing extends ParticipantsView, ParticipantsPage {
  totalCount: number;
  countryCount: number;
  query: string;
}

/** Whether loader data is a participants view (the shape every view above extends). */
export function isParticipantsView(value: unknown): value is ParticipantsView {
  return typeof value === "object" && value !== null && "fetchedAt" in value && "error" in value;
}
