import { argentinaDay } from "./entry-window";
import { drawAnchor, type DrawVerdict, type MissedDraw, type PendingDraw, type ShownDraw } from "./published-draw";
import { quicknetRoundTime } from "./quicknet-rounds";

/**
 * Draw day as the top of /sorteos and the home page's draw card tell it (docs/product.md, "Draw
 * day"): from the freeze to the result, the frozen list, whether its seals came in time, and when
 * and from which drand round the result comes; after the result, the winner, for a week; a day
 * with no draw, said plainly, for a week. Worked out from what the pages already receive (the
 * draw under way, the drawn months, the days with no draw); null on any other day.
 */

/** A winner leads the top of the pages for the week after the draw; then the next draw does again. */
const WINNER_LEADS_MS = 7 * 24 * 60 * 60 * 1000;

/** The draw of the day, once its list is frozen. */
export interface TodayDraw {
  /** The draw instant (ISO 8601). */
  drawAt: string;
  entryCount: number;
  listHash: string;
  /** The frozen ids list, plain text (absolute URL). */
  listUrl: string;
  /** The drand quicknet round the result comes (or came) from, fixed by rule. */
  beaconRound: number;
  /** When drand publishes that round (ISO 8601). */
  beaconAt: string;
  /** Where /sorteos shows its values and the check ("proximo-sorteo" before the result, else the record's). */
  checkAnchor: string;
  /** Frozen from the bundled sample sheet: its entries are examples. */
  sample: boolean;
  /** Its list sealed by two independent authorities before the round: the result will come. */
  witnessed: boolean;
}

export interface TodayWinner {
  /** First name and surname initial only. */
  name: string;
  id: string;
  country: string | null;
  /** The server's verdict on the record: the badge beside the name. */
  mark: DrawVerdict;
}

/** A day with no draw: its round, why, and the draw its entries go to. */
export interface TodayMissed {
  drawAt: string;
  beaconRound: number;
  beaconAt: string;
  reason: MissedDraw["reason"];
  /** The next draw, which takes its entries (ISO 8601). */
  nextDrawAt: string;
}

export type DrawDay =
  | { state: "frozen"; draw: TodayDraw }
  | { state: "drawn"; draw: TodayDraw; winner: TodayWinner }
  | { state: "missed"; missed: TodayMissed };

/** The anchor of the upcoming draw's values under "Verificalo vos". */
export const UPCOMING_ANCHOR = "proximo-sorteo";

const beaconAt = (round: number) => new Date(quicknetRoundTime(round)).toISOString();

/**
 * The draw of the day at `now`: the draw under way once its list is frozen (until it is drawn),
 * else the latest of the drawn months and the days with no draw, for a week after its instant;
 * null otherwise.
 */
export function drawDayOf(
  upcoming: PendingDraw | null,
  drawn: readonly ShownDraw[],
  missed: readonly MissedDraw[],
  now: number,
): DrawDay | null {
  if (upcoming?.frozen && Date.parse(upcoming.drawAt) <= now) {
    const { entryCount, listHash, listUrl, sample, witnessed } = upcoming.frozen;
    return {
      state: "frozen",
      draw: {
        drawAt: upcoming.drawAt,
        entryCount,
        listHash,
        listUrl,
        beaconRound: upcoming.beaconRound,
        beaconAt: beaconAt(upcoming.beaconRound),
        checkAnchor: UPCOMING_ANCHOR,
        sample,
        witnessed,
      },
    };
  }
  const latest = drawn[0];
  const lastMissed = missed[0];
  if (lastMissed && (!latest || lastMissed.drawAt > latest.drawAt)) {
    if (now - Date.parse(lastMissed.drawAt) >= WINNER_LEADS_MS) return null;
    const { drawAt, beaconRound, beaconAt: roundAt, reason, nextDrawAt } = lastMissed;
    return { state: "missed", missed: { drawAt, beaconRound, beaconAt: roundAt, reason, nextDrawAt } };
  }
  const winner = latest?.rounds.at(-1);
  if (!latest || !winner || now - Date.parse(latest.drawAt) >= WINNER_LEADS_MS) return null;
  return {
    state: "drawn",
    draw: {
      drawAt: latest.drawAt,
      entryCount: latest.entryCount,
      listHash: latest.listHash,
      listUrl: latest.listUrl,
      beaconRound: winner.drandRound,
      beaconAt: beaconAt(winner.drandRound),
      checkAnchor: drawAnchor(latest.drawAt),
      sample: latest.sample,
      witnessed: true,
    },
    winner: { name: winner.winnerName, id: winner.winnerId, country: winner.winnerCountry, mark: latest.verdict },
  };
}

/** Whether the draw at `drawAt` is today in Argentina, as of `now`: "Sorteo de hoy" or "Sorteo del 7/12/2026". */
export function isToday(drawAt: string, now: number): boolean {
  return argentinaDay(Date.parse(drawAt)) === argentinaDay(now);
}
