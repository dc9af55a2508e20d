import { sql, type Kysely } from "kysely";
import type { Tables } from "./schema";

export interface RateLimit {
  limit: number;
  windowMs: number;
}

/**
 * Counts one submission under `key` and says whether it is within the limit. A fixed window
 * in the database, one statement, so every replica counts into the same row.
 */
export async function withinRateLimit(
  db: Kysely<Tables>,
  key: string,
  { limit, windowMs }: RateLimit,
  now: number,
): Promise<boolean> {
  const expired = now - windowMs;
  const { count } = await db
    .insertInto("rate_limits")
    .values({ key, window_start: now, count: 1 })
    .onConflict((conflict) =>
      conflict.column("key").doUpdateSet((eb) => ({
        count: eb
          .case()
          .when("rate_limits.window_start", "<=", expired)
          .then(sql.lit(1))
          .else(eb("rate_limits.count", "+", sql.lit(1)))
          .end(),
        window_start: eb
          .case()
          .when("rate_limits.window_start", "<=", expired)
          .then(eb.val(now))
          .else(eb.ref("rate_limits.window_start"))
          .end(),
      })),
    )
    .returning("count")
    .executeTakeFirstOrThrow();
  return count <= limit;
}

/** Rows whose window is over carry nothing: the next submission would start a new one anyway. */
export async function deleteOldRateLimits(db: Kysely<Tables>, windowMs: number, now: number): Promise<void> {
  await db
    .deleteFrom("rate_limits")
    .where("window_start", "<=", now - windowMs)
    .execute();
}

/** One counter, whatever its window (a person's data deleted on request takes its counter along). */
export async function deleteRateLimit(db: Kysely<Tables>, key: string): Promise<void> {
  await db.deleteFrom("rate_limits").where("key", "=", key).execute();
}
