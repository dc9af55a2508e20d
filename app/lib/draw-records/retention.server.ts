import type { Kysely } from "kysely";
import type { Tables } from "~/lib/storage/schema";

/** How long a draw's participation data is kept: the privacy page says 12 months after the draw. */
const PARTICIPATION_KEPT_MS = 365 * 24 * 60 * 60 * 1000;

/**
 * Erases what a draw holds about people once 12 months have passed since its instant (the
 * privacy page's "Cuánto tiempo los guardamos"): the ids list, each entry's name and country,
 * and each round's winner. The proof stays (hashes, seed, beacons, counts), and the record
 * says when it was erased. Run by the forms sweep; returns how many draws it erased
 * (docs/decisions/052-draw-data-erased-after-12-months.md).
 */
export async function eraseExpiredDrawData(db: Kysely<Tables>, now: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const expired = await trx
      .selectFrom("draws")
      .select("draw_at")
      .where("draw_at", "<=", now - PARTICIPATION_KEPT_MS)
      .where("erased_at", "is", null)
      .execute();
    const drawAts = expired.map((row) => row.draw_at);
    if (drawAts.length === 0) return 0;
    await trx
      .updateTable("draw_rounds")
      .set({ winner_id: "", winner_name: "", winner_country: null })
      .where("draw_at", "in", drawAts)
      .execute();
    await trx
      .updateTable("draws")
      .set({ list_text: null, list_names: null, list_countries: null, erased_at: now })
      .where("draw_at", "in", drawAts)
      .execute();
    return drawAts.length;
  });
}
