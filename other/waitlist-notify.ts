/**
 * `npm run waitlist:notify -- [--survey-url <https://…>] [--dry-run | --yes] [--local-links]`:
 * tells every confirmed address on the waitlist that a survey is open, once per address and
 * survey, through the outbox, paced at NOTICE_MAILS_PER_HOUR (docs/operations.md, "Opening a
 * survey"). The survey is the one the site links to (the running servers' SURVEY_URL, else
 * this command's); `--survey-url` only confirms it. The mails' links are built from SITE_URL,
 * which must be the servers' and public (https://, not this machine; `--local-links` allows a
 * loopback one, for a rehearsal). It prints the survey, the links' site and how many addresses
 * are due, and queues only with `--yes`; `--dry-run` only counts. Run it again after a failure
 * or a kill: it queues only the addresses not told yet. Spanish; progress on stderr (a bar on a
 * terminal, plain lines otherwise), the rest on stdout, refusals on stderr ("Rechazado: …").
 * Exit status: 0 queued, or counted (`--dry-run`), or nobody due; 3 shown but not queued (no
 * `--yes`); 2 refused, nothing queued; 64 bad usage.
 */

import { argv, stderr, stdout } from "node:process";
import { openOnlyAnExistingDatabase } from "~/lib/storage/command-opening.server";
import { logToStderr, typed, usageError } from "./lib/command-line";

const USAGE = "Uso: npm run waitlist:notify -- [--survey-url <https://…>] [--dry-run | --yes] [--local-links]";
const FLAGS = ["--dry-run", "--yes", "--local-links"];

const args = argv.slice(2);
const urlAt = args.indexOf("--survey-url");
const givenUrl = urlAt >= 0 ? args[urlAt + 1] : undefined;
if (urlAt >= 0 && (givenUrl === undefined || givenUrl.startsWith("--"))) {
  usageError("Falta el link de la encuesta después de --survey-url.", USAGE);
}
const flags = args.filter((_, index) => urlAt < 0 || (index !== urlAt && index !== urlAt + 1));
const unknown = flags.find((flag) => !FLAGS.includes(flag));
if (unknown !== undefined) {
  usageError(
    unknown.startsWith("--")
      ? `${typed(unknown)} no es una opción de waitlist:notify.`
      : `Sobra ${typed(unknown)}: las opciones empiezan con --.`,
    USAGE,
  );
}
const repeated =
  flags.find((flag, index) => flags.indexOf(flag) !== index) ??
  (args.lastIndexOf("--survey-url") !== urlAt ? "--survey-url" : undefined);
if (repeated !== undefined) usageError(`${typed(repeated)} va una sola vez.`, USAGE);
const dryRun = flags.includes("--dry-run");
const confirmed = flags.includes("--yes");
const localLinks = flags.includes("--local-links");
if (dryRun && confirmed) usageError("--dry-run y --yes no van juntos: --dry-run solo cuenta, --yes encola.", USAGE);

logToStderr();
openOnlyAnExistingDatabase();
const { storage } = await import("~/lib/storage/database.server");
const { env } = await import("~/lib/server/env.server");
const { noticeDue, queueSurveyNotice } = await import("~/lib/forms/survey-notice.server");
const { planNotice } = await import("~/lib/forms/notice-plan.server");
const { countOf, pluralForm } = await import("~/lib/ui/wording");

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
    stderr.write(`encolados ${done} de ${due}\n`);
  }
}

const perHour = env.mail.noticeMailsPerHour;
const duration = (mails: number) =>
  mails <= perHour ? "menos de una hora" : `unas ${Math.ceil(mails / perHour)} horas`;

try {
  const plan = await planNotice(storage.db, Date.now(), {
    siteUrl: env.siteUrl,
    surveyUrl: env.surveyUrl,
    givenUrl,
    localLinks,
  });
  if ("refused" in plan) {
    console.error(`Rechazado: ${plan.refused}`);
    process.exitCode = 2;
  } else {
    const due = await noticeDue(storage.db, plan.surveyUrl);
    stdout.write(
      [
        `Encuesta: ${plan.surveyUrl}`,
        `Links del email (baja y borrado): ${plan.siteUrl}`,
        `Direcciones confirmadas a las que todavía no avisamos de esta encuesta: ${due}`,
        `Ritmo: ${perHour} por hora (NOTICE_MAILS_PER_HOUR), ${duration(due)} en total.`,
        "",
      ].join("\n"),
    );
    if (dryRun) {
      stdout.write("Prueba (--dry-run): no se encoló nada.\n");
    } else if (due === 0) {
      stdout.write("No hay nadie a quien avisar: no se encoló nada.\n");
    } else if (!confirmed) {
      stdout.write(
        `No se encoló nada. Si la encuesta, los links y la cantidad están bien, confirmá con --yes:\n  npm run waitlist:notify -- --yes${localLinks ? " --local-links" : ""}\n`,
      );
      process.exitCode = 3;
    } else {
      const run = await queueSurveyNotice(storage.db, {
        surveyUrl: plan.surveyUrl,
        now: Date.now(),
        perHour,
        onProgress: progress,
      });
      stdout.write(
        `${pluralForm(run.queued, "Se encoló", "Se encolaron")} ${countOf(run.queued, "aviso", "avisos")}${run.due > run.queued ? ` (otra corrida encoló ${countOf(run.due - run.queued, "otro", "otros")})` : ""}.\n` +
          `El outbox de los servidores los manda a ${perHour} por hora: ${duration(run.queued)}.\n`,
      );
    }
  }
} finally {
  await storage.db.destroy();
}
