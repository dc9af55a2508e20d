import type { Kysely } from "kysely";
import { entryWindow } from "~/lib/draw/entry-window";
import { previousDrawAt } from "~/lib/draw/next-draw";
import { CURRENT_ID_RULE, entryListText, sha256Hex } from "~/lib/draw/verifiable-draw";
import { beaconRound, quicknetRoundTime } from "~/lib/draw/quicknet-rounds";
import { entriesInPlay } from "~/lib/participants/entries-in-play";
import type { Tables } from "~/lib/storage/schema";
import { drawMonth, spokenInstant } from "./command-text";
import { DrawRefused } from "./draw-refused";
import type { LoadEntries } from "./sheet-entries.server";
import { frozenIds, latestDue, type DrawRow } from "./stored-draws.server";

/**
 * The freeze: the month's entries taken from the sheet into the canonical list at the draw
 * instant (docs/draw.md, "The month's entries" and "The rule, precisely").
 */

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
      `la lista del sorteo de ${drawMonth(draw.draw_at)} nunca se congeló, y drand publicó la ronda ${beaconRound(new Date(draw.draw_at), 0)} el ${spokenInstant(deadline)}: una lista congelada ahora se podría elegir sabiendo el valor que la sortea, así que este sorteo no se puede hacer (docs/operations.md, "Draw day")`,
    );
  }
  const sheet = await loadEntries();
  const previous = await frozenIds(db, previousDrawAt(draw.draw_at).getTime());
  const rule = { drawAt: draw.draw_at, window: entryWindow(draw.draw_at), previous };
  const frozen = entriesInPlay(sheet.entries, (entry) => entry, rule, sheet.fromSample);
  const { outsideWindow, unreadableDate, refusedId } = frozen.leftOut;
  if (frozen.ids.length === 0) {
    throw new DrawRefused(
      `la planilla no tiene participaciones válidas con fecha dentro de los días de este sorteo (${outsideWindow} fuera de esos días, ${unreadableDate} con una fecha ilegible, ${refusedId} con un id que no es válido): no hay nada que congelar`,
    );
  }
  const listText = entryListText(frozen.ids);
  await db
    .updateTable("draws")
    .set({
      frozen_at: now,
      list_text: listText,
      list_hash: await sha256Hex(listText),
      entry_count: frozen.ids.length,
      // The first row of each id names it, as the first occurrence keeps its place in the list.
      list_names: JSON.stringify(frozen.rows.map((entry) => entry.name)),
      list_countries: JSON.stringify(frozen.rows.map((entry) => entry.country)),
      from_sample: sheet.fromSample ? 1 : 0,
      outside_window: outsideWindow,
      unreadable_dates: unreadableDate,
      refused_ids: refusedId,
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
