import { env } from "~/lib/server/env.server";
import type { DatabaseConfig } from "~/lib/server/parse-env.server";
import { singleton } from "~/lib/server/singleton.server";
import { openStorage, type DatabaseKind, type Storage } from "./open-storage.server";

/** The variable an operator fixes when this kind of database cannot be opened. */
const VARIABLE: Record<DatabaseKind, string> = { embedded: "DATA_DIR", postgres: "DATABASE_URL" };

async function openOrExit(config: DatabaseConfig): Promise<Storage> {
  try {
    const storage = await openStorage(config);
    console.log(JSON.stringify({ event: "storage.ready", kind: config.kind }));
    return storage;
  } catch (error) {
    // The message names the variable, never its value (a URL may carry a password).
    const reason = error instanceof Error ? error.message : String(error);
    console.error(
      `[storage] Cannot open or migrate the ${config.kind} database set by ${VARIABLE[config.kind]}: ${reason}`,
    );
    process.exit(1);
  }
}

/**
 * The database, opened and migrated before the server build finishes importing: remix-serve
 * listens only after that, so no request ever meets a missing table.
 */
export const storage: Storage = await singleton("storage", () => openOrExit(env.database));
