import { singleton } from "~/lib/server/singleton.server";

/**
 * Whether this process may create its database: the server may (the embedded file and the
 * tables, at its first start); an organizer's command (other/) may not, so a mistyped DATA_DIR or
 * DATABASE_URL is an error naming it, never a new empty database that answers as if all were fine
 * (docs/decisions/077-commands-without-surprises.md). Apart from database.server.ts, which
 * opens the database as it is imported: a command calls `openOnlyAnExistingDatabase` first.
 */
export function mayCreateTheDatabase(): boolean {
  return singleton("storage-may-create", () => true);
}

/** For the organizer's commands, before database.server.ts is imported: a missing database is an error, never created. */
export function openOnlyAnExistingDatabase(): void {
  singleton("storage-may-create", () => false);
}
