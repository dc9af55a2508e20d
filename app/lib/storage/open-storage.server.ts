import { mkdirSync } from "node:fs";
import path from "node:path";
import Sqlite from "better-sqlite3";
import { Kysely, Migrator, PostgresDialect, SqliteDialect } from "kysely";
import pg from "pg";
import type { DatabaseConfig } from "~/lib/server/parse-env.server";
import { MIGRATIONS } from "./migrations.server";
import type { Tables } from "./schema";

export type DatabaseKind = DatabaseConfig["kind"];

export interface Storage {
  db: Kysely<Tables>;
  kind: DatabaseKind;
}

function openSqlite(file: string): Sqlite.Database {
  mkdirSync(path.dirname(file), { recursive: true });
  const database = new Sqlite(file);
  // WAL lets /healthz and the export read while a sign-up writes; FULL syncs every commit, so
  // an accepted sign-up and its mail survive a power cut, not only a killed process.
  database.pragma("journal_mode = WAL");
  database.pragma("synchronous = FULL");
  database.pragma("busy_timeout = 5000");
  return database;
}

function postgresPool(url: string): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    // Idle connections do not hold the process open: after SIGTERM it exits once requests end.
    allowExitOnIdle: true,
    // int8 columns hold epoch milliseconds and counts: numbers, as SQLite returns them.
    types: {
      getTypeParser: ((oid: number, format?: "text" | "binary") =>
        oid === pg.types.builtins.INT8 ? Number : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // A pooled connection the server drops (a PostgreSQL restart) is replaced on next use; without
  // a listener its error would end the process.
  pool.on("error", (error) => console.error(`[storage] PostgreSQL connection lost: ${error.message}`));
  return pool;
}

/** Opens the configured database and brings its schema up to date (replicas wait on a lock). */
export async function openStorage(config: DatabaseConfig): Promise<Storage> {
  const dialect =
    config.kind === "embedded"
      ? new SqliteDialect({ database: async () => openSqlite(config.file) })
      : new PostgresDialect({ pool: postgresPool(config.url) });
  const db = new Kysely<Tables>({ dialect });
  try {
    const { error } = await new Migrator({ db, provider: { getMigrations: async () => MIGRATIONS } }).migrateToLatest();
    if (error) throw error;
  } catch (error) {
    await db.destroy().catch(() => undefined);
    throw error;
  }
  return { db, kind: config.kind };
}
