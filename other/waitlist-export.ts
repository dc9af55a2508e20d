/**
 * `npm run waitlist:export`: the waitlist as CSV on stdout, from the database the
 * environment names (DATABASE_URL, else the embedded file under DATA_DIR), opened and
 * migrated the way the server opens it, never created (docs/operations.md, "Data"). Log lines go to
 * stderr. Exit status: 0 printed; 1 the database could not be opened; 64 bad usage.
 */

import { argv, stdout } from "node:process";
import { openOnlyAnExistingDatabase } from "~/lib/storage/command-opening.server";
import { logToStderr, typed, usageError } from "./lib/command-line";

const USAGE = "Uso: npm run waitlist:export   (sin argumentos)";
const [extra] = argv.slice(2);
if (extra !== undefined) usageError(`waitlist:export no lleva argumentos: sobra ${typed(extra)}.`, USAGE);

logToStderr();
openOnlyAnExistingDatabase();
const { storage } = await import("~/lib/storage/database.server");
const { waitlistCsv, waitlistRows } = await import("~/lib/forms/waitlist-rows.server");
stdout.write(waitlistCsv(await waitlistRows(storage.db, Date.now())));
await storage.db.destroy();
