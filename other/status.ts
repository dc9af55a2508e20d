/**
 * `npm run status [-- --json] [--create-database]` (in the image: `node build/status.js …`): what
 * /healthz does not tell, for the organizer (docs/operations.md, "Health and readiness"): each
 * server's report (the sheet it serves, how old, its last error; its mail budgets; whether it
 * stopped), the outbox and the mails given up, this hour's mail budgets, the upcoming draw's seals
 * and the latest survey notice, from the database the environment names (DATABASE_URL, else the
 * embedded file under DATA_DIR), which it never creates unless told to (`--create-database`).
 * Spanish text on stdout, or JSON with `--json`; log lines on stderr. Exit status: 0 printed, all
 * in order; 3 printed, with something for the organizer ("Para revisar": no server heard from in
 * a minute, a sheet failing, a mail waiting 15 minutes or given up today, a seal missing on draw
 * day…); 1 the database could not be opened, is not there, or did not answer (the reason on
 * stderr); 64 bad usage.
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
