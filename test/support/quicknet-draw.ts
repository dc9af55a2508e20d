import type { Kysely } from "kysely";
import type { Tables } from "~/lib/storage/schema";

/**
 * A thousand-entry draw (the list and seed of docs/draw.md's vectors) made on Monday 5 August
 * 2024 at 12:00 in Argentina, on a real quicknet round as drand's relays publish it. No witness
 * sealed its list before the rule's round (10,022,812, out at 15:30:00 UTC); the first did at
 * 16:06:26 UTC, so the order rule of its day moved the draw to the first round out 30 minutes
 * after: 10,024,141, at 16:36:27. No round but the rule's counts now (docs/decisions/086-one-round-never-moved.md):
 * its check says so by name.
 */
export const QUICKNET_DRAW = {
  drawAt: "2024-08-05T15:00:00.000Z",
  ids: Array.from({ length: 1000 }, (_, i) => `OL-${25001 + i}`),
  listHash: "c3a836a20f59816419231c6277818fe27a6c587b39e094a05f3e24530dcf421d",
  seed: "6ce0cbaf6bed9d7bd71c3d0cb3231542ef1d8591b61f691352ed528f59f30f3e",
  commitment: "aae215c9576f7498e30b09b13a611a86aff065915b64853937963a357473e90c",
  committedAt: "2024-07-01T15:00:03.000Z",
  round: {
    drandRound: 10_024_141,
    signature: "8c87caf26bb4f5e9fdfad5ddf739ff8683344f8cf04a8c381225ff067557b5d9d51937eed765fcef21971bf5ddef44bb",
    beacon: "08622adf60800b20ad45b39792a6fe32cb4bf428925550921b01ac3843e714e6",
    winnerId: "OL-25489",
  },
} as const;

/** The list's text as frozen: one id per line, each line ended. */
export const QUICKNET_LIST = QUICKNET_DRAW.ids.map((id) => `${id}\n`).join("");

/** The real round-1000 draw, recorded as the run records one (at another instant, given `drawAt`). */
export async function recordQuicknetDraw(db: Kysely<Tables>, drawAt = Date.parse(QUICKNET_DRAW.drawAt)): Promise<void> {
  await db
    .insertInto("draws")
    .values({
      draw_at: drawAt,
      seed: QUICKNET_DRAW.seed,
      commitment: QUICKNET_DRAW.commitment,
      committed_at: Date.parse(QUICKNET_DRAW.committedAt),
      frozen_at: drawAt,
      list_text: QUICKNET_LIST,
      list_hash: QUICKNET_DRAW.listHash,
      entry_count: 1000,
      list_names: JSON.stringify(QUICKNET_DRAW.ids.map(() => "Valentina R.")),
      list_countries: JSON.stringify(QUICKNET_DRAW.ids.map(() => "Argentina")),
      from_sample: 0,
      outside_window: 0,
      unreadable_dates: 0,
    })
    .execute();
  await db
    .insertInto("draw_rounds")
    .values({
      draw_at: drawAt,
      round: 0,
      beacon_round: QUICKNET_DRAW.round.drandRound,
      beacon: QUICKNET_DRAW.round.beacon,
      beacon_signature: QUICKNET_DRAW.round.signature,
      rehearsal: 0,
      winner_index: 644,
      attempts: 1,
      winner_id: QUICKNET_DRAW.round.winnerId,
      winner_name: "Valentina R.",
      winner_country: "Argentina",
      drawn_at: drawAt + 31 * 60_000,
    })
    .execute();
}
