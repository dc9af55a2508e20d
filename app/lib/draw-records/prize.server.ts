import type { Kysely } from "kysely";
import { beaconRound } from "~/lib/draw/quicknet-rounds";
import type { Tables } from "~/lib/storage/schema";
import { drawMonth, spokenInstant } from "./command-text";
import { DrawRefused } from "./draw-refused";
import { drawRecords, type DrawRecord, type DrawRoundRow, type DrawSummary } from "./stored-draws.server";

/**
 * A drawn month's prize after the draw: its calendar (until when each winner may claim, when
 * the next redraw is due), the delivery recorded, and a rehearsal discarded.
 */

/**
 * A prize unclaimed for 30 days is redrawn (docs/draw.md, "Commit, freeze, reveal"): every
 * period counts from one instant, the draw's, so round r's winner may claim until the draw
 * instant + (r + 1) × 30 days, and redraw r + 1 is allowed from then, with the drand round the
 * rule names for that instant.
 */
export const CLAIM_PERIOD_MS = 30 * 24 * 60 * 60 * 1000;

/** Whether any of the rounds was drawn on a rehearsal key's value. */
export const rehearsed = (rounds: readonly DrawRoundRow[]) => rounds.some((round) => round.rehearsal === 1);

/** What comes next for a drawn record's prize, by its own calendar (docs/draw.md, "Commit, freeze, reveal"). */
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
    until: draw.draw_at + rounds.length * CLAIM_PERIOD_MS,
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
      return `el premio del sorteo de ${month} se entregó el ${spokenInstant(calendar.at)}: no hay nada que resortear`;
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
 * `npm run draw -- claimed <YYYY-MM>`: the prize of that month's draw was delivered to its
 * latest round's winner. Once only; a draw not made yet, claimed already, made on a rehearsal
 * key or among the sample sheet's examples (no prize to deliver) is refused.
 */
export async function recordClaim(db: Kysely<Tables>, month: string, now: number): Promise<DrawRecord<DrawSummary>> {
  const record = await drawnIn(db, month);
  if (record.draw.erased_at !== null) {
    throw new DrawRefused(`el sorteo de ${month} tiene más de 12 meses: su registro se borró`);
  }
  if (rehearsed(record.rounds)) {
    throw new DrawRefused(
      `el sorteo de ${month} fue un ensayo: no hay premio que entregar (para descartarlo: \`npm run draw -- discard ${month}\`)`,
    );
  }
  if (record.draw.from_sample === 1) {
    throw new DrawRefused(
      `el sorteo de ${month} se hizo con la planilla de ejemplo, no con participantes reales: no hay premio que entregar`,
    );
  }
  const alreadyOn = (at: number) =>
    new DrawRefused(`el premio de ${month} ya está registrado como entregado el ${spokenInstant(at)}`);
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

/**
 * `npm run draw -- discard <YYYY-MM>`: removes that month's rehearsal (its rounds, all drawn on a
 * rehearsal key), so a mistaken rehearsal never uses up a month: the draw keeps its commitment
 * and frozen list, and `run` draws it again. A round drawn on drand's value is never removed:
 * the whole discard is refused. Returns the rounds removed.
 */
export async function discardRehearsal(db: Kysely<Tables>, month: string): Promise<DrawRoundRow[]> {
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
    await trx.updateTable("draws").set({ claimed_at: null }).where("draw_at", "=", record.draw.draw_at).execute();
  });
  return record.rounds;
}
