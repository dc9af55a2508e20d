/**
 * `npm run waitlist:stats`: the waitlist's figures as plain text on stdout (docs/operations.md,
 * "Data"): addresses by status, sign-ups and confirmations in each of the last 8 ISO weeks,
 * and the outbox by state; from the database the environment names, opened as the server
 * opens it. Log lines go to stderr.
 */

import { stdout } from "node:process";

// Before the storage module loads: its start-up line belongs to the log, not to the figures.
console.log = (...args: unknown[]) => console.error(...args);
const { storage } = await import("~/lib/storage/database.server");
const { describeWaitlistStats, waitlistStats } = await import("~/lib/forms/waitlist-stats.server");

try {
  stdout.write(describeWaitlistStats(await waitlistStats(storage.db, Date.now())));
} finally {
  await storage.db.destroy();
}
