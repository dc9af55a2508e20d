import type { Kysely } from "kysely";
import { parseEnv } from "~/lib/server/parse-env.server";
import { openStorage } from "~/lib/storage/open-storage.server";
import type { Tables } from "~/lib/storage/schema";
import { ROOT } from "./app-server";

/**
 * A draw's record changed by hand in its database, as anyone holding its address could (a
 * dishonest organizer with a copy of it): what the witnesses' seals are
 * there to give away (docs/draw.md, "What this protects against, and what it does not").
 */

/** `change` run on the database `env` names (DATA_DIR or DATABASE_URL), while the servers run. */
export async function inDatabase<T>(
  env: Record<string, string>,
  change: (db: Kysely<Tables>) => Promise<T>,
): Promise<T> {
  const storage = await openStorage(parseEnv(env, ROOT).database);
  try {
    return await change(storage.db);
  } finally {
    await storage.db.destroy();
  }
}

/** A draw's instant changed from `from` to `to`, its rounds and seals with it (the key they hang on). */
export async function moveDraw(db: Kysely<Tables>, from: number, to: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom("draws").selectAll().where("draw_at", "=", from).executeTakeFirstOrThrow();
    await trx
      .insertInto("draws")
      .values({ ...row, draw_at: to })
      .execute();
    await trx.updateTable("draw_rounds").set({ draw_at: to }).where("draw_at", "=", from).execute();
    await trx.updateTable("draw_witnesses").set({ draw_at: to }).where("draw_at", "=", from).execute();
    await trx.deleteFrom("draws").where("draw_at", "=", from).execute();
  });
}
