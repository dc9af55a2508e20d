/**
 * `npm run waitlist:notify -- --survey-url <https://…> [--dry-run]`: tells every confirmed
 * address on the waitlist that a survey is open, once per address and survey, through the
 * outbox, paced at NOTICE_MAILS_PER_HOUR (docs/operations.md, "Opening a survey"). Run it again
 * after a failure or a kill: it queues only the addresses not told yet. `--dry-run` counts them
 * and queues nothing. Progress on stderr (a bar on a terminal, plain lines otherwise); the
 * summary on stdout. Exit status: 0 done, 2 a survey URL that is not https://, 64 bad usage.
 */

import { argv, exit, stderr, stdout } from "node:process";

const USAGE = "usage: npm run waitlist:notify -- --survey-url <https://…> [--dry-run]";

const args = argv.slice(2);
const urlAt = args.indexOf("--survey-url");
const surveyUrl = urlAt >= 0 ? args[urlAt + 1] : undefined;
const dryRun = args.includes("--dry-run");
if (surveyUrl === undefined || args.length !== (dryRun ? 3 : 2)) {
  console.error(USAGE);
  exit(64);
}

// Before the storage module loads: its start-up line belongs to the log (stderr), not to the summary.
console.log = (...args: unknown[]) => console.error(...args);
const { storage } = await import("~/lib/storage/database.server");
const { env } = await import("~/lib/server/env.server");
const { noticeDue, queueSurveyNotice, surveyUrlProblem } = await import("~/lib/forms/survey-notice.server");

const problem = surveyUrlProblem(surveyUrl);
if (problem) {
  console.error(`Refused: the survey URL ${problem}.`);
  await storage.db.destroy();
  exit(2);
}
const url = new URL(surveyUrl).href;

/** A bar redrawn in place on a terminal; a line per tenth otherwise (a log keeps every line). */
let tenthsShown = 0;
function progress(done: number, due: number): void {
  if (stderr.isTTY) {
    const width = 30;
    const filled = Math.round((done / due) * width);
    stderr.write(`\r[${"#".repeat(filled)}${" ".repeat(width - filled)}] ${done}/${due}`);
    if (done === due) stderr.write("\n");
    return;
  }
  const tenths = Math.floor((done * 10) / due);
  if (tenths > tenthsShown) {
    tenthsShown = tenths;
    stderr.write(`queued ${done} of ${due}\n`);
  }
}

try {
  const perHour = env.mail.noticeMailsPerHour;
  if (dryRun) {
    const due = await noticeDue(storage.db, url);
    stdout.write(`Would notify ${due} confirmed addresses of ${url} (dry run: nothing queued).\n`);
  } else {
    const run = await queueSurveyNotice(storage.db, { surveyUrl: url, now: Date.now(), perHour, onProgress: progress });
    const hours = run.queued / perHour;
    stdout.write(
      `Queued ${run.queued} notices of ${url} (${run.due - run.queued} of the ${run.due} due were taken by another run).\n` +
        `The server's outbox sends them at ${perHour} per hour (NOTICE_MAILS_PER_HOUR): about ${hours < 1 ? "under an hour" : `${Math.ceil(hours)} h`}.\n`,
    );
  }
} finally {
  await storage.db.destroy();
}
