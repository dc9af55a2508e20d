import { existsSync, mkdirSync, statSync } from "node:fs";
import path from "node:path";
// Each driver is imported when its database is opened (openSqlite, postgresPool): a server or a
// command loads only the one it uses; pg alone is about 20 ms of CPU at every start
// (docs/decisions/073-the-server-start-carries-its-es-modules.md).
import type Sqlite from "better-sqlite3";
import { Kysely, Migrator, PostgresDialect } from "kysely";
import type pg from "pg";
import type { DatabaseConfig } from "~/lib/server/parse-env.server";
import { MIGRATIONS } from "./migrations.server";
import { PatientSqliteDialect } from "./patient-sqlite.server";
import type { Tables } from "./schema";

export type DatabaseKind = DatabaseConfig["kind"];

export interface Storage {
  db: Kysely<Tables>;
  kind: DatabaseKind;
}

/**
 * A database a process was told to open that is not there: a command never creates one (only
 * the server does), so a mistyped DATA_DIR or DATABASE_URL says so instead of answering from a
 * new, empty database (docs/decisions/077-commands-without-surprises.md).
 */
export class MissingDatabase extends Error {
  constructor(message: string) {
    super(message);
    this.name = "MissingDatabase";
  }
}

/**
 * Creates `directory` and its missing parents one level at a time. Node's recursive mkdir never
 * returns under /proc (each level answers ENOENT and it starts over: `DATA_DIR=/proc/nope` held
 * the server and every command for over ten minutes); one mkdir per level fails at once there.
 */
function makeDirectory(directory: string): void {
  const missing: string[] = [];
  let at = path.resolve(directory);
  while (!existsSync(at)) {
    missing.unshift(at);
    const parent = path.dirname(at);
    if (parent === at) break;
    at = parent;
  }
  for (const level of missing) mkdirSync(level);
}

async function openSqlite(file: string, create: boolean): Promise<Sqlite.Database> {
  const { default: Sqlite } = await import("better-sqlite3");
  if (create) makeDirectory(path.dirname(file));
  else if (!existsSync(file) || !statSync(file).isFile()) {
    throw new MissingDatabase(
      `no hay ninguna base de datos en ${file}. Los comandos no crean una: la crea el servidor la primera vez que arranca. Revisá DATA_DIR: tiene que ser la misma carpeta que usa el servidor`,
    );
  }
  const database = new Sqlite(file, { fileMustExist: !create });
  // WAL lets the commands read while a sign-up writes; FULL syncs every commit, so
  // an accepted sign-up and its mail survive a power cut, not only a killed process.
  database.pragma("journal_mode = WAL");
  database.pragma("synchronous = FULL");
  // No busy wait inside SQLite: it would stop the event loop; PatientSqliteDialect waits between turns.
  database.pragma("busy_timeout = 0");
  return database;
}

/** How long a query waits for a pooled connection, a new one included, before it fails. */
const POOL_CONNECTION_TIMEOUT_MS = 5_000;
/**
 * A statement PostgreSQL never answers (the server or the network hung) fails on our side this
 * long after the server would have cancelled it.
 */
const CLIENT_TIMEOUT_MARGIN_MS = 2_000;

async function postgresPool(url: string, statementTimeoutMs: number): Promise<pg.Pool> {
  const { default: pg } = await import("pg");
  const pool = new pg.Pool({
    connectionString: url,
    // A hung or locked database holds nothing for long: a submission that meets one of these
    // gets "try again" and frees its turn (docs/operations.md, "Data").
    connectionTimeoutMillis: POOL_CONNECTION_TIMEOUT_MS,
    statement_timeout: statementTimeoutMs,
    query_timeout: statementTimeoutMs + CLIENT_TIMEOUT_MARGIN_MS,
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
  pool.on("error", (error) => console.error(`[storage] se cortó una conexión con PostgreSQL: ${error.message}`));
  return pool;
}

/** The table Kysely's migrator keeps: a database without it was never the site's. */
const MIGRATIONS_TABLE = "kysely_migration";

/**
 * Opens the configured database and brings its schema up to date (replicas wait on a lock).
 * `create: false` (the organizer's commands) opens only a database the server made: no embedded
 * file is created, and a database without the site's tables is refused, not migrated.
 */
export async function openStorage(
  config: DatabaseConfig,
  { create = true }: { create?: boolean } = {},
): Promise<Storage> {
  const dialect =
    config.kind === "embedded"
      ? new PatientSqliteDialect({ database: () => openSqlite(config.file, create) })
      : new PostgresDialect({ pool: () => postgresPool(config.url, config.statementTimeoutMs) });
  const db = new Kysely<Tables>({ dialect });
  try {
    if (!create) {
      const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
      if (!tables.some((table) => table.name === MIGRATIONS_TABLE)) {
        throw new MissingDatabase(
          config.kind === "embedded"
            ? `${config.file} no es una base de datos del sitio (no tiene sus tablas). Revisá DATA_DIR: tiene que ser la misma carpeta que usa el servidor`
            : "la base de datos de DATABASE_URL no tiene las tablas del sitio. Los comandos no las crean: las crea el servidor la primera vez que arranca. Revisá DATABASE_URL: tiene que ser la misma que usan los servidores",
        );
      }
    }
    const { error } = await new Migrator({
      db,
      provider: { getMigrations: async () => MIGRATIONS },
      // Each concern numbers its migrations in its own range (0013–0015 the draw's, 0016–0019
      // the forms', 0020–0021 the participants'), and ranges land in any order: a database that
      // ran 0020 still takes 0015 when it arrives. Migrations of different ranges touch
      // different columns and tables, so the order between them does not matter.
      allowUnorderedMigrations: true,
    }).migrateToLatest();
    if (error) throw error;
  } catch (error) {
    await db.destroy().catch(() => undefined);
    throw error;
  }
  return { db, kind: config.kind };
}

/**
 * PostgreSQL's and SQLite's ways of saying "not now": a statement cancelled by its timeout, a
 * lock not granted, no connection within the pool's limit, a server going away or refusing
 * connections, a file locked by another writer. The same submission may well pass a minute later.
 */
const UNAVAILABLE_CODES = new Set([
  "57014", // query_canceled: statement_timeout
  "55P03", // lock_not_available
  "57P01", // admin_shutdown
  "57P03", // cannot_connect_now
  "53300", // too_many_connections
  "ECONNREFUSED",
  "ECONNRESET",
  "SQLITE_BUSY",
  "SQLITE_LOCKED",
]);
const UNAVAILABLE_MESSAGES = /^(Query read timeout|timeout exceeded when trying to connect|Connection terminated)/;

/** Whether `error` says the database is unreachable, hung or locked, rather than that a statement is wrong. */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  return (typeof code === "string" && UNAVAILABLE_CODES.has(code)) || UNAVAILABLE_MESSAGES.test(error.message);
}
