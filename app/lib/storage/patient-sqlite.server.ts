import { setTimeout as delay } from "node:timers/promises";
import {
  SqliteDialect,
  SqliteDriver,
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
} from "kysely";

/** How long a statement waits for another writer (a command, a backup) before it fails as SQLITE_BUSY. */
const SQLITE_WAIT_MS = 5_000;
/** Between two tries: short at first (most writers hold the lock for a millisecond), then at most this. */
const RETRY_MAX_MS = 50;

/**
 * better-sqlite3 runs each statement on the event loop, so SQLite's own busy wait
 * (`busy_timeout`) would stop every request, `/healthz` included, for as long as another
 * connection holds the write lock. The file's connection is opened with `busy_timeout = 0`
 * instead, and a statement refused with plain SQLITE_BUSY is tried again here, between turns of
 * the event loop, for up to SQLITE_WAIT_MS: the same wait, without holding anyone else up
 * (docs/decisions/070-health-says-status-details-in-a-command.md). SQLite returns plain
 * SQLITE_BUSY only where trying again can succeed (it never calls a busy handler for the
 * others, such as SQLITE_BUSY_SNAPSHOT, which fail at once as before).
 */
class PatientConnection implements DatabaseConnection {
  constructor(private readonly connection: DatabaseConnection) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const deadline = Date.now() + SQLITE_WAIT_MS;
    for (let pause = 1; ; pause = Math.min(pause * 2, RETRY_MAX_MS)) {
      try {
        return await this.connection.executeQuery<R>(query);
      } catch (error) {
        if ((error as { code?: unknown }).code !== "SQLITE_BUSY" || Date.now() + pause > deadline) throw error;
        await delay(pause);
      }
    }
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.connection.streamQuery<R>(query, chunkSize);
  }
}

class PatientDriver extends SqliteDriver {
  override async acquireConnection(): Promise<DatabaseConnection> {
    return new PatientConnection(await super.acquireConnection());
  }
}

/** Kysely's SQLite dialect whose statements wait for the write lock without blocking the event loop. */
export class PatientSqliteDialect extends SqliteDialect {
  constructor(private readonly config: ConstructorParameters<typeof SqliteDialect>[0]) {
    super(config);
  }

  override createDriver(): Driver {
    return new PatientDriver(this.config);
  }
}
