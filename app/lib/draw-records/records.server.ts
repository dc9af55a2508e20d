import type { Kysely, Selectable } from "kysely";
import { argentinaDay, entryDay, entryWindow, inWindow } from "~/lib/draw/entry-window";
import { nextDrawAt, previousDrawAt } from "~/lib/draw/next-draw";
import {
  beaconRound,
  canonicalId,
  commitmentOf,
  entryListText,
  freezeEntryIds,
  isBeaconValue,
  newSeed,
  parseEntryList,
  sha256Hex,
  winnerIndex,
} from "~/lib/draw/verifiable-draw";
import type { DrawRoundTable, DrawTable, Tables } from "~/lib/storage/schema";

export type DrawRow = Selectable<DrawTable>;
export type DrawRoundRow = Selectable<DrawRoundTable>;

/** A draw without its list, names and countries, which grow with the entries: what pages and `status` read. */
export type DrawSummary = Omit<DrawRow, "list_text" | "list_names" | "list_countries">;

/** A draw with its rounds, oldest round first. */
export interface DrawRecord<Draw extends DrawSummary = DrawRow> {
  draw: Draw;
  rounds: DrawRoundRow[];
}

/** What the sheet gave at the freeze: valid rows in sheet order, each with its date as written. */
export interface SheetEntries {
  entries: { id: string; name: string; country: string; date: string }[];
  fromSample: boolean;
}

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
    else if (!inWindow(day, canonicalId(entry.id), window, previous)) outsideWindow += 1;
    else inPlay.push(entry);
  }
  return { inPlay, outsideWindow, unreadableDates };
}

/** The last frozen list read, per database: a frozen list never changes, and /sorteos asks for the same one on every render. */
const lastFrozenIds = new WeakMap<Kysely<Tables>, { drawAt: number; ids: Set<string> }>();

/**
 * The ids the draw at `drawAt` froze from a real sheet, if it did and its list is still kept:
 * the next window leaves them out on its first day. A sample sheet's list takes nothing from a
 * real one.
 */
export async function frozenIds(db: Kysely<Tables>, drawAt: number): Promise<Set<string>> {
  const kept = lastFrozenIds.get(db);
  if (kept?.drawAt === drawAt) return kept.ids;
  const row = await db
    .selectFrom("draws")
    .select(["list_text", "from_sample"])
    .where("draw_at", "=", drawAt)
    .executeTakeFirst();
  if (!row?.list_text || row.from_sample === 1) return new Set();
  const ids = parseEntryList(row.list_text);
  if (ids === null) throw new Error("A frozen draw's stored list is not a canonical list");
  const read = { drawAt, ids: new Set(ids) };
  lastFrozenIds.set(db, read);
  return read.ids;
}

/**
 * The latest draw that froze a list from a real sheet (run or not), still kept: what the list of
 * /sorteos counts from, as the next freeze does. Null before any.
 */
export async function latestRealFreeze(db: Kysely<Tables>): Promise<number | null> {
  const row = await db
    .selectFrom("draws")
    .select("draw_at")
    .where("list_hash", "is not", null)
    .where("from_sample", "=", 0)
    .where("erased_at", "is", null)
    .orderBy("draw_at", "desc")
    .limit(1)
    .executeTakeFirst();
  return row ? Number(row.draw_at) : null;
}

/** A command refused: the operator's message the CLI prints, nothing recorded. */
export class DrawRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "DrawRefused";
  }
}

/** A prize unclaimed for 30 days is redrawn (docs/draw.md, "Commit, freeze, reveal"). */
export const CLAIM_PERIOD_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * Commits a seed for the draw after `now` unless one exists. Insert-if-absent on the draw
 * instant's key: replicas starting together each try, one row wins, the others change nothing.
 */
export async function ensureCommitment(db: Kysely<Tables>, now: number): Promise<void> {
  const seed = newSeed();
  await db
    .insertInto("draws")
    .values({ draw_at: nextDrawAt(now).getTime(), seed, commitment: await commitmentOf(seed), committed_at: now })
    .onConflict((conflict) => conflict.column("draw_at").doNothing())
    .execute();
}

async function roundsOf(db: Kysely<Tables>, drawAt: number): Promise<DrawRoundRow[]> {
  return db.selectFrom("draw_rounds").selectAll().where("draw_at", "=", drawAt).orderBy("round").execute();
}

/** Every draw record, newest first: the drawn ones with their rounds, the committed ones with none. */
export async function drawRecords(db: Kysely<Tables>): Promise<DrawRecord<DrawSummary>[]> {
  const [draws, rounds] = await Promise.all([
    db
      .selectFrom("draws")
      .select([
        "draw_at",
        "seed",
        "commitment",
        "committed_at",
        "frozen_at",
        "list_hash",
        "entry_count",
        "from_sample",
        "outside_window",
        "unreadable_dates",
        "claimed_at",
        "erased_at",
      ])
      .orderBy("draw_at", "desc")
      .execute(),
    db.selectFrom("draw_rounds").selectAll().orderBy("round").execute(),
  ]);
  return draws.map((draw) => ({ draw, rounds: rounds.filter((round) => round.draw_at === draw.draw_at) }));
}

/** The canonical list frozen for the draw at `drawAt`, or null if it is not frozen. */
export async function frozenList(db: Kysely<Tables>, drawAt: number): Promise<string | null> {
  const row = await db.selectFrom("draws").select("list_text").where("draw_at", "=", drawAt).executeTakeFirst();
  return row?.list_text ?? null;
}

/** The draw made (or due) most recently: the latest whose instant has passed. */
async function latestDue(db: Kysely<Tables>, now: number): Promise<DrawRow | undefined> {
  return db
    .selectFrom("draws")
    .selectAll()
    .where("draw_at", "<=", now)
    .orderBy("draw_at", "desc")
    .limit(1)
    .executeTakeFirst();
}

/** A round's public value, checked against its signature before anything is recorded. */
export interface CheckedBeacon {
  randomness: string;
  signature: string;
  /** Checked against a rehearsal key, not drand's. */
  rehearsal: boolean;
}

/** Whether an insert failed on the (draw_at, round) key: another run recorded that round first. */
function isDuplicateKey(error: unknown): boolean {
  const text = error instanceof Error ? `${(error as { code?: unknown }).code ?? ""} ${error.message}` : "";
  return /SQLITE_CONSTRAINT|23505|UNIQUE constraint|duplicate key/i.test(text);
}

export interface DrawOptions {
  /**
   * The checked value of drand round `beaconRound` (fixed by the rule for the round being
   * drawn), or a DrawRefused saying why there is none: asked once the draw is known to be due.
   */
  beaconFor: (beaconRound: number) => Promise<CheckedBeacon>;
  now: number;
  /** Runs inside the transaction that records the round: the mail of the record. */
  onRecorded: (trx: Kysely<Tables>, record: DrawRecord) => Promise<void>;
}

/** The sheet as the server loads it, read only once the draw is known to be due. */
type LoadEntries = () => Promise<SheetEntries>;

/**
 * Freezes `draw`'s list from the sheet as it stands: valid ids in sheet order, each once, with
 * their published names. A conditional update: if another replica or a run froze it first,
 * theirs stands. Returns the draw as stored.
 */
async function freezeDraw(db: Kysely<Tables>, draw: DrawRow, loadEntries: LoadEntries, now: number): Promise<DrawRow> {
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
    if (!firstRows.has(id)) firstRows.set(id, entry);
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
    })
    .where("draw_at", "=", draw.draw_at)
    .where("list_hash", "is", null)
    .execute();
  return db.selectFrom("draws").selectAll().where("draw_at", "=", draw.draw_at).executeTakeFirstOrThrow();
}

/**
 * At the draw instant (the server calls this on a timer, at start-up and when /sorteos is
 * renewed): freezes the due draw's list unless it is frozen, so the list and its hash are
 * public before the beacon round exists (docs/draw.md, "Commit, freeze, reveal").
 */
export async function freezeDueDraw(db: Kysely<Tables>, loadEntries: LoadEntries, now: number): Promise<boolean> {
  const draw = await latestDue(db, now);
  if (!draw || draw.list_hash !== null) return false;
  await freezeDraw(db, draw, loadEntries, now);
  return true;
}

/**
 * The due draw: refused before its instant and once made. Uses the list frozen at the instant
 * (freezing it now only if the server never did, which the record's freeze instant shows),
 * reveals the seed, picks round 0's winner and commits the next draw's seed, in one
 * transaction with the mail, so a refused or failed run leaves nothing behind.
 */
export async function runDraw(db: Kysely<Tables>, loadEntries: LoadEntries, options: DrawOptions): Promise<DrawRecord> {
  const { now } = options;
  const draw = await latestDue(db, now);
  if (!draw) {
    const upcoming = await db.selectFrom("draws").select("draw_at").orderBy("draw_at").limit(1).executeTakeFirst();
    const when = new Date(upcoming?.draw_at ?? nextDrawAt(now).getTime()).toISOString();
    throw new DrawRefused(`No draw is due yet: the next one is at ${when}`);
  }
  if ((await roundsOf(db, draw.draw_at)).length > 0) {
    throw new DrawRefused(`The draw of ${new Date(draw.draw_at).toISOString()} was already made; see \`status\``);
  }
  const frozen = draw.list_hash === null ? await freezeDraw(db, draw, loadEntries, now) : draw;
  return recordRound(db, frozen, [], options, (trx) => ensureCommitment(trx, now));
}

/**
 * The next round of the latest draw made, after an unclaimed prize: refused until the
 * claim period of the round before has ended (30 days per round from the draw instant).
 */
export async function redraw(db: Kysely<Tables>, options: DrawOptions): Promise<DrawRecord> {
  const { now } = options;
  const draw = await db
    .selectFrom("draws")
    .selectAll()
    .where((eb) =>
      eb.exists(eb.selectFrom("draw_rounds").select("round").whereRef("draw_rounds.draw_at", "=", "draws.draw_at")),
    )
    .orderBy("draw_at", "desc")
    .limit(1)
    .executeTakeFirst();
  if (!draw) throw new DrawRefused("No draw has been made yet: run `draw run` first");
  if (draw.erased_at !== null) {
    throw new DrawRefused(
      `The draw of ${new Date(draw.draw_at).toISOString()} is over 12 months old: its list was erased`,
    );
  }
  if (draw.claimed_at !== null) {
    throw new DrawRefused(
      `The prize of the draw of ${new Date(draw.draw_at).toISOString()} was delivered on ${new Date(draw.claimed_at).toISOString()}: there is nothing to redraw`,
    );
  }
  const earlier = await roundsOf(db, draw.draw_at);
  const from = draw.draw_at + earlier.length * CLAIM_PERIOD_MS;
  if (now < from) {
    throw new DrawRefused(
      `Redraw ${earlier.length} of the draw of ${new Date(draw.draw_at).toISOString()} is allowed from ${new Date(from).toISOString()}, when the prize has gone unclaimed 30 days`,
    );
  }
  return recordRound(db, draw, earlier, options, async () => undefined);
}

async function recordRound(
  db: Kysely<Tables>,
  draw: DrawRow,
  earlier: DrawRoundRow[],
  { beaconFor, now, onRecorded }: DrawOptions,
  alsoInTransaction: (trx: Kysely<Tables>) => Promise<void>,
): Promise<DrawRecord> {
  const ids = parseEntryList(draw.list_text ?? "");
  if (ids === null || draw.list_hash === null) throw new Error("A frozen draw's stored list is not a canonical list");
  const names = JSON.parse(draw.list_names ?? "[]") as string[];
  const countries = JSON.parse(draw.list_countries ?? "[]") as string[];
  const taken = new Set(earlier.map((round) => round.winner_id));
  const remaining = ids.filter((id) => !taken.has(id));
  if (remaining.length === 0) throw new DrawRefused("Every entry of this draw has already won a round");
  const round = earlier.length;
  const drandRound = beaconRound(new Date(draw.draw_at), round);
  const beacon = await beaconFor(drandRound);
  if (!isBeaconValue(beacon.randomness)) throw new Error("A checked beacon's randomness is not hex");
  const { index, attempts } = await winnerIndex({
    seed: draw.seed,
    listHash: draw.list_hash,
    beacon: beacon.randomness,
    round,
    count: remaining.length,
  });
  const winnerId = remaining[index]!;
  const row: DrawRoundRow = {
    draw_at: draw.draw_at,
    round,
    beacon_round: drandRound,
    beacon: beacon.randomness,
    beacon_signature: beacon.signature,
    rehearsal: beacon.rehearsal ? 1 : 0,
    winner_index: index,
    attempts,
    winner_id: winnerId,
    winner_name: names[ids.indexOf(winnerId)] ?? "",
    winner_country: countries[ids.indexOf(winnerId)] || null,
    drawn_at: now,
  };
  const record: DrawRecord = { draw, rounds: [...earlier, row] };
  try {
    await db.transaction().execute(async (trx) => {
      await trx.insertInto("draw_rounds").values(row).execute();
      await alsoInTransaction(trx);
      await onRecorded(trx, record);
    });
  } catch (error) {
    if (isDuplicateKey(error))
      throw new DrawRefused(`Round ${round} of this draw was recorded meanwhile by another run`);
    throw error;
  }
  return record;
}

/**
 * `npm run draw -- claimed <YYYY-MM>`: the prize of that month's draw was delivered to its
 * latest round's winner. Once only; a draw not made yet, or claimed already, is refused.
 */
export async function recordClaim(db: Kysely<Tables>, month: string, now: number): Promise<DrawRecord<DrawSummary>> {
  const record = (await drawRecords(db)).find(
    ({ draw, rounds }) => rounds.length > 0 && argentinaDay(draw.draw_at).startsWith(`${month}-`),
  );
  if (!record) throw new DrawRefused(`No draw was made in ${month}; see \`status\``);
  if (record.draw.erased_at !== null) {
    throw new DrawRefused(`The draw of ${month} is over 12 months old: its record was erased`);
  }
  const alreadyOn = (at: number) =>
    new DrawRefused(`The prize of ${month} was already recorded as delivered on ${new Date(at).toISOString()}`);
  if (record.draw.claimed_at !== null) throw alreadyOn(record.draw.claimed_at);
  const updated = await db
    .updateTable("draws")
    .set({ claimed_at: now })
    .where("draw_at", "=", record.draw.draw_at)
    .where("claimed_at", "is", null)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) {
    // Another run recorded it between the read above and this update.
    const stored = await db
      .selectFrom("draws")
      .select("claimed_at")
      .where("draw_at", "=", record.draw.draw_at)
      .executeTakeFirst();
    throw alreadyOn(Number(stored?.claimed_at ?? now));
  }
  return { ...record, draw: { ...record.draw, claimed_at: now } };
}

/** How long a draw's participation data is kept: the privacy page says 12 months after the draw. */
const PARTICIPATION_KEPT_MS = 365 * 24 * 60 * 60 * 1000;

/**
 * Erases what a draw holds about people once 12 months have passed since its instant (the
 * privacy page's "Cuánto tiempo los guardamos"): the ids list, each entry's name and country,
 * and each round's winner. The proof stays (hashes, seed, beacons, counts), and the record
 * says when it was erased. Run by the forms sweep; returns how many draws it erased
 * (docs/decisions/052-draw-data-erased-after-12-months.md).
 */
export async function eraseExpiredDrawData(db: Kysely<Tables>, now: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const expired = await trx
      .selectFrom("draws")
      .select("draw_at")
      .where("draw_at", "<=", now - PARTICIPATION_KEPT_MS)
      .where("erased_at", "is", null)
      .execute();
    const drawAts = expired.map((row) => row.draw_at);
    if (drawAts.length === 0) return 0;
    await trx
      .updateTable("draw_rounds")
      .set({ winner_id: "", winner_name: "", winner_country: null })
      .where("draw_at", "in", drawAts)
      .execute();
    await trx
      .updateTable("draws")
      .set({ list_text: null, list_names: null, list_countries: null, erased_at: now })
      .where("draw_at", "in", drawAts)
      .execute();
    return drawAts.length;
  });
}
