/**
 * `npm run status [-- --json]` (in the image: `node build/status.js [--json]`): what /healthz
 * does not tell, for the organizer (docs/operations.md, "Health and readiness"): each server's
 * report (the sheet it serves, how old, its last error; its mail budgets), the outbox, this
 * hour's mail budgets and the latest survey notice, from the database the environment names
 * (DATABASE_URL, else the embedded file under DATA_DIR), opened as the server opens it. Spanish
 * text on stdout, or JSON with `--json`; log lines on stderr. Exit status: 0 printed, all in
 * order; 3 printed, with something to look at ("Para revisar": no server heard from in a
 * minute, a sheet failing, a mail waiting 15 minutes); 1 the database could not be opened or
 * did not answer (the reason on stderr); 64 bad usage.
 */

import { argv, stdout } from "node:process";
import { openOnlyAnExistingDatabase } from "~/lib/storage/command-opening.server";
import { logToStderr, typed, usageError } from "./lib/command-line";

const USAGE =
  "Uso: npm run status [-- --json] [--create-database]   (en la imagen: node build/status.js [--json] [--create-database])";

const args = argv.slice(2);
const unknown = args.find((arg) => arg !== "--json" && arg !== "--create-database");
if (unknown !== undefined) usageError(`${typed(unknown)} no es una opción de status.`, USAGE);
if (new Set(args).size < args.length) usageError("Cada opción va una sola vez.", USAGE);
const json = args.includes("--json");

logToStderr();
// Only the server creates the database; `--create-database` makes the tables of an empty one
// without starting a server (docs/operations.md, "Data": moving to PostgreSQL).
if (!args.includes("--create-database")) openOnlyAnExistingDatabase();
const { storage } = await import("~/lib/storage/database.server");
const { describeSiteStatus, needsAttention, siteStatus } = await import("~/lib/forms/site-status.server");

try {
  const status = await siteStatus(storage.db, storage.kind, Date.now());
  const attention = needsAttention(status);
  stdout.write(json ? `${JSON.stringify({ ...status, attention }, null, 2)}\n` : describeSiteStatus(status));
  process.exitCode = attention.length === 0 ? 0 : 3;
} catch (error) {
  console.error(`La base de datos no respondió: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await storage.db.destroy();
}
