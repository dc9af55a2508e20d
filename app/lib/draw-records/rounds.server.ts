import type { Kysely } from "kysely";
import { argentinaDay } from "~/lib/draw/entry-window";
import { nextDrawAt } from "~/lib/draw/next-draw";
import {
  beaconRound,
  isBeaconValue,
  parseEntryList,
  quicknetRoundTime,
  winnerIndex,
  witnessedDrawRound,
} from "~/lib/draw/verifiable-draw";
import type { Tables } from "~/lib/storage/schema";
import { DrawRefused } from "./draw-refused";
import { freezeDraw } from "./freeze.server";
import type { LoadEntries } from "./sheet-entries.server";
import {
  drawRecords,
  ensureCommitment,
  idRuleOf,
  latestDue,
  roundsOf,
  type DrawRecord,
  type DrawRoundRow,
  type DrawRow,
  type DrawSummary,
  type DrawWitnessRow,
} from "./stored-draws.server";

/**
 * The draw's rounds as the commands record them: the run, each redraw after an unclaimed prize,
 * and the prize delivered. Each in one transaction, refused with nothing recorded.
 */

/** A prize unclaimed for 30 days is redrawn (docs/draw.md, "Commit, freeze, reveal"). */
export const CLAIM_PERIOD_MS = 30 * 24 * 60 * 60 * 1000;

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
  /**
   * The list's witnesses the order rule counts (docs/draw.md, "The order, proven"): the latest
   * instant of each token that is valid today over the statement the record's values make,
   * asked of the authorities first if none is stored; with every token kept, and why the others
   * do not count.
   */
  listWitnesses: (draw: DrawRow) => Promise<ListWitnesses>;
}

/** The tokens over a draw's list statement, as the order rule reads them. */
export interface ListWitnesses {
  /** Each valid token's latest instant (its time plus its accuracy), epoch ms. */
  witnessedAt: number[];
  /** Every token of the draw, as stored: the record's. */
  rows: DrawWitnessRow[];
  /** Why stored tokens or authorities do not count, for the refusal. */
  problems: string[];
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The drand round that draws `round` of `draw`, by the order rule: never one emitted before a
 * witness saw the list. Round 0 is the rule's round, or moves to the first round 30 minutes
 * after the list's first witness when none came before it; a redraw's is fixed 30 days on, and
 * refused without a witness before it. Refused (DrawRefused) without any witness.
 */
function provenRound(
  draw: DrawRow,
  round: number,
  witnesses: ListWitnesses,
): { drandRound: number; moved: string | null } {
  const drawAt = new Date(draw.draw_at);
  const fixed = beaconRound(drawAt, round);
  const proven = round === 0 ? witnessedDrawRound(drawAt, witnesses.witnessedAt) : fixed;
  const before = witnesses.witnessedAt.some((at) => at < quicknetRoundTime(proven ?? fixed));
  if (proven === null || !before) {
    const why = witnesses.problems.length > 0 ? ` (${witnesses.problems.join("; ")})` : "";
    throw new DrawRefused(
      `No time-stamp authority has witnessed the list of the draw of ${iso(draw.draw_at)}${why}: without a witness before the beacon, there is no draw (docs/draw.md, "The order, proven")`,
    );
  }
  if (proven === fixed) return { drandRound: fixed, moved: null };
  const first = Math.min(...witnesses.witnessedAt);
  return {
    drandRound: proven,
    moved: `the draw moved from drand round ${fixed} (published ${iso(quicknetRoundTime(fixed))}) to round ${proven} (published ${iso(quicknetRoundTime(proven))}): no witness stamped the list before round ${fixed} was published, and the list's first stamp is of ${iso(first)}`,
  };
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
  { beaconFor, now, onRecorded, listWitnesses }: DrawOptions,
  alsoInTransaction: (trx: Kysely<Tables>) => Promise<unknown>,
): Promise<DrawRecord> {
  const ids = parseEntryList(draw.list_text ?? "", idRuleOf(draw));
  if (ids === null || draw.list_hash === null) throw new Error("A frozen draw's stored list is not a canonical list");
  const names = JSON.parse(draw.list_names ?? "[]") as string[];
  const countries = JSON.parse(draw.list_countries ?? "[]") as string[];
  const taken = new Set(earlier.map((round) => round.winner_id));
  const remaining = ids.filter((id) => !taken.has(id));
  if (remaining.length === 0) throw new DrawRefused("Every entry of this draw has already won a round");
  const round = earlier.length;
  const witnesses = await listWitnesses(draw);
  const { drandRound, moved } = provenRound(draw, round, witnesses);
  const beacon = await beaconFor(drandRound).catch((error: unknown) => {
    throw error instanceof DrawRefused && moved ? new DrawRefused(`${moved}. ${error.message}`) : error;
  });
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
  const record: DrawRecord = { draw, rounds: [...earlier, row], witnesses: witnesses.rows };
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
