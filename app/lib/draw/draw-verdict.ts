import { checkPublishedDraw, type Check } from "./draw-checks";
import type { ListDownload } from "./published-files";
import type { DrawVerdict, PublishedDraw } from "./published-draw";
import type { WitnessVerdict } from "./witness-checks";

/**
 * What the witnesses' check found on a record (docs/draw.md, "Checking a draw"): no authority
 * stamped it (a record of rule v1 made before witnesses were asked), or each statement's and
 * token's check. The witnesses' module provides it; the verdict below only reads it.
 */
export type WitnessFindings = { stamped: false } | ({ stamped: true } & WitnessVerdict);

/**
 * The server's verdict on one record (the "Sorteo verificado" badge, home and /sorteos): the
 * same steps as "Verificalo vos" over the list as stored, and the witnesses' findings against
 * the same public roots. A flag can only lower it: a round marked as a rehearsal is a rehearsal,
 * and a real-looking round is drand's only if its signature verifies against quicknet's key (a
 * constant of the code), so a rehearsal whose flag was cleared in the database says "mismatch",
 * never "verified". The checks that failed come with it, for the organizer's `status`.
 */
export async function drawVerdict(
  draw: PublishedDraw,
  list: ListDownload,
  witnesses: WitnessFindings,
): Promise<{ verdict: DrawVerdict; failed: Check[] }> {
  if (draw.sample) return { verdict: "sample", failed: [] };
  if (draw.rounds.some((round) => round.rehearsal)) return { verdict: "rehearsal", failed: [] };
  const checks = await checkPublishedDraw(draw, list, witnesses.stamped ? witnesses : null);
  const failed = checks.filter((check) => !check.ok);
  if (failed.length > 0) return { verdict: "mismatch", failed };
  return { verdict: witnesses.stamped ? "verified" : "unwitnessed", failed: [] };
}
