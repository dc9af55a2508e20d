/**
 * `npm run waitlist:export`: the waitlist as CSV on stdout, from the database the
 * environment names (DATABASE_URL, else the embedded file under DATA_DIR), opened and
 * migrated the way the server opens it (docs/operations.md, "Data"). Log lines go to stderr.
 */

import { stdout } from "node:process";

// Before the storage module loads: its start-up line belongs to the log, not to the CSV.
console.log = (...args: unknown[]) => console.error(...args);
const { storage } = await import("~/lib/storage/database.server");
const { waitlistCsv, waitlistRows } = await import("~/lib/forms/waitlist-rows.server");
stdout.write(waitlistCsv(await waitlistRows(storage.db, Date.now())));
await storage.db.destroy();
