/** A draw participant as the sheet holds it (spec §3). */
export interface Participant {
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
}
