/**
 * Which drand quicknet round draws a month, and when it is emitted: arithmetic on the chain's
 * clock alone, apart from the draw's rule (verifiable-draw.ts), so the pages that only tell the
 * time (the draw of the day) do not load the rule.
 */

/** drand's quicknet chain (docs/draw.md, "The public value"): round 1 at genesis, then one every period. */
const QUICKNET_GENESIS_S = 1_692_803_367;
const QUICKNET_PERIOD_S = 3;
/** Room for the freeze to finish and its hash to be published before the round exists. */
const BEACON_DELAY_MS = 30 * 60 * 1000;
/** A prize unclaimed for 30 days is redrawn: redraw r is fixed from the end of the r-th claim period. */
const CLAIM_PERIOD_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * The drand quicknet round whose `randomness` a draw's round must use, fixed by rule so no
 * one picks it after seeing values: the first round emitted at or after the draw instant
 * plus 30 minutes, or, for redraw r, plus r times 30 days as well. Never another: a draw
 * whose list was not witnessed before its round has no draw that day
 * (docs/decisions/086-one-round-never-moved.md).
 */
export function beaconRound(drawAt: Date, round: number): number {
  return firstRoundFrom(drawAt.getTime() + round * CLAIM_PERIOD_MS + BEACON_DELAY_MS);
}

/** When quicknet emits `round`, epoch ms: status prints it so ops know when to fetch the value. */
export function quicknetRoundTime(round: number): number {
  return (QUICKNET_GENESIS_S + QUICKNET_PERIOD_S * (round - 1)) * 1000;
}

/** The first quicknet round emitted at or after `ms`. */
function firstRoundFrom(ms: number): number {
  return Math.ceil((ms / 1000 - QUICKNET_GENESIS_S) / QUICKNET_PERIOD_S) + 1;
}
