import type { Kysely } from "kysely";
import { entryDay, entryWindow, inWindow } from "~/lib/draw/entry-window";
import { previousDrawAt } from "~/lib/draw/next-draw";
import {
  beaconRound,
  canonicalId,
  CURRENT_ID_RULE,
  entryListText,
  freezeEntryIds,
  quicknetRoundTime,
  sha256Hex,
} from "~/lib/draw/verifiable-draw";
import type { Tables } from "~/lib/storage/schema";
import { DrawRefused } from "./draw-refused";
import type { LoadEntries, SheetEntries } from "./sheet-entries.server";
import { frozenIds, latestDue, type DrawRow } from "./stored-draws.server";

/**
 * The freeze: the month's entries taken from the sheet into the canonical list at the draw
 * instant (docs/draw.md, "The month's entries" and "The rule, precisely").
 */

/**
 * The rows in play for the draw at `drawAt`: those dated inside its window, but for the ones the
 * previous draw's list holds (`previous`); the bundled sample sheet's examples all are (their
 * dates are fixed, the window moves). The others are counted.
 */
function entriesInWindow(
  { entries, fromSample }: SheetEntries,
  drawAt: number,
  previous: ReadonlySet<string>,
): { inPlay: SheetEntries["entries"]; outsideWindow: number; unreadableDates: number } {
  if (fromSample) return { inPlay: entries, outsideWindow: 0, unreadableDates: 0 };
  const window = entryWindow(drawAt);
  const inPlay: SheetEntries["entries"] = [];
  let outsideWindow = 0;
  let unreadableDates = 0;
  for (const entry of entries) {
    const day = entryDay(entry.date);
    if (day === null) unreadableDates += 1;
    // A refused id ("") is in no list: it is left out below, counted apart.
    else if (!inWindow(day, canonicalId(entry.id) ?? "", window, previous)) outsideWindow += 1;
    else inPlay.push(entry);
  }
  return { inPlay, outsideWindow, unreadableDates };
}

/**
 * When the list of the draw at `drawAt` can no longer be frozen: once drand has published the
 * round the rule fixes for it, a list made then could be picked knowing the value that draws it
 * (docs/draw.md, "The order, proven").
 */
export function freezeDeadline(drawAt: number): number {
  return quicknetRoundTime(beaconRound(new Date(drawAt), 0));
}

/**
 * Freezes `draw`'s list from the sheet as it stands: valid ids in sheet order, each once, with
 * their published names. A conditional update: if another replica or a run froze it first,
 * theirs stands. Refused once the draw's drand round is public. Returns the draw as stored.
 */
export async function freezeDraw(
  db: Kysely<Tables>,
  draw: DrawRow,
  loadEntries: LoadEntries,
  now: number,
): Promise<DrawRow> {
  const deadline = freezeDeadline(draw.draw_at);
  if (now >= deadline) {
    throw new DrawRefused(
      `The list of the draw of ${new Date(draw.draw_at).toISOString()} was never frozen, and drand published round ${beaconRound(new Date(draw.draw_at), 0)} at ${new Date(deadline).toISOString()}: a list frozen now could be chosen knowing the value that draws it, so this draw cannot be made (docs/operations.md, "Draw day")`,
    );
  }
  const sheet = await loadEntries();
  const previous = await frozenIds(db, previousDrawAt(draw.draw_at).getTime());
  const { inPlay: entries, outsideWindow, unreadableDates } = entriesInWindow(sheet, draw.draw_at, previous);
  const frozen = freezeEntryIds(entries.map((entry) => entry.id));
  if (frozen.ids.length === 0) {
    throw new DrawRefused(
      `The sheet has no valid entries dated in this draw's window (${outsideWindow} outside it, ${unreadableDates} with an unreadable date): nothing to freeze`,
    );
  }
  // The first row of each id names it, as the first occurrence keeps its place in the list.
  const firstRows = new Map<string, SheetEntries["entries"][number]>();
  for (const entry of entries) {
    const id = canonicalId(entry.id);
    if (id !== null && !firstRows.has(id)) firstRows.set(id, entry);
  }
  const listText = entryListText(frozen.ids);
  await db
    .updateTable("draws")
    .set({
      frozen_at: now,
      list_text: listText,
      list_hash: await sha256Hex(listText),
      entry_count: frozen.ids.length,
      list_names: JSON.stringify(frozen.ids.map((id) => firstRows.get(id)?.name ?? "")),
      list_countries: JSON.stringify(frozen.ids.map((id) => firstRows.get(id)?.country ?? "")),
      from_sample: sheet.fromSample ? 1 : 0,
      outside_window: outsideWindow,
      unreadable_dates: unreadableDates,
      refused_ids: frozen.invalid.length,
      id_rule: CURRENT_ID_RULE,
    })
    .where("draw_at", "=", draw.draw_at)
    .where("list_hash", "is", null)
    .execute();
  return db.selectFrom("draws").selectAll().where("draw_at", "=", draw.draw_at).executeTakeFirstOrThrow();
}

/**
 * At the draw instant (the server calls this on a timer, at start-up and when /sorteos is
 * renewed): freezes the due draw's list unless it is frozen, so the list and its hash are
 * public before the beacon round exists (docs/draw.md, "Commit, freeze, reveal"); past that
 * round, never (the draw it names is too late to make).
 */
export async function freezeDueDraw(
  db: Kysely<Tables>,
  loadEntries: LoadEntries,
  now: number,
): Promise<"frozen" | "nothing due" | { tooLate: number }> {
  const draw = await latestDue(db, now);
  if (!draw || draw.list_hash !== null) return "nothing due";
  // Past the round, the server leaves it unfrozen and says so; the run refuses it.
  if (now >= freezeDeadline(draw.draw_at)) return { tooLate: draw.draw_at };
  await freezeDraw(db, draw, loadEntries, now);
  return "frozen";
}
