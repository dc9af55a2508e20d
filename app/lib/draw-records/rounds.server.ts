import type { Kysely } from "kysely";
import { nextDrawAt } from "~/lib/draw/next-draw";
import { isBeaconValue, parseEntryList, winnerIndex } from "~/lib/draw/verifiable-draw";
import { beaconRound, quicknetRoundTime } from "~/lib/draw/quicknet-rounds";
import { databaseMarkedAt } from "~/lib/storage/database-marks.server";
import type { Tables } from "~/lib/storage/schema";
import { DrawRefused } from "./draw-refused";
import { notRedrawable, prizeCalendar, rehearsed } from "./prize.server";
import { drawMonth, spokenInstant } from "./command-text";
import { freezeDraw, type OnFrozen } from "./freeze.server";
import { refuseProductionDatabase } from "./rehearsal-guard.server";
import type { LoadEntries } from "./sheet-entries.server";
import {
  drawRecords,
  ensureUpcoming,
  idPatternOfDraw,
  idRuleOf,
  latestDue,
  roundsOf,
  ruleOf,
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
  /** Whether the value will be checked against a rehearsal key (refused on a database with a real draw). */
  rehearsal: boolean;
  now: number;
  /** Runs inside the transaction that records the round: the mail of the record, the winner's notices. */
  onRecorded: (trx: Kysely<Tables>, record: DrawRecord) => Promise<void>;
  /** Runs inside the transaction of a freeze the run makes itself (the server never did): the list's notices. */
  onFrozen: OnFrozen;
  /**
   * The list's witnesses as the order rule counts them (docs/draw.md, "The order, proven"):
   * whether two independent authorities sealed it before its round, by the tokens valid today
   * over the statement the record's values make (the authorities asked first if none is stored);
   * with every token kept, and why the others do not count.
   */
  listWitnesses: (draw: DrawRow) => Promise<ListWitnesses>;
}

/** The tokens over a draw's list statement, as the order rule reads them. */
export interface ListWitnesses {
  /** Two independent authorities (a v1 record: one) sealed the list before its round was out. */
  inTime: boolean;
  /** Every token of the draw, as stored: the record's. */
  rows: DrawWitnessRow[];
  /** Why stored tokens or authorities do not count, for the refusal. */
  problems: string[];
}

/**
 * A day whose list was not witnessed in time has no draw, and no round ever counts for it
 * (docs/draw.md, "The order, proven"): refused, saying why and where its entries go.
 */
function refuseUnwitnessed(draw: DrawRow, witnesses: ListWitnesses): never {
  const round = beaconRound(new Date(draw.draw_at), 0);
  const why = witnesses.problems.length > 0 ? ` (${witnesses.problems.join("; ")})` : "";
  throw new DrawRefused(
    `el ${spokenInstant(draw.draw_at)} no hubo sorteo: la lista no tiene los sellos de dos autoridades independientes anteriores a la ronda ${round} de drand${why}, así que ninguna ronda cuenta para ese día y sus participaciones pasan al sorteo del ${spokenInstant(nextDrawAt(draw.draw_at).getTime())} (docs/draw.md, "The order, proven")`,
  );
}

/**
 * A rehearsal never touches a database a production server opened, nor one that holds a real
 * draw (docs/operations.md, "Rehearsing draw day"): rehearsals happen on a copy of neither.
 */
async function refuseRehearsal(db: Kysely<Tables>): Promise<void> {
  await refuseProductionDatabase(db);
  const real = await db
    .selectFrom("draw_rounds")
    .select("draw_at")
    .where("rehearsal", "=", 0)
    .orderBy("draw_at", "desc")
    .limit(1)
    .executeTakeFirst();
  if (real) {
    throw new DrawRefused(
      `esta base de datos tiene sorteos reales (el último, el de ${drawMonth(real.draw_at)}): un ensayo nunca se hace sobre ella. Ensayá sobre una base de datos nueva`,
    );
  }
}

/**
 * The due draw: refused before its instant, once made, and for a day that had no draw. Uses the
 * list frozen at the instant (freezing it now only if the server never did, before its round),
 * picks round 0's winner from the list and the round alone and writes the next draw's record, in
 * one transaction with the mails, so a refused or failed run leaves nothing behind. On a database
 * a production server opened, a real run replaces a rehearsal made there before it was.
 */
export async function runDraw(db: Kysely<Tables>, loadEntries: LoadEntries, options: DrawOptions): Promise<DrawRecord> {
  const { now } = options;
  if (options.rehearsal) await refuseRehearsal(db);
  const draw = await latestDue(db, now);
  if (!draw) {
    const upcoming = await db.selectFrom("draws").select("draw_at").orderBy("draw_at").limit(1).executeTakeFirst();
    throw new DrawRefused(
      `todavía no hay un sorteo para hacer: el próximo es el ${spokenInstant(upcoming?.draw_at ?? nextDrawAt(now).getTime())}`,
    );
  }
  const made = await roundsOf(db, draw.draw_at);
  // A rehearsal made before a production server opened the database never shows there, and a
  // real run takes its place (discard is refused on such a database).
  const replaced =
    made.length > 0 && !options.rehearsal && rehearsed(made) && made.every((round) => round.rehearsal === 1)
      ? (await databaseMarkedAt(db, "production")) !== null
      : false;
  if (made.length > 0 && !replaced) {
    const month = drawMonth(draw.draw_at);
    throw new DrawRefused(
      rehearsed(made)
        ? `el sorteo de ${month} ya se hizo como ensayo: para hacerlo de verdad, descartá el ensayo con \`npm run draw -- discard ${month}\``
        : `el sorteo de ${month} ya se hizo: mirá \`npm run draw -- status\``,
    );
  }
  const frozen = draw.list_hash === null ? await freezeDraw(db, draw, loadEntries, now, options.onFrozen) : draw;
  return recordRound(db, frozen, [], options, async (trx) => {
    if (replaced) await trx.deleteFrom("draw_rounds").where("draw_at", "=", draw.draw_at).execute();
    await ensureUpcoming(trx, now);
  });
}

/**
 * The next round of an unclaimed prize, each on its own calendar: the month named, or the one
 * redraw due when only one is (refused, naming them, when several are). Refused until the claim
 * period of the round before has ended (30 days per round from the draw instant).
 */
export async function redraw(db: Kysely<Tables>, month: string | null, options: DrawOptions): Promise<DrawRecord> {
  const { now } = options;
  if (options.rehearsal) await refuseRehearsal(db);
  const drawn = (await drawRecords(db)).filter(({ rounds }) => rounds.length > 0);
  if (drawn.length === 0) throw new DrawRefused("todavía no se hizo ningún sorteo: primero `npm run draw -- run`");
  let target: DrawRecord<DrawSummary>;
  if (month !== null) {
    const named = drawn.find(({ draw }) => drawMonth(draw.draw_at) === month);
    if (!named) throw new DrawRefused(`no se hizo ningún sorteo en ${month}: mirá \`npm run draw -- status\``);
    const why = notRedrawable(named, now);
    if (why) throw new DrawRefused(why);
    target = named;
  } else {
    const due = drawn.filter((record) => notRedrawable(record, now) === null);
    if (due.length > 1) {
      const months = due.map(({ draw }) => drawMonth(draw.draw_at)).join(", ");
      throw new DrawRefused(
        `hay más de un resorteo pendiente (${months}): decí cuál con \`npm run draw -- redraw <AAAA-MM>\``,
      );
    }
    if (due.length === 0) {
      const next = drawn
        .map((record) => ({ record, calendar: prizeCalendar(record) }))
        .filter(({ calendar }) => calendar.kind === "claimable")
        .sort((a, b) => (a.calendar as { until: number }).until - (b.calendar as { until: number }).until)[0];
      throw new DrawRefused(
        next
          ? notRedrawable(next.record, now)!
          : "no hay ningún premio sin reclamar para resortear: mirá `npm run draw -- status`",
      );
    }
    target = due[0]!;
  }
  if (rehearsed(target.rounds) !== options.rehearsal) {
    const targetMonth = drawMonth(target.draw.draw_at);
    throw new DrawRefused(
      options.rehearsal
        ? `el sorteo de ${targetMonth} es real: un ensayo no lo resortea`
        : `el sorteo de ${targetMonth} fue un ensayo: se resortea solo con su clave de ensayo, o se descarta con \`npm run draw -- discard ${targetMonth}\``,
    );
  }
  const draw = await db
    .selectFrom("draws")
    .selectAll()
    .where("draw_at", "=", target.draw.draw_at)
    .executeTakeFirstOrThrow();
  return recordRound(db, draw, target.rounds, options, async () => undefined);
}

async function recordRound(
  db: Kysely<Tables>,
  draw: DrawRow,
  earlier: DrawRoundRow[],
  { beaconFor, now, onRecorded, listWitnesses }: DrawOptions,
  alsoInTransaction: (trx: Kysely<Tables>) => Promise<unknown>,
): Promise<DrawRecord> {
  const ids = parseEntryList(draw.list_text ?? "", idRuleOf(draw), idPatternOfDraw(draw));
  if (ids === null || draw.list_hash === null) throw new Error("A frozen draw's stored list is not a canonical list");
  const names = JSON.parse(draw.list_names ?? "[]") as string[];
  const countries = JSON.parse(draw.list_countries ?? "[]") as string[];
  const taken = new Set(earlier.map((round) => round.winner_id));
  const remaining = ids.filter((id) => !taken.has(id));
  if (remaining.length === 0) {
    throw new DrawRefused(`todas las participaciones del sorteo de ${drawMonth(draw.draw_at)} ya ganaron una ronda`);
  }
  const round = earlier.length;
  // The round the rule names, never another (docs/draw.md, "The order, proven").
  const drandRound = beaconRound(new Date(draw.draw_at), round);
  const witnesses = await listWitnesses(draw);
  // Before the round is out the value is refused first (it does not exist); after it, a list
  // without its two seals from before it means the day had no draw.
  if (now >= quicknetRoundTime(beaconRound(new Date(draw.draw_at), 0)) && !witnesses.inTime) {
    refuseUnwitnessed(draw, witnesses);
  }
  const beacon = await beaconFor(drandRound);
  if (!witnesses.inTime) refuseUnwitnessed(draw, witnesses);
  if (!isBeaconValue(beacon.randomness)) throw new Error("A checked beacon's randomness is not hex");
  const { index, attempts } = await winnerIndex({
    rule: ruleOf(draw),
    seed: draw.seed || null,
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
  // The earlier rounds' winners told: a redraw's record still says when they were.
  const told = await db
    .selectFrom("winner_notices")
    .select(["round", "told_at", "reminded_at"])
    .where("draw_at", "=", draw.draw_at)
    .orderBy("told_at")
    .execute();
  const record: DrawRecord = { draw, rounds: [...earlier, row], witnesses: witnesses.rows, told };
  try {
    await db.transaction().execute(async (trx) => {
      // First: a rehearsal the run replaces goes before its round 0 is written.
      await alsoInTransaction(trx);
      await trx.insertInto("draw_rounds").values(row).execute();
      await onRecorded(trx, record);
    });
  } catch (error) {
    if (isDuplicateKey(error)) {
      throw new DrawRefused(
        `otra ejecución registró mientras tanto la ronda ${round} del sorteo de ${drawMonth(draw.draw_at)}`,
      );
    }
    throw error;
  }
  return record;
}
