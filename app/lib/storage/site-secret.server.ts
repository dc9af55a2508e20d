import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Tables } from "./schema";

/**
 * The secret named `name`: made once, by whichever instance asks first, and read by every other
 * (replicas on one PostgreSQL share it; a restart keeps it).
 */
export async function siteSecret(db: Kysely<Tables>, name: string): Promise<string> {
  await db
    .insertInto("site_secrets")
    .values({ name, value: randomBytes(32).toString("base64url") })
    .onConflict((conflict) => conflict.column("name").doNothing())
    .execute();
  const { value } = await db
    .selectFrom("site_secrets")
    .select("value")
    .where("name", "=", name)
    .executeTakeFirstOrThrow();
  return value;
}
