import { sql, type Kysely } from "kysely";
import type { Tables } from "./schema";

export interface RateLimit {
  limit: number;
  windowMs: number;
}

/**
 * Counts one under `key` and says whether the count is within the limit. A fixed window in the
 * database, one statement, so every replica counts into the same row and two requests racing
 * for the last place get one each; the row knows when its window ends (`expires_at`), so the
 * sweep deletes it then, whatever the window's length.
 */
export async function withinRateLimit(
  db: Kysely<Tables>,
  key: string,
  { limit, windowMs }: RateLimit,
  now: number,
): Promise<boolean> {
  return (await countOne(db, key, windowMs, now)) <= limit;
}

/** Counts one under `key` in a window of `windowMs`; the count now in that window. */
export async function countOne(db: Kysely<Tables>, key: string, windowMs: number, now: number): Promise<number> {
  const { count } = await db
    .insertInto("rate_limits")
    .values({ key, window_start: now, count: 1, expires_at: now + windowMs })
    .onConflict((conflict) =>
      conflict.column("key").doUpdateSet((eb) => {
        // Every right-hand side reads the row as it was: a finished window starts again at one.
        const finished = eb("rate_limits.expires_at", "<=", now);
        return {
          count: eb
            .case()
            .when(finished)
            .then(sql.lit(1))
            .else(eb("rate_limits.count", "+", sql.lit(1)))
            .end(),
          window_start: eb.case().when(finished).then(eb.val(now)).else(eb.ref("rate_limits.window_start")).end(),
          expires_at: eb
            .case()
            .when(finished)
            .then(eb.val(now + windowMs))
            .else(eb.ref("rate_limits.expires_at"))
            .end(),
        };
      }),
    )
    .returning("count")
    .executeTakeFirstOrThrow();
  return count;
}

/** Sets `key` to one, in a window from `now` to `until`, whatever it counted before (a block, say). */
export async function holdUntil(db: Kysely<Tables>, key: string, now: number, until: number): Promise<void> {
  const row = { window_start: now, count: 1, expires_at: until };
  await db
    .insertInto("rate_limits")
    .values({ key, ...row })
    .onConflict((conflict) => conflict.column("key").doUpdateSet(row))
    .execute();
}

/** How many are counted under `key` in its window still open at `now` (0 when none is). */
export async function countNow(db: Kysely<Tables>, key: string, now: number): Promise<number> {
  const row = await db
    .selectFrom("rate_limits")
    .select("count")
    .where("key", "=", key)
    .where("expires_at", ">", now)
    .executeTakeFirst();
  return row?.count ?? 0;
}

/** Rows whose window is over carry nothing: the next count would start a new one anyway. */
export async function deleteFinishedCounters(db: Kysely<Tables>, now: number): Promise<void> {
  await db.deleteFrom("rate_limits").where("expires_at", "<=", now).execute();
}

/** One counter, whatever its window (a person's data deleted on request takes its counters along). */
export async function deleteRateLimit(db: Kysely<Tables>, key: string): Promise<void> {
  await db.deleteFrom("rate_limits").where("key", "=", key).execute();
}
