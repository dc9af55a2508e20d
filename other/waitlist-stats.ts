/**
 * `npm run waitlist:stats`: the waitlist's figures as plain text on stdout (docs/operations.md,
 * "Data"): addresses by status, sign-ups and confirmations in each of the last 8 ISO weeks,
 * and the outbox by state; from the database the environment names, opened as the server
 * opens it. Log lines go to stderr.
 */

import { argv, stdout } from "node:process";
import { openOnlyAnExistingDatabase } from "~/lib/storage/command-opening.server";
import { logToStderr, typed, usageError } from "./lib/command-line";

const USAGE = "Uso: npm run waitlist:stats   (sin argumentos)";
const [extra] = argv.slice(2);
if (extra !== undefined) usageError(`waitlist:stats no lleva argumentos: sobra ${typed(extra)}.`, USAGE);

logToStderr();
openOnlyAnExistingDatabase();
const { storage } = await import("~/lib/storage/database.server");
const { describeWaitlistStats, waitlistStats } = await import("~/lib/forms/waitlist-stats.server");

try {
  stdout.write(describeWaitlistStats(await waitlistStats(storage.db, Date.now())));
} finally {
  await storage.db.destroy();
}
