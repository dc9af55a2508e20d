import type { Kysely } from "kysely";
import { beaconRound, quicknetRoundTime } from "~/lib/draw/quicknet-rounds";
import { WITNESSES_NEEDED } from "~/lib/draw/witness-checks";
import { claimStatement } from "~/lib/draw/witness-statement";
import type { Tables } from "~/lib/storage/schema";
import { drawMonth, spokenInstant } from "./command-text";
import { DrawRefused } from "./draw-refused";
import { refuseProductionDatabase } from "./rehearsal-guard.server";
import { drawRecords, ruleOf, type DrawRecord, type DrawRoundRow, type DrawSummary } from "./stored-draws.server";
import { validWitnesses, witnessConfig, witnessedBefore, type WitnessConfig } from "./witnesses.server";

/**
 * A drawn month's prize after the draw: its calendar (until when each winner may claim, when
 * the next redraw is due), the delivery recorded, and a rehearsal discarded.
 */

/**
 * A prize unclaimed for 30 days is redrawn (docs/draw.md, "Freeze, seal, draw"): every
 * period counts from one instant, the draw's, so round r's winner may claim until the draw
 * instant + (r + 1) × 30 days, and redraw r + 1 is allowed from then, with the drand round the
 * rule names for that instant.
 */
const CLAIM_PERIOD_MS = 30 * 24 * 60 * 60 * 1000;

/** Until when round `round`'s winner may claim, as `status` says it and the winner's mail does. */
export const claimUntil = (drawAt: number, round: number) => drawAt + (round + 1) * CLAIM_PERIOD_MS;

/** Whether any of the rounds was drawn on a rehearsal key's value. */
export const rehearsed = (rounds: readonly DrawRoundRow[]) => rounds.some((round) => round.rehearsal === 1);

/** What comes next for a drawn record's prize, by its own calendar (docs/draw.md, "Freeze, seal, draw"). */
export type PrizeCalendar =
  | { kind: "delivered"; at: number }
  | { kind: "erased" }
  /** Every entry has won a round: there is no one left to redraw among. */
  | { kind: "exhausted" }
  /** The latest winner may claim until `until`; from then on, redraw `round` on drand round `drandRound`. */
  | { kind: "claimable"; until: number; round: number; drandRound: number };

/** The calendar of one drawn record: `status` prints it and `redraw` follows it, so the two always agree. */
export function prizeCalendar({ draw, rounds }: DrawRecord<DrawSummary>): PrizeCalendar {
  if (draw.claimed_at !== null) return { kind: "delivered", at: draw.claimed_at };
  if (draw.erased_at !== null) return { kind: "erased" };
  if (rounds.length >= (draw.entry_count ?? 0)) return { kind: "exhausted" };
  return {
    kind: "claimable",
    until: claimUntil(draw.draw_at, rounds.length - 1),
    round: rounds.length,
    drandRound: beaconRound(new Date(draw.draw_at), rounds.length),
  };
}

/** Why a drawn record is not to be redrawn now, or null when it is. */
export function notRedrawable(record: DrawRecord<DrawSummary>, now: number): string | null {
  const month = drawMonth(record.draw.draw_at);
  const calendar = prizeCalendar(record);
  switch (calendar.kind) {
    case "delivered":
      return `el premio del sorteo de ${month} se reclamó el ${spokenInstant(calendar.at)}: no hay nada que resortear`;
    case "erased":
      return `el sorteo de ${month} tiene más de 12 meses: su lista se borró`;
    case "exhausted":
      return `todas las participaciones del sorteo de ${month} ya ganaron una ronda`;
    case "claimable":
      return now < calendar.until
        ? `el resorteo ${calendar.round} del sorteo de ${month} se puede hacer desde el ${spokenInstant(calendar.until)}, cuando se cumplen los 30 días sin reclamo`
        : null;
  }
}

/** The drawn record of `month` ("2026-12"), or a refusal naming the month. */
async function drawnIn(db: Kysely<Tables>, month: string): Promise<DrawRecord<DrawSummary>> {
  const record = (await drawRecords(db)).find(
    ({ draw, rounds }) => rounds.length > 0 && drawMonth(draw.draw_at) === month,
  );
  if (!record) throw new DrawRefused(`no se hizo ningún sorteo en ${month}: mirá \`npm run draw -- status\``);
  return record;
}

/**
 * Why `record`'s prize cannot be claimed at all, or null: erased after 12 months, drawn on a
 * rehearsal key or among the sample sheet's examples (no prize to deliver), or claimed already.
 * `recordClaim` and `tell-winner` refuse alike.
 */
export function noPrizeToClaim({ draw, rounds }: DrawRecord<DrawSummary>, month: string): string | null {
  if (draw.erased_at !== null) return `el sorteo de ${month} tiene más de 12 meses: su registro se borró`;
  if (rehearsed(rounds)) {
    return `el sorteo de ${month} fue un ensayo: no hay premio que entregar (para descartarlo: \`npm run draw -- discard ${month}\`)`;
  }
  if (draw.from_sample === 1) {
    return `el sorteo de ${month} se hizo con la planilla de ejemplo, no con participantes reales: no hay premio que entregar`;
  }
  if (draw.claimed_at !== null) {
    return `el premio de ${month} ya está registrado como reclamado el ${spokenInstant(draw.claimed_at)}`;
  }
  return null;
}

/** When the redraw after round `round` of the draw at `drawAt` is drawn: a claim must be sealed before it. */
export function claimDeadline(drawAt: number, round: number): number {
  return quicknetRoundTime(beaconRound(new Date(drawAt), round + 1));
}

/**
 * The prize of `month`'s draw claimed by its latest round's winner (`npm run draw -- claimed`,
 * and issue 42's link the winner follows): writes the claim statement for the authorities to seal
 * (docs/draw.md, "Witnesses"). It counts only once two independent authorities have sealed it
 * before the next redraw's round (`settleClaim`). Refused from that round on (the redraw stands),
 * and for a draw not made yet, claimed already, made on a rehearsal key or among the sample
 * sheet's examples (no prize to deliver). Returns the record and the statement to seal.
 */
export async function recordClaim(
  db: Kysely<Tables>,
  month: string,
  now: number,
): Promise<{ record: DrawRecord<DrawSummary>; statement: string; deadline: number }> {
  const record = await drawnIn(db, month);
  const { draw, rounds } = record;
  const refusal = noPrizeToClaim(record, month);
  if (refusal !== null) throw new DrawRefused(refusal);
  const round = rounds.length - 1;
  const redrawRound = beaconRound(new Date(draw.draw_at), round + 1);
  const deadline = claimDeadline(draw.draw_at, round);
  if (now >= deadline) {
    throw new DrawRefused(
      `drand ya publicó la ronda ${redrawRound} del resorteo ${round + 1} (el ${spokenInstant(deadline)}): un reclamo sellado ahora no cuenta y el resorteo vale. Hacelo con \`npm run draw -- redraw ${month}\``,
    );
  }
  const statement = claimStatement({
    drawAt: new Date(draw.draw_at).toISOString(),
    rule: ruleOf(draw),
    listHash: draw.list_hash ?? "",
    round,
    winnerId: rounds[round]!.winner_id,
    redrawRound,
  });
  await db.transaction().execute(async (trx) => {
    // A claim of an earlier round that never counted gives way to this round's, with its seals.
    if (draw.claim_round !== null && draw.claim_round !== round) {
      await trx
        .deleteFrom("draw_witnesses")
        .where("draw_at", "=", draw.draw_at)
        .where("statement", "=", "claim")
        .execute();
    }
    await trx
      .updateTable("draws")
      .set({ claim_statement: statement, claim_round: round })
      .where("draw_at", "=", draw.draw_at)
      .where("claimed_at", "is", null)
      .execute();
  });
  return { record, statement, deadline };
}

/**
 * Whether `drawAt`'s claim counts now: two independent authorities sealed its statement before
 * the next redraw's round. When it does, the record says so (`claimed_at`, its first seal's
 * instant), and no redraw follows; the seals are checked today, never the column's word.
 */
export async function settleClaim(
  db: Kysely<Tables>,
  drawAt: number,
  config: WitnessConfig = witnessConfig(),
): Promise<number | null> {
  const draw = await db.selectFrom("draws").selectAll().where("draw_at", "=", drawAt).executeTakeFirstOrThrow();
  if (draw.claimed_at !== null) return Number(draw.claimed_at);
  if (draw.claim_statement === null || draw.claim_round === null) return null;
  const rounds = await db.selectFrom("draw_rounds").select("round").where("draw_at", "=", drawAt).execute();
  // A redraw drawn since the claim was written: the claim came too late, the redraw stands.
  if (rounds.length !== draw.claim_round + 1) return null;
  const { valid } = await validWitnesses(db, draw, "claim", config);
  const deadline = claimDeadline(drawAt, draw.claim_round);
  if (!witnessedBefore(valid, deadline, WITNESSES_NEEDED)) return null;
  const sealedAt = Math.min(...valid.filter((seal) => seal.latestAt < deadline).map((seal) => seal.stampedAt));
  await db
    .updateTable("draws")
    .set({ claimed_at: sealedAt })
    .where("draw_at", "=", drawAt)
    .where("claimed_at", "is", null)
    .execute();
  return sealedAt;
}

/**
 * `npm run draw -- discard <YYYY-MM>`: removes that month's rehearsal (its rounds, all drawn on a
 * rehearsal key), so a mistaken rehearsal never uses up a month: the draw keeps its frozen,
 * sealed list, and `run` draws it again. A round drawn on drand's value is never removed:
 * the whole discard is refused. Returns the rounds removed.
 */
export async function discardRehearsal(db: Kysely<Tables>, month: string): Promise<DrawRoundRow[]> {
  await refuseProductionDatabase(db);
  const record = await drawnIn(db, month);
  if (record.rounds.some((round) => round.rehearsal !== 1)) {
    throw new DrawRefused(`el sorteo de ${month} no es un ensayo: un sorteo hecho con drand nunca se descarta`);
  }
  await db.transaction().execute(async (trx) => {
    // Only rehearsal rounds, even if one was drawn on drand's value meanwhile: that one stays.
    const removed = await trx
      .deleteFrom("draw_rounds")
      .where("draw_at", "=", record.draw.draw_at)
      .where("rehearsal", "=", 1)
      .executeTakeFirst();
    if (Number(removed.numDeletedRows) !== record.rounds.length) {
      throw new DrawRefused(
        `el sorteo de ${month} cambió mientras tanto: mirá \`npm run draw -- status\` y volvé a probar`,
      );
    }
    await trx
      .updateTable("draws")
      .set({ claimed_at: null, claim_statement: null, claim_round: null })
      .where("draw_at", "=", record.draw.draw_at)
      .execute();
  });
  return record.rounds;
}
