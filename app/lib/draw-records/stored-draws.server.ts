import type { Kysely, Selectable } from "kysely";
import { nextDrawAt } from "~/lib/draw/next-draw";
import type { LeftOut } from "~/lib/draw/published-draw";
import {
  canonicalId,
  CURRENT_RULE,
  drawRuleTag,
  idPatternOf,
  parseEntryList,
  type DrawRuleTag,
  type IdRule,
} from "~/lib/draw/verifiable-draw";
import type { DrawRoundTable, DrawTable, DrawWitnessTable, Tables, WinnerNoticeTable } from "~/lib/storage/schema";

/**
 * The draws as stored (docs/decisions/040-draw-records-one-row-per-draw-instant-rounds-as.md):
 * one `draws` row per draw instant, one `draw_rounds` row per draw or redraw. The reads every
 * audience shares, and the row that starts a record.
 */

export type DrawRow = Selectable<DrawTable>;
export type DrawRoundRow = Selectable<DrawRoundTable>;
export type DrawWitnessRow = Selectable<DrawWitnessTable>;

/** A draw without its list, names and countries, which grow with the entries: what pages and `status` read. */
export type DrawSummary = Omit<DrawRow, "list_text" | "list_names" | "list_countries">;

/** When a round's winner was told, and reminded (docs/draw.md, "The winner told"): no address. */
export type WinnerTelling = Pick<WinnerNoticeTable, "round" | "told_at" | "reminded_at">;

/**
 * A draw with its rounds, oldest round first, its witnesses' tokens (docs/draw.md, "Witnesses")
 * and each telling of a winner, oldest first.
 */
export interface DrawRecord<Draw extends DrawSummary = DrawRow> {
  draw: Draw;
  rounds: DrawRoundRow[];
  witnesses: DrawWitnessRow[];
  told: WinnerTelling[];
}

/**
 * Writes the record of the draw after `now` unless one exists: under rule v2, with no seed and
 * nothing to commit to (docs/decisions/087-no-secret-the-list-and-the-round-alone.md); its list
 * is frozen at its instant. Insert-if-absent on the draw instant's key: replicas starting
 * together each try, one row wins, the others change nothing.
 */
export async function ensureUpcoming(db: Kysely<Tables>, now: number): Promise<void> {
  await db
    .insertInto("draws")
    .values({ draw_at: nextDrawAt(now).getTime(), rule: CURRENT_RULE, seed: "", commitment: "", committed_at: now })
    .onConflict((conflict) => conflict.column("draw_at").doNothing())
    .execute();
}

/** The rule a record names (docs/draw.md, "The rule, precisely"). */
export function ruleOf(draw: Pick<DrawRow, "rule">): DrawRuleTag {
  return drawRuleTag(draw.rule);
}

/** Every draw record, newest first: the drawn ones with their rounds, the committed ones with none. */
export async function drawRecords(db: Kysely<Tables>): Promise<DrawRecord<DrawSummary>[]> {
  const [draws, rounds, witnesses, told] = await Promise.all([
    db
      .selectFrom("draws")
      .select([
        "draw_at",
        "rule",
        "seed",
        "commitment",
        "committed_at",
        "frozen_at",
        "list_hash",
        "entry_count",
        "from_sample",
        "outside_window",
        "unreadable_dates",
        "refused_ids",
        "id_rule",
        "claimed_at",
        "erased_at",
        "commitment_statement",
        "list_statement",
        "window_from",
        "id_pattern",
        "claim_statement",
        "claim_round",
      ])
      .orderBy("draw_at", "desc")
      .execute(),
    db.selectFrom("draw_rounds").selectAll().orderBy("round").execute(),
    db.selectFrom("draw_witnesses").selectAll().orderBy("statement").orderBy("authority").execute(),
    db.selectFrom("winner_notices").select(["draw_at", "round", "told_at", "reminded_at"]).orderBy("told_at").execute(),
  ]);
  return draws.map((draw) => ({
    draw,
    rounds: rounds.filter((round) => round.draw_at === draw.draw_at),
    witnesses: witnesses.filter((witness) => witness.draw_at === draw.draw_at),
    told: told
      .filter((telling) => telling.draw_at === draw.draw_at)
      .map(({ round, told_at, reminded_at }) => ({ round, told_at, reminded_at })),
  }));
}

/** The tokens over the draw at `drawAt`'s statements (of `kind` only, if given), by authority. */
export async function witnessesOf(
  db: Kysely<Tables>,
  drawAt: number,
  kind?: DrawWitnessRow["statement"],
): Promise<DrawWitnessRow[]> {
  let query = db.selectFrom("draw_witnesses").selectAll().where("draw_at", "=", drawAt);
  if (kind) query = query.where("statement", "=", kind);
  return query.orderBy("statement").orderBy("authority").execute();
}

/** The rounds of the draw at `drawAt`, oldest first. */
export async function roundsOf(db: Kysely<Tables>, drawAt: number): Promise<DrawRoundRow[]> {
  return db.selectFrom("draw_rounds").selectAll().where("draw_at", "=", drawAt).orderBy("round").execute();
}

/** The draw made (or due) most recently: the latest whose instant has passed. */
export async function latestDue(db: Kysely<Tables>, now: number): Promise<DrawRow | undefined> {
  return db
    .selectFrom("draws")
    .selectAll()
    .where("draw_at", "<=", now)
    .orderBy("draw_at", "desc")
    .limit(1)
    .executeTakeFirst();
}

/** The canonical list frozen for the draw at `drawAt`, or null if it is not frozen. */
export async function frozenList(db: Kysely<Tables>, drawAt: number): Promise<string | null> {
  const row = await db.selectFrom("draws").select("list_text").where("draw_at", "=", drawAt).executeTakeFirst();
  return row?.list_text ?? null;
}

/**
 * The id rule a frozen list was made under (docs/draw.md, "Canonical list"): a list frozen
 * before the record named one (the column empty, also when an older replica froze it) is rule 1.
 */
export function idRuleOf(draw: Pick<DrawRow, "id_rule">): IdRule {
  return draw.id_rule === 3 ? 3 : draw.id_rule === 2 ? 2 : 1;
}

/** The id format a list of id rule 3 was frozen under, as a regular expression; null otherwise. */
export function idPatternOfDraw(draw: Pick<DrawRow, "id_rule" | "id_pattern">): RegExp | null {
  return draw.id_rule === 3 && draw.id_pattern !== null ? idPatternOf(draw.id_pattern) : null;
}

/** The sheet rows a freeze left out, as published; null on a list frozen before they were counted. */
export function leftOutOf(draw: Pick<DrawRow, "outside_window" | "unreadable_dates" | "refused_ids">): LeftOut | null {
  return draw.outside_window === null || draw.unreadable_dates === null
    ? null
    : { outsideWindow: draw.outside_window, unreadableDate: draw.unreadable_dates, refusedId: draw.refused_ids };
}

/** The last frozen list read, per database: a frozen list never changes, and /sorteos asks for the same one on every render. */
const lastFrozenIds = new WeakMap<Kysely<Tables>, { drawAt: number; ids: Set<string> }>();

/**
 * The ids the draw at `drawAt` froze from a real sheet, if it did and its list is still kept,
 * as `canonicalId` writes them today (a list of rule 1 may hold "ol-7": the sheet's row is
 * "OL-7" now): the next window leaves them out on its first day. A sample sheet's list takes
 * nothing from a real one.
 */
export async function frozenIds(db: Kysely<Tables>, drawAt: number): Promise<Set<string>> {
  const kept = lastFrozenIds.get(db);
  if (kept?.drawAt === drawAt) return kept.ids;
  const row = await db
    .selectFrom("draws")
    .select(["list_text", "from_sample", "id_rule", "id_pattern"])
    .where("draw_at", "=", drawAt)
    .executeTakeFirst();
  if (!row?.list_text || row.from_sample === 1) return new Set();
  const ids = parseEntryList(row.list_text, idRuleOf(row), idPatternOfDraw(row));
  if (ids === null) throw new Error("A frozen draw's stored list is not a canonical list");
  const canonical = ids.map(canonicalId).filter((id): id is string => id !== null);
  const read = { drawAt, ids: new Set(canonical) };
  lastFrozenIds.set(db, read);
  return read.ids;
}
