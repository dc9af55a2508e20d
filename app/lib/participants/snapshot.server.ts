import type { ParticipantNames } from "~/lib/server/parse-env.server";
import type { SheetSourceKind } from "./sheet-source.server";
import { countryName } from "./country-name";
import { formatParticipantDate } from "./format";
import type { Participant } from "./view";
import { shownName } from "./public-name";
import { normalizeSearchText } from "./search-text";
import { SearchIndexBuilder, type SearchIndex } from "./search-index.server";

/**
 * One refresh of the sheet, with everything a request needs computed once:
 * newest-first order, display dates, search keys and the country count.
 */
export interface SheetSnapshot {
  /** Newest first; `nombre` as published and `fecha` in display form. */
  participants: Participant[];
  /** Folded "shown name␁id" keys, in sheet order (the reverse of `participants`). */
  searchIndex: SearchIndex;
  countryCount: number;
  fetchedAt: number;
  dropped: number;
  /** Where these rows came from; "sample" means the bundled sheet, not real entrants. */
  source: SheetSourceKind;
}

/**
 * Collects valid rows in sheet order and seals them into a snapshot.
 *
 * Each name is replaced here by the name as published, and the search key is built from
 * that: a written name goes no further than this builder, so no page, data response or
 * search can reveal a part of it that the list hides (docs/product.md, "Participant names").
 *
 * Countries and dates repeat across a sheet, so each distinct value is stored once and
 * shared by its rows: the snapshot stays a few objects per row, which keeps the garbage
 * collector's pauses short while a refresh holds two copies of the sheet (docs/performance.md).
 */
export class SnapshotBuilder {
  private readonly rows: Participant[] = [];
  private readonly searchIndex = new SearchIndexBuilder();
  /** Each country as written, shared by the rows that spell it so. */
  private readonly countries = new Map<string, string>();
  private readonly foldedCountries = new Set<string>();
  /** Display form of each date, by its spelling in the sheet. */
  private readonly dates = new Map<string, string>();

  constructor(private readonly names: ParticipantNames) {}

  add(participant: Participant): void {
    const nombre = shownName(participant.nombre, this.names);
    this.rows.push({
      nombre,
      pais: this.sharedCountry(participant.pais),
      id: participant.id,
      fecha: this.displayDate(participant.fecha),
    });
    // Two fields: a query never matches across the shown name and the id.
    this.searchIndex.add(normalizeSearchText(nombre), normalizeSearchText(participant.id));
  }

  /** The sheet is appended as people enter, so its last row is the newest participant. */
  finish(fetchedAt: number, dropped: number, source: SheetSourceKind): SheetSnapshot {
    return {
      participants: this.rows.reverse(),
      searchIndex: this.searchIndex.finish(),
      countryCount: this.foldedCountries.size,
      fetchedAt,
      dropped,
      source,
    };
  }

  /**
   * The country as the sheet writes it, as the spec's table shows it; counted once by its
   * canonical name ("argentina" and "Argentina", "Mexico" and "México" are one country).
   */
  private sharedCountry(pais: string): string {
    let shared = this.countries.get(pais);
    if (shared === undefined) {
      shared = pais;
      this.countries.set(pais, shared);
      this.foldedCountries.add(normalizeSearchText(countryName(pais)));
    }
    return shared;
  }

  private displayDate(fecha: string): string {
    let display = this.dates.get(fecha);
    if (display === undefined) {
      display = formatParticipantDate(fecha);
      this.dates.set(fecha, display);
    }
    return display;
  }
}
