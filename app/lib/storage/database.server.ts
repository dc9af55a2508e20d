import { env } from "~/lib/server/env.server";
import type { DatabaseConfig } from "~/lib/server/parse-env.server";
import { singleton } from "~/lib/server/singleton.server";
import { mayCreateTheDatabase } from "./command-opening.server";
import { MissingDatabase, openStorage, type DatabaseKind, type Storage } from "./open-storage.server";

/** The variable an operator fixes when this kind of database cannot be opened. */
const VARIABLE: Record<DatabaseKind, string> = { embedded: "DATA_DIR", postgres: "DATABASE_URL" };

async function openOrExit(config: DatabaseConfig, create: boolean): Promise<Storage> {
  try {
    const storage = await openStorage(config, { create });
    console.log(JSON.stringify({ event: "storage.ready", kind: config.kind }));
    return storage;
  } catch (error) {
    // The message names the variable, never DATABASE_URL's value (it may carry a password).
    const reason = error instanceof Error ? error.message : String(error);
    console.error(
      error instanceof MissingDatabase
        ? `[storage] ${reason}.`
        : `[storage] No se pudo abrir ni preparar la base de datos ${config.kind === "embedded" ? `embebida (${config.file})` : "PostgreSQL"} de ${VARIABLE[config.kind]}: ${reason}`,
    );
    process.exit(1);
  }
}

/**
 * The database, opened and migrated before the server build finishes importing: remix-serve
 * listens only after that, so no request ever meets a missing table.
 */
export const storage: Storage = await singleton("storage", () => openOrExit(env.database, mayCreateTheDatabase()));
