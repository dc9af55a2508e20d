import type { Kysely } from "kysely";
import { formatArgentinaInstant } from "~/lib/draw/countdown";
import type { PendingDraw } from "~/lib/draw/published-draw";
import { quicknetRoundTime } from "~/lib/draw/quicknet-rounds";
import { drawsForStatus } from "~/lib/draw-records/status-draws.server";
import { witnessConfig } from "~/lib/draw-records/witnesses.server";
import type { Tables } from "~/lib/storage/schema";
import { elapsed, listed } from "~/lib/ui/wording";

/**
 * The draw's part of `npm run status` (docs/operations.md, "Draw day"): the draw under way and
 * its list's seals, a day with no draw, and what of them needs the organizer.
 */

const DAY_MS = 24 * 60 * 60_000;
/** The list's seals arrive within seconds of the freeze; past this, one missing is news on draw day. */
const LIST_SEAL_LATE_MS = 2 * 60_000;
const when = (ms: number) => formatArgentinaInstant(new Date(ms).toISOString());

/**
 * The draw under way: its instant, its list's freeze, the drand round that draws it and the
 * authorities whose seal of its list is missing.
 */
export interface DrawWitnessing {
  drawAt: number;
  frozenAt: number | null;
  /** When drand publishes the round that draws it. */
  roundAt: number;
  authorities: string[];
  missing: string[];
}

/** A day with no draw, and the draw its entries went to. */
export interface MissedDay {
  drawAt: number;
  reason: "not-frozen" | "not-sealed";
  nextDrawAt: number;
}

/** What the draw records say of the draw under way and of a day with no draw in the last 24 hours, as the pages read them. */
export async function drawsNow(
  db: Kysely<Tables>,
  now: number,
): Promise<{ draw: DrawWitnessing | null; missedDraw: MissedDay | null }> {
  const { snapshot, upcoming, missed } = await drawsForStatus(db, now);
  const lastMissed = missed.find((day) => now - Date.parse(day.drawAt) < DAY_MS);
  const underWay = (pending: PendingDraw): DrawWitnessing => {
    const drawAt = Date.parse(pending.drawAt);
    return {
      drawAt,
      frozenAt: snapshot.records.find(({ draw }) => draw.draw_at === drawAt)?.draw.frozen_at ?? null,
      roundAt: quicknetRoundTime(pending.beaconRound),
      authorities: [...witnessConfig().authorities],
      missing: pending.awaited,
    };
  };
  return {
    draw: upcoming ? underWay(upcoming) : null,
    missedDraw: lastMissed
      ? {
          drawAt: Date.parse(lastMissed.drawAt),
          reason: lastMissed.reason,
          nextDrawAt: Date.parse(lastMissed.nextDrawAt),
        }
      : null,
  };
}

/** What the draw records need the organizer for: a seal missing, a list never frozen, a day with no draw. */
export function drawAttention(draw: DrawWitnessing | null, missed: MissedDay | null, now: number): string[] {
  const lines: string[] = [];
  if (missed) {
    lines.push(
      `No hubo sorteo el ${when(missed.drawAt)}: su lista ${missed.reason === "not-frozen" ? "nunca se congeló" : "no tuvo los sellos de dos autoridades"} antes de la ronda, y sus participaciones pasan al sorteo del ${when(missed.nextDrawAt)}. Corré npm run draw -- status y mirá docs/operations.md, "The witnesses".`,
    );
  }
  if (!draw) return lines;
  const day = when(draw.drawAt);
  const round = when(draw.roundAt);
  // docs/draw.md, "The order, proven": without both seals before the round, no draw that day.
  const stakes = `si no llegan los sellos de las dos autoridades antes de la ronda de drand del ${round}, ese día no hay sorteo y sus participaciones pasan al siguiente`;
  if (draw.drawAt <= now && draw.frozenAt === null && now - draw.drawAt > LIST_SEAL_LATE_MS) {
    lines.push(
      `La lista del sorteo del ${day} no se congeló: ningún servidor corría a esa hora; ${stakes}. Arrancá un servidor, corré npm run draw -- status y mirá docs/operations.md, "Draw day".`,
    );
  }
  if (draw.frozenAt !== null && draw.missing.length > 0 && now - draw.frozenAt > LIST_SEAL_LATE_MS) {
    const none = draw.missing.length === draw.authorities.length;
    lines.push(
      `${none ? "Ninguna autoridad selló" : `Falta el sello de ${listed(draw.missing)} sobre`} la lista del sorteo del ${day}, congelada hace ${elapsed(Math.round((now - draw.frozenAt) / 1000))}${now < draw.roundAt ? `; ${stakes}` : ""}: revisá los "draw.witness_retry" del log (docs/operations.md, "The witnesses").`,
    );
  }
  return lines;
}

/** The draw under way and its list's seals; `draw -- status` says it in full. */
export function describeDraw(draw: DrawWitnessing | null): string[] {
  if (!draw) return ["Próximo sorteo: ninguno registrado (el servidor lo registra al arrancar)."];
  return [
    `Próximo sorteo: ${when(draw.drawAt)} (hora de Argentina)`,
    draw.frozenAt === null
      ? "  Lista: todavía sin congelar."
      : `  Lista: congelada el ${when(draw.frozenAt)}; sellos: ${draw.missing.length === 0 ? "todos" : `falta ${listed(draw.missing)}`}.`,
  ];
}
