import { argentinaDay, entryDay, inWindow, type EntryWindow } from "~/lib/draw/entry-window";
import { ARGENTINA_OFFSET_MS, nextDrawAt } from "~/lib/draw/next-draw";
import type { LeftOut } from "~/lib/draw/published-draw";
import { canonicalId, formattedId, freezeEntryIds } from "~/lib/draw/verifiable-draw";

/**
 * Which sheet rows a draw is made among, and why each other row is not: the one function the
 * freeze uses to make the list and the pages use to show who is in before it (docs/draw.md,
 * "The month's entries" and "Canonical list";
 * docs/decisions/065-the-list-shows-what-the-next-freeze-takes.md). The freeze runs it on the
 * sheet as it stands at the draw instant; `/sorteos` and the home page on the latest copy of the
 * sheet, so what they show is what a freeze would take now.
 */

/** What a freeze applies to the sheet: the draw's days, and what the previous draw took. */
export interface EntryRule {
  /** The draw instant (epoch ms) whose list this is. */
  drawAt: number;
  window: EntryWindow;
  /** The previous draw's frozen ids, in today's canonical form: its day's rows in that list are its. */
  previous: ReadonlySet<string>;
  /** The organizer's format of ids (ID_PATTERN): a canonical id outside it takes no entry; null, any. */
  idPattern: RegExp | null;
}

/** The two fields of a row the rule reads. */
export interface EntryFields {
  id: string;
  date: string;
}

/** Why a sheet row is not one of the draw's entries. Days are "yyyy-mm-dd". */
export type NotInPlay =
  /** Its id is in the list of the draw of `drawDay`, the previous one, whose days held it. */
  | { why: "taken"; day: string; drawDay: string }
  /** Dated before the draw's days: the draw of `drawDay` was the one to count it. */
  | { why: "earlier"; day: string; drawDay: string }
  /** Dated after the draw's day: the draw of `drawDay` counts it. */
  | { why: "later"; day: string; drawDay: string }
  | { why: "unreadable-date" }
  /** Its id holds something `canonicalId` refuses, or is outside the organizer's format (ID_PATTERN). */
  | { why: "refused-id" }
  /** Its id is already in play through an earlier row, dated `firstDay`. */
  | { why: "repeated"; id: string; firstDay: string | null };

export interface EntriesInPlay<Row> {
  /** The entries' canonical ids in sheet order, each once: the list a freeze hashes. */
  ids: string[];
  /** The row each entry comes from, parallel to `ids`. */
  rows: Row[];
  /** The rows left out by the rule's own counts, as a record publishes them. */
  leftOut: LeftOut & { refusedId: number };
  /** Later rows of an id already in play. */
  repeated: number;
  /** Why `row` (one of the sheet's) is not in play; null when it is. */
  whyNotInPlay: (row: Row) => NotInPlay | null;
}

/** The draw that counts the rows dated `day`, before its freeze: the first on or after that day. */
function drawDayFor(day: string): string {
  const midnightInArgentina = Date.parse(`${day}T00:00:00Z`) - ARGENTINA_OFFSET_MS;
  return argentinaDay(nextDrawAt(midnightInArgentina).getTime());
}

/**
 * The rows of `sheet` (in sheet order) a freeze under `rule` takes: dated inside the window but
 * for what the previous draw took, one per canonical id of the organizer's format (its first
 * row in play); the bundled
 * sample sheet's examples whatever their dates (`fromSample`: fixed dates, a moving window).
 */
export function entriesInPlay<Row>(
  sheet: readonly Row[],
  fieldsOf: (row: Row) => EntryFields,
  rule: EntryRule,
  fromSample: boolean,
): EntriesInPlay<Row> {
  const { window, previous } = rule;
  // Dates repeat across a sheet (the snapshot shares one string per spelling): each is read once.
  const days = new Map<string, string | null>();
  const dayOf = (date: string) => {
    let day = days.get(date);
    if (day === undefined) days.set(date, (day = entryDay(date)));
    return day;
  };
  // An id is compared with the previous list only on that list's day: elsewhere no canonical form is needed yet.
  const takenBefore = (day: string, id: string) =>
    !inWindow(day, day === window.from ? (canonicalId(id) ?? "") : id, window, previous);

  const dated: Row[] = [];
  let outsideWindow = 0;
  let unreadableDate = 0;
  for (const row of sheet) {
    if (fromSample) {
      dated.push(row);
      continue;
    }
    const { id, date } = fieldsOf(row);
    const day = dayOf(date);
    if (day === null) unreadableDate += 1;
    else if (takenBefore(day, id)) outsideWindow += 1;
    else dated.push(row);
  }
  const frozen = freezeEntryIds(dated, (row) => fieldsOf(row).id, rule.idPattern);
  const inPlay = new Set(frozen.rows);
  let entryOf: Map<string, Row> | null = null;

  function whyNotInPlay(row: Row): NotInPlay | null {
    if (inPlay.has(row)) return null;
    const { id, date } = fieldsOf(row);
    const day = fromSample ? null : dayOf(date);
    if (!fromSample) {
      if (day === null) return { why: "unreadable-date" };
      if (day > window.through) return { why: "later", day, drawDay: drawDayFor(day) };
      if (day < window.from || takenBefore(day, id)) {
        const drawDay = day === window.from ? day : drawDayFor(day);
        // Only the previous draw's list is at hand: an older draw's row is "was for", never "entered".
        const took = drawDay === window.from && previous.has(canonicalId(id) ?? "");
        return took ? { why: "taken", day, drawDay } : { why: "earlier", day, drawDay };
      }
    }
    const canonical = formattedId(id, rule.idPattern);
    if (canonical === null) return { why: "refused-id" };
    entryOf ??= new Map(frozen.ids.map((entryId, index) => [entryId, frozen.rows[index]!]));
    const first = entryOf.get(canonical);
    return { why: "repeated", id: canonical, firstDay: first === undefined ? null : dayOf(fieldsOf(first).date) };
  }

  return {
    ids: frozen.ids,
    rows: frozen.rows,
    leftOut: { outsideWindow, unreadableDate, refusedId: frozen.invalid.length },
    repeated: frozen.duplicates.length,
    whyNotInPlay,
  };
}
