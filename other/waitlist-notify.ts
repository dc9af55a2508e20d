/**
 * `npm run waitlist:notify -- [--survey-url <https://…>] [--dry-run]`: tells every confirmed
 * address on the waitlist that a survey is open, once per address and survey, through the
 * outbox, paced at NOTICE_MAILS_PER_HOUR (docs/operations.md, "Opening a survey"). The survey is
 * the one the site links to (SURVEY_URL); `--survey-url` names it where that variable is not
 * set, and is refused if it names another. Run it again after a failure or a kill: it queues
 * only the addresses not told yet. `--dry-run` counts them and queues nothing. Progress on
 * stderr (a bar on a terminal, plain lines otherwise); the summary on stdout. Exit status: 0
 * done, 2 a survey URL refused, 64 bad usage.
 */

import { argv, exit, stderr, stdout } from "node:process";

const USAGE = "usage: npm run waitlist:notify -- [--survey-url <https://…>] [--dry-run]";

const args = argv.slice(2);
const urlAt = args.indexOf("--survey-url");
const givenUrl = urlAt >= 0 ? args[urlAt + 1] : undefined;
const dryRun = args.includes("--dry-run");
if ((urlAt >= 0 && givenUrl === undefined) || args.length !== (urlAt >= 0 ? 2 : 0) + (dryRun ? 1 : 0)) {
  console.error(USAGE);
  exit(64);
}

// Before the storage module loads: its start-up line belongs to the log (stderr), not to the summary.
console.log = (...args: unknown[]) => console.error(...args);
const { storage } = await import("~/lib/storage/database.server");
const { env } = await import("~/lib/server/env.server");
const { noticeDue, queueSurveyNotice, surveyUrlProblem } = await import("~/lib/forms/survey-notice.server");

/** Refused with exit status 2, nothing queued. */
async function refuse(reason: string): Promise<never> {
  console.error(`Refused: ${reason}`);
  await storage.db.destroy();
  exit(2);
}

const surveyUrl =
  givenUrl ??
  env.surveyUrl ??
  (await refuse(
    "no survey to tell of: SURVEY_URL (the survey the site links to) is not set. Open the survey first, or name it with --survey-url.",
  ));
const problem = surveyUrlProblem(surveyUrl);
if (problem) await refuse(`the survey URL ${problem}.`);
const url = new URL(surveyUrl).href;
// The mail and the site's button must lead to the same survey.
if (env.surveyUrl && new URL(env.surveyUrl).href !== url) {
  await refuse(
    `the site links to ${new URL(env.surveyUrl).href} (SURVEY_URL), not to ${url}: the notice would send people elsewhere. Tell of that survey, or change SURVEY_URL first.`,
  );
}

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
