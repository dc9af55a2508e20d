/**
 * Migrations land by range, in any order (app/lib/storage/migrations.server.ts): a database
 * that already ran a later number takes an earlier one when it arrives, on a real embedded
 * database.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Sqlite from "better-sqlite3";
import { Kysely, Migrator, SqliteDialect } from "kysely";
import { afterEach, expect, it } from "vitest";
import { MIGRATIONS } from "~/lib/storage/migrations.server";
import { openStorage } from "~/lib/storage/open-storage.server";

let directory: string;
afterEach(() => rmSync(directory, { recursive: true, force: true }));

it("runs a migration of an earlier range on a database that already ran a later one", async () => {
  directory = mkdtempSync(path.join(tmpdir(), "migrations-"));
  const file = path.join(directory, "site.sqlite");
  // A database migrated by a release that had 0020 but not yet 0015.
  const without = Object.fromEntries(Object.entries(MIGRATIONS).filter(([name]) => name !== "0015_draw_changes"));
  const older = new Kysely<unknown>({ dialect: new SqliteDialect({ database: new Sqlite(file) }) });
  const { error } = await new Migrator({
    db: older,
    provider: { getMigrations: async () => without },
  }).migrateToLatest();
  expect(error).toBeUndefined();
  await older.destroy();

  const storage = await openStorage({ kind: "embedded", file });
  try {
    const row = await storage.db.selectFrom("draw_changes").select("version").executeTakeFirstOrThrow();
    expect(Number(row.version)).toBe(0);
  } finally {
    await storage.db.destroy();
  }
});
