import type { Kysely } from "kysely";
import type { Tables } from "./schema";

/**
 * What a database has been used for (docs/operations.md, "Rehearsing draw day"): a production
 * server marks the database it opens, once, and rehearsals refuse a database so marked.
 */
export type DatabaseMark = "production";

/** Marks the database, keeping the first instant it was marked. */
export async function markDatabase(db: Kysely<Tables>, mark: DatabaseMark, now: number): Promise<void> {
  await db
    .insertInto("database_marks")
    .values({ name: mark, at: now })
    .onConflict((conflict) => conflict.column("name").doNothing())
    .execute();
}

/** When the database was first marked so, or null if it never was. */
export async function databaseMarkedAt(db: Kysely<Tables>, mark: DatabaseMark): Promise<number | null> {
  const row = await db.selectFrom("database_marks").select("at").where("name", "=", mark).executeTakeFirst();
  return row ? Number(row.at) : null;
}
