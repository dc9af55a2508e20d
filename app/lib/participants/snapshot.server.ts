import type { SheetSourceKind } from "./sheet-source.server";
import { formatParticipantDate } from "~/lib/format";
import type { Participant } from "~/lib/participant";
import { normalizeSearchText } from "~/lib/search";

/**
 * One refresh of the sheet, with everything a request needs computed once:
 * newest-first order, display dates, search keys and the country count.
 */
export interface SheetSnapshot {
  /** Newest first; `fecha` already in display form. */
  participants: Participant[];
  /** searchKeys[i] is the folded "nombre␁id" of participants[i]. */
  searchKeys: string[];
  countryCount: number;
  fetchedAt: number;
  dropped: number;
  /** Where these rows came from; "sample" means the bundled sheet, not real entrants. */
  source: SheetSourceKind;
}

/** Separates nombre and id in a search key, so a query never matches across the two. */
const KEY_SEPARATOR = "\u0001";

/** Collects valid rows in sheet order and seals them into a snapshot. */
export class SnapshotBuilder {
  private readonly rows: Participant[] = [];
  private readonly keys: string[] = [];
  private readonly countries = new Set<string>();

  add(participant: Participant): void {
    this.rows.push({ ...participant, fecha: formatParticipantDate(participant.fecha) });
    this.keys.push(normalizeSearchText(participant.nombre) + KEY_SEPARATOR + normalizeSearchText(participant.id));
    this.countries.add(normalizeSearchText(participant.pais));
  }

  /** The sheet is appended as people enter, so its last row is the newest participant. */
  finish(fetchedAt: number, dropped: number, source: SheetSourceKind): SheetSnapshot {
    return {
      participants: this.rows.reverse(),
      searchKeys: this.keys.reverse(),
      countryCount: this.countries.size,
      fetchedAt,
      dropped,
      source,
    };
  }
}
