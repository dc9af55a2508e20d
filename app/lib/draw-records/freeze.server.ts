import type { Kysely } from "kysely";
import { argentinaDay, entryWindow } from "~/lib/draw/entry-window";
import { nextDrawAt } from "~/lib/draw/next-draw";
import { CURRENT_ID_RULE, CURRENT_RULE, entryListText, idPatternOf, sha256Hex } from "~/lib/draw/verifiable-draw";
import { beaconRound, quicknetRoundTime } from "~/lib/draw/quicknet-rounds";
import { listStatement } from "~/lib/draw/witness-statement";
import { entriesInPlay } from "~/lib/participants/entries-in-play";
import { env } from "~/lib/server/env.server";
import type { Tables } from "~/lib/storage/schema";
import { drawMonth, spokenInstant } from "./command-text";
import { DrawRefused } from "./draw-refused";
import type { LoadEntries } from "./sheet-entries.server";
import { frozenIds, latestDue, roundsOf, ruleOf, type DrawRow } from "./stored-draws.server";
import { listSealedInTime } from "./witnesses.server";

/**
 * The freeze: the month's entries taken from the sheet into the canonical list at the draw
 * instant (docs/draw.md, "The month's entries" and "The rule, precisely"), its statement written
 * for the authorities to seal, and the draw notices queued in the same transaction.
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
 * Whether a draw happened (docs/decisions/088-entries-go-to-the-next-draw-that-happens.md): its
 * list was sealed by two independent authorities before its round (the seals checked today, over
 * the statement its values make); a record of rule v1 also when it was drawn, as it always was.
 */
async function drawHappened(db: Kysely<Tables>, draw: DrawRow): Promise<boolean> {
  if (draw.list_hash === null) return false;
  if (ruleOf(draw) === "opinionlabz-draw-v1" && (await roundsOf(db, draw.draw_at)).length > 0) return true;
  return (await listSealedInTime(db, draw)).inTime;
}

/** What a freeze counts from: the first day of its window, and the ids that draw took on it. */
export interface EntryHistory {
  /** Null: no draw before (the previous first Monday, as always). */
  from: string | null;
  /** The instant of the last draw that happened, whose frozen ids leave its day's rows out. */
  lastHappened: number | null;
}

/**
 * Where the window of the draw at `drawAt` starts: the day of the last draw before it that
 * happened; when none ever did, the earliest missed draw's own window start, so no month of
 * entries is ever left out; with no draw before, the previous first Monday.
 */
async function entryHistory(db: Kysely<Tables>, drawAt: number): Promise<EntryHistory> {
  const earlier = await db
    .selectFrom("draws")
    .selectAll()
    .where("draw_at", "<", drawAt)
    .orderBy("draw_at", "desc")
    .execute();
  for (const draw of earlier) {
    if (await drawHappened(db, draw)) return { from: argentinaDay(draw.draw_at), lastHappened: draw.draw_at };
  }
  const earliest = earlier.at(-1);
  return { from: earliest ? entryWindow(earliest.draw_at, earliest.window_from).from : null, lastHappened: null };
}

/** Runs inside the freeze's transaction, once, by whoever froze the list: the draw notices. */
export type OnFrozen = (trx: Kysely<Tables>, draw: DrawRow) => Promise<void>;

/**
 * Freezes `draw`'s list from the sheet as it stands: valid ids of the organizer's format in sheet
 * order, each once, with their published names, and its statement. A conditional update: if
 * another replica or a run froze it first, theirs stands (and only the one that froze it queues
 * the notices). Refused once the draw's drand round is public. Returns the draw as stored.
 */
export async function freezeDraw(
  db: Kysely<Tables>,
  draw: DrawRow,
  loadEntries: LoadEntries,
  now: number,
  onFrozen: OnFrozen,
): Promise<DrawRow> {
  const deadline = freezeDeadline(draw.draw_at);
  if (now >= deadline) {
    throw new DrawRefused(
      `la lista del sorteo de ${drawMonth(draw.draw_at)} nunca se congeló y drand ya publicó la ronda ${beaconRound(new Date(draw.draw_at), 0)} el ${spokenInstant(deadline)}: ese día no hubo sorteo, y sus participaciones pasan al sorteo del ${spokenInstant(nextDrawAt(draw.draw_at).getTime())}`,
    );
  }
  const sheet = await loadEntries();
  const history = await entryHistory(db, draw.draw_at);
  const previous = history.lastHappened === null ? new Set<string>() : await frozenIds(db, history.lastHappened);
  const window = entryWindow(draw.draw_at, history.from);
  const idPattern = idPatternOf(env.idPattern);
  const rule = { drawAt: draw.draw_at, window, previous, idPattern };
  const frozen = entriesInPlay(sheet.entries, (entry) => entry, rule, sheet.fromSample);
  const { outsideWindow, unreadableDate, refusedId } = frozen.leftOut;
  if (frozen.ids.length === 0) {
    throw new DrawRefused(
      `la planilla no tiene participaciones válidas con fecha dentro de los días de este sorteo (${outsideWindow} fuera de esos días, ${unreadableDate} con una fecha ilegible, ${refusedId} con un ID que no es válido o no tiene el formato de ID_PATTERN): no hay nada que congelar`,
    );
  }
  const listText = entryListText(frozen.ids);
  const listHash = await sha256Hex(listText);
  const sample = sheet.fromSample;
  const leftOut = { outsideWindow, unreadableDate, refusedId };
  const statement = listStatement({
    drawAt: new Date(draw.draw_at).toISOString(),
    rule: CURRENT_RULE,
    listHash,
    entryCount: frozen.ids.length,
    window: sample ? null : window,
    leftOut: sample ? null : leftOut,
    idRule: CURRENT_ID_RULE,
    idPattern: env.idPattern,
    commitment: null,
    frozenAt: new Date(now).toISOString(),
    drandRound: beaconRound(new Date(draw.draw_at), 0),
  });
  await db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable("draws")
      .set({
        rule: CURRENT_RULE,
        // No seed under rule v2: a row an older release committed loses it unrevealed.
        seed: "",
        commitment: "",
        commitment_statement: null,
        frozen_at: now,
        list_text: listText,
        list_hash: listHash,
        entry_count: frozen.ids.length,
        // The first row of each id names it, as the first occurrence keeps its place in the list.
        list_names: JSON.stringify(frozen.rows.map((entry) => entry.name)),
        list_countries: JSON.stringify(frozen.rows.map((entry) => entry.country)),
        from_sample: sample ? 1 : 0,
        outside_window: outsideWindow,
        unreadable_dates: unreadableDate,
        refused_ids: refusedId,
        id_rule: CURRENT_ID_RULE,
        id_pattern: env.idPattern,
        window_from: window.from,
        list_statement: statement,
      })
      .where("draw_at", "=", draw.draw_at)
      .where("list_hash", "is", null)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) return;
    await trx
      .deleteFrom("draw_witnesses")
      .where("draw_at", "=", draw.draw_at)
      .where("statement", "=", "commitment")
      .execute();
    await onFrozen(
      trx,
      await trx.selectFrom("draws").selectAll().where("draw_at", "=", draw.draw_at).executeTakeFirstOrThrow(),
    );
  });
  return db.selectFrom("draws").selectAll().where("draw_at", "=", draw.draw_at).executeTakeFirstOrThrow();
}

/**
 * At the draw instant (the server calls this on a timer, at start-up and when /sorteos is
 * renewed): freezes the due draw's list unless it is frozen, so the list and its hash are
 * public before the beacon round exists (docs/draw.md, "Freeze, seal, draw"); past that round,
 * never (that day has no draw).
 */
export async function freezeDueDraw(
  db: Kysely<Tables>,
  loadEntries: LoadEntries,
  now: number,
  onFrozen: OnFrozen,
): Promise<"frozen" | "nothing due" | { tooLate: number }> {
  const draw = await latestDue(db, now);
  if (!draw || draw.list_hash !== null) return "nothing due";
  // Past the round, the server leaves it unfrozen and says so: that day has no draw.
  if (now >= freezeDeadline(draw.draw_at)) return { tooLate: draw.draw_at };
  await freezeDraw(db, draw, loadEntries, now, onFrozen);
  return "frozen";
}
