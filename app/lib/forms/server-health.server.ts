import { hostname } from "node:os";
import type { Kysely } from "kysely";
import { MAIL_BUDGETS } from "~/lib/mail/mail-budget.server";
import { getParticipantsHealth, type ParticipantsHealth } from "~/lib/participants/participants.server";
import { env } from "~/lib/server/env.server";
import { onStop } from "~/lib/server/exit-when-drained.server";
import { singleton } from "~/lib/server/singleton.server";
import { storage } from "~/lib/storage/database.server";
import type { Tables } from "~/lib/storage/schema";

/**
 * What this server says of itself (docs/decisions/070-health-says-status-details-in-a-command.md).
 * Every 5 s it writes its report (the sheet it serves, its mail budgets, its site and survey links) to the database, for
 * `npm run status`; whether that write succeeded within a second is all /healthz says of the
 * database, read from memory, so /healthz answers at once whatever the database does.
 */

/** How often the report is written; and at once when the sheet's state changes (looked at every 250 ms). */
const REPORT_EVERY_MS = 5_000;
const SHEET_LOOK_MS = 250;
/** A write that has not succeeded in this long counts as failed: the storage is reported unreachable. */
const WRITE_DEADLINE_MS = 1_000;

/** What a server writes of itself, as `npm run status` reads it back. */
export interface InstanceReport {
  sheet: ParticipantsHealth;
  mailsPerHour: { visitors: number; team: number };
  /** SITE_URL and SURVEY_URL as this server serves them: `waitlist:notify` tells of that survey, with links to that site. */
  siteUrl: string;
  surveyUrl: string | null;
  /**
   * When the server stopped (SIGTERM), if it did: the commands stop counting it at once, so
   * `waitlist:notify` right after a restart reads the new server's settings alone.
   */
  stoppedAt?: number;
}

/** Writes (or rewrites) one server's report. */
async function writeReport(
  db: Kysely<Tables>,
  instance: { id: string; startedAt: number },
  report: InstanceReport,
  now: number,
): Promise<void> {
  const row = { started_at: instance.startedAt, seen_at: now, report: JSON.stringify(report) };
  await db
    .insertInto("instances")
    .values({ id: instance.id, ...row })
    .onConflict((conflict) => conflict.column("id").doUpdateSet(row))
    .execute();
}

const currentReport = (sheet: ParticipantsHealth): InstanceReport => ({
  sheet,
  mailsPerHour: { visitors: MAIL_BUDGETS.visitors.perHour, team: MAIL_BUDGETS.team.perHour },
  siteUrl: env.siteUrl,
  surveyUrl: env.surveyUrl,
});

function startReporting() {
  const instance = { id: `${hostname()}:${process.pid}`, startedAt: Date.now() };
  // The database was opened and migrated before the server started listening.
  let storageAnswered = true;
  let writing = false;
  let lastSheet = "";

  /** Says it in the log when the database stops or starts taking the reports again. */
  const settle = (answers: boolean, reason?: string) => {
    if (answers !== storageAnswered) {
      const line = JSON.stringify({ event: "storage.health", answers, ...(reason ? { reason } : {}) });
      if (answers) console.log(line);
      else console.error(line);
    }
    storageAnswered = answers;
  };

  let stoppedAt: number | undefined;
  let lastWrite: Promise<unknown> = Promise.resolve();

  const report = () => {
    if (stoppedAt !== undefined) return;
    // One write at a time: a write held by a locked database is not joined by another.
    if (writing) {
      settle(false, "the previous report is still waiting");
      return;
    }
    writing = true;
    const sheet = getParticipantsHealth();
    lastSheet = sheetKey(sheet);
    const written = writeReport(storage.db, instance, currentReport(sheet), Date.now()).then(
      () => null,
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    );
    lastWrite = written;
    void written.finally(() => (writing = false));
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<string>(
      (resolve) => (timer = setTimeout(() => resolve(`no answer within ${WRITE_DEADLINE_MS} ms`), WRITE_DEADLINE_MS)),
    );
    void Promise.race([written, late]).then((failure) => {
      clearTimeout(timer);
      settle(failure === null, failure ?? undefined);
    });
  };
  const sheetKey = (sheet: ParticipantsHealth) => `${sheet.fetchedAt}|${sheet.count}|${sheet.lastError}`;

  // Stopping: the last report says so, after any write still on its way (which would undo it).
  onStop(async () => {
    stoppedAt = Date.now();
    await lastWrite;
    await writeReport(storage.db, instance, { ...currentReport(getParticipantsHealth()), stoppedAt }, stoppedAt);
  });
  setInterval(report, REPORT_EVERY_MS).unref();
  setInterval(() => {
    if (!writing && sheetKey(getParticipantsHealth()) !== lastSheet) report();
  }, SHEET_LOOK_MS).unref();
  report();
  return {
    /** /healthz: memory only, never a query. */
    health: () => ({
      status: "ok" as const,
      participants: getParticipantsHealth(),
      database: { kind: storage.kind, answers: storageAnswered },
    }),
  };
}

/** This process's reporter, started with the server build. */
const reporter = singleton("server-health", startReporting);

/** What /healthz answers: the process is up, the sheet it serves, whether the database took its last report in time. */
export function publicHealth() {
  return reporter.health();
}
