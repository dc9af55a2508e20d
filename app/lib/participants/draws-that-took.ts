import { canonicalId } from "~/lib/draw/verifiable-draw";
import type { NotInPlay } from "./entries-in-play";

/**
 * What became of a listed row the next draw does not take because of its date: the draw whose
 * list took it, and whether it won (docs/decisions/097-what-became-of-an-entry.md). The draws'
 * records live above this folder (`app/lib/draw-records`), so the pages hand them in, as
 * "draws that took entries": only draws that happened (their list sealed in time) or whose
 * round is still ahead. A day with no draw is never one: its entries went to the next draw that
 * happened, whose window starts where the missed one's did.
 */
export interface DrawThatTook {
  /** The draw's day, "yyyy-mm-dd" (Argentina). */
  day: string;
  /** The first day of its window: its list took rows dated from it through `day`. */
  from: string;
  /** Whether its frozen list holds `canonical` (an id in today's canonical form). */
  took: (canonical: string) => boolean;
  /** The canonical id each round drew, round 0 first; empty while its round is ahead. */
  winners: readonly string[];
  /** Its record on /sorteos (its anchor), or the draw under way's values while it is not drawn. */
  href: string;
}

/** Oldest first. */
export type DrawsThatTook = readonly DrawThatTook[];

/** What became of a row dated before the next draw's days (or taken by the draw before it). */
export type PastEntry =
  /** Its id is in the list of `draw`, whose days hold its date; `wonRound` the round it won, if any. */
  | { why: "entered"; day: string; draw: DrawThatTook; wonRound: number | null }
  /** Dated in the days of `draw`, which happened, but not in its list. */
  | { why: "not-in-list"; day: string; draw: DrawThatTook }
  /** Dated before the days of every draw we know of: in no draw. */
  | { why: "before"; day: string };

const holds = (draw: DrawThatTook, day: string) => draw.from <= day && day <= draw.day;

/**
 * The draw a row of `id` dated `why.day` went into: the oldest draw whose days hold its date and
 * whose list holds its id (a draw's day belongs to two windows; the earlier took what it froze).
 */
function pastEntry(why: Extract<NotInPlay, { why: "taken" | "earlier" }>, id: string, draws: DrawsThatTook): PastEntry {
  const canonical = canonicalId(id);
  const covering = draws.filter((draw) => holds(draw, why.day));
  const entered = canonical === null ? undefined : covering.find((draw) => draw.took(canonical));
  if (entered) {
    const round = entered.winners.indexOf(canonical!);
    return { why: "entered", day: why.day, draw: entered, wonRound: round < 0 ? null : round };
  }
  const last = covering.at(-1);
  return last ? { why: "not-in-list", day: why.day, draw: last } : { why: "before", day: why.day };
}

/** Why a listed row is not one of the next draw's entries, with what became of it when its date put it in an earlier draw. */
export type RowOutcome = Exclude<NotInPlay, { why: "taken" | "earlier" }> | PastEntry;

/** `why`, resolved against the draws that took entries. */
export function outcomeOf(why: NotInPlay, id: string, draws: DrawsThatTook): RowOutcome {
  return why.why === "taken" || why.why === "earlier" ? pastEntry(why, id, draws) : why;
}
