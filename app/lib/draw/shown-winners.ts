import { formatArgentinaDate, formatDrawMonth } from "./countdown";
import { drawAnchor, type DrawVerdict, type ShownDraw } from "./published-draw";

/**
 * A recorded draw's winner as the home carousel and /sorteos show it (docs/product.md,
 * "Winners"): the latest round's, since an earlier round's winner never claimed the prize
 * (docs/decisions/051-real-winners-and-marked-examples.md).
 */
export interface DrawnWinner {
  /** The draw instant (ISO 8601): one card per draw. */
  drawAt: string;
  /** First name and surname initial only. */
  name: string;
  /** As the sheet gave it; null on a draw recorded before countries were kept. */
  country: string | null;
  /** "diciembre de 2026". */
  month: string;
  /** 0 for the draw, r for the r-th redraw. */
  round: number;
  /** The record on /sorteos, where anyone can check the draw. */
  recordHref: string;
  /** "15/12/2026" (Argentina) once the prize was delivered, else null. */
  deliveredOn: string | null;
  /**
   * Why the card promises no prize: drawn among the sample sheet's example entries, or on a
   * rehearsal key's value instead of drand's. Null for a draw recorded as real.
   */
  notReal: "sample" | "rehearsal" | null;
  /**
   * What the card's badge says: "Sorteo verificado" only for the server's verdict `verified`,
   * else what the record is (docs/decisions/057-the-verified-badge-is-a-check.md).
   */
  mark: DrawVerdict;
}

function deliveredOn(draw: ShownDraw): string | null {
  if (draw.claimSealedAt !== null) return formatArgentinaDate(draw.claimSealedAt);
  return draw.rule === "opinionlabz-draw-v1" && draw.claimedAt !== null ? formatArgentinaDate(draw.claimedAt) : null;
}

/** Each recorded draw's winner, newest first, as `draws` is ordered. */
export function drawnWinners(draws: readonly ShownDraw[]): DrawnWinner[] {
  return draws.flatMap((draw) => {
    const round = draw.rounds.length - 1;
    const winner = draw.rounds[round];
    if (!winner) return [];
    return [
      {
        drawAt: draw.drawAt,
        name: winner.winnerName,
        country: winner.winnerCountry,
        month: formatDrawMonth(draw.drawAt),
        round,
        recordHref: `/sorteos#${drawAnchor(draw.drawAt)}`,
        // The claim's own first seal, never the database's column (docs/draw.md, "The order,
        // proven"); a record of rule v1, whose claims were never sealed, keeps its recorded day.
        deliveredOn: deliveredOn(draw),
        notReal: draw.sample ? "sample" : winner.rehearsal ? "rehearsal" : null,
        mark: draw.verdict,
      },
    ];
  });
}

/** The examples that may fill the places real winners leave: none once there are enough real ones. */
export function examplesToFill<Example>(examples: readonly Example[], real: number, places: number): Example[] {
  return examples.slice(0, Math.max(0, places - real));
}
