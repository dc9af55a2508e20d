/**
 * "Avisarme", kept: `npm run waitlist:notify` tells each confirmed address once that a survey
 * is open, through the server's outbox and a real SMTP server, on both databases. It shows the
 * survey, the links' site and the count, and queues only with `--yes`; it refuses a survey other
 * than the site's, none, and links to this machine or without https. Run twice, killed halfway
 * and run again, or run twice at once on PostgreSQL, it never tells an address twice; pending and
 * unsubscribed addresses get nothing; each notice's links work; the pace, `npm run status` and the
 * stats follow it.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "~/lib/server/parse-env.server";
import { openStorage, type Storage } from "~/lib/storage/open-storage.server";
import { mailboxOf } from "~/lib/storage/mailbox";
import type { WaitlistStatus } from "~/lib/storage/schema";
import { freePort, ROOT, startAppServer, type AppServer } from "../support/app-server";
import type { CommandResult } from "../support/draw-command";
import { commandBundle, npmRun, opsCommand } from "../support/ops-command";
import { startSmtpServer, type SmtpServer } from "../support/smtp-server";
import { DATABASE_KINDS, exportWaitlist, mailsTo, useDatabase } from "../support/waitlist";

const SURVEY = "https://encuestas.example/consumo-diciembre";
const HOUR_MS = 60 * 60 * 1000;

/** Makes a command kill itself right after a line of its progress (test/support/die-after-line.mjs). */
const DIE_AFTER_LINE = path.join(ROOT, "test/support/die-after-line.mjs");

/**
 * The command's own code, bundled from other/waitlist-notify.ts and started by node in one
 * process (`commandBundle`: npm's and tsx's start-up cost more CPU than most runs here; the
 * organizer's `npm run waitlist:notify` runs once below), stdout and stderr apart.
 * `dieAfter`: it is SIGKILLed right after writing a progress line that matches, the way a
 * machine dies mid-run.
 */
async function notify(env: Record<string, string>, args: string[], dieAfter?: RegExp): Promise<CommandResult> {
  const preload = dieAfter ? ["--import", DIE_AFTER_LINE] : [];
  const child = spawn(process.execPath, [...preload, await commandBundle("waitlist:notify"), ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env, ...(dieAfter ? { DIE_AFTER_LINE: dieAfter.source } : {}) },
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk));
  return new Promise<CommandResult>((resolve) =>
    child.on("close", (code, signal) => resolve({ code: code ?? (signal ? 137 : 1), stdout, stderr })),
  );
}

/** Confirmed addresses on the list now: whom a new survey's notice is due to. */
async function confirmedCount(storage: Storage): Promise<number> {
  const row = await storage.db
    .selectFrom("waitlist")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("status", "=", "confirmed")
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

async function addAddresses(storage: Storage, rows: { email: string; status: WaitlistStatus }[]): Promise<void> {
  const now = Date.now();
  for (let start = 0; start < rows.length; start += 500) {
    await storage.db
      .insertInto("waitlist")
      .values(
        rows.slice(start, start + 500).map(({ email, status }) => ({
          email,
          mailbox: mailboxOf(email),
          status,
          token: randomBytes(24).toString("base64url"),
          subscribed_at: now - HOUR_MS,
          confirmed_at: status === "pending" ? null : now - HOUR_MS,
          unsubscribed_at: status === "unsubscribed" ? now : null,
          confirm_expires_at: status === "pending" ? now + 24 * HOUR_MS : null,
          last_mail_at: now - HOUR_MS,
        })),
      )
      .execute();
  }
}

const recipientsOf = (storage: Storage, survey: string) =>
  storage.db
    .selectFrom("survey_notice_recipients")
    .select(["email", "outbox_id"])
    .where("survey_url", "=", survey)
    .execute();

const noticeMails = (storage: Storage) =>
  storage.db
    .selectFrom("outbox")
    .select(["recipient", "next_attempt_at", "sent_at"])
    .where("kind", "=", "survey-notice")
    .orderBy("next_attempt_at")
    .execute();

describe.each(DATABASE_KINDS)("survey notices on the %s database", (kind) => {
  const database = useDatabase(kind);
  let smtp: SmtpServer;
  let app: AppServer;
  let storage: Storage;
  let env: Record<string, string>;
  let port: number;
  /** The server, linking to `survey`: the command reads it from the server's report. */
  const startApp = async (survey: string) => {
    // Delivered as fast as the sink takes them: the pace has its own test below.
    app = await startAppServer(
      { ...env, SURVEY_URL: survey, SMTP_URL: smtp.url, NOTICE_MAILS_PER_HOUR: "1000000" },
      { port },
    );
  };

  beforeAll(async () => {
    smtp = await startSmtpServer();
    port = await freePort();
    env = { ...database.env, SITE_URL: `http://127.0.0.1:${port}` };
    await startApp(SURVEY);
    storage = await openStorage(parseEnv(env, ROOT).database);
  });
  afterAll(async () => {
    await storage?.db.destroy();
    await app?.stop();
    await smtp?.close();
  });

  it("tells each confirmed address once, however often it runs; pending and unsubscribed get nothing; its links work", async () => {
    const confirmed = ["uno@example.com", "dos@example.com", "tres@example.com"];
    await addAddresses(storage, [
      ...confirmed.map((email) => ({ email, status: "confirmed" as const })),
      { email: "pendiente@example.com", status: "pending" },
      { email: "baja@example.com", status: "unsubscribed" },
    ]);
    const fast = { ...env, NOTICE_MAILS_PER_HOUR: "1000000" };

    // The links lead to this machine's server: a rehearsal, said with --local-links.
    const preview = [
      `Encuesta: ${SURVEY}`,
      `Links del email (baja y borrado): ${env.SITE_URL}`,
      "Direcciones confirmadas a las que todavía no avisamos de esta encuesta: 3",
      "Ritmo: 1000000 por hora (NOTICE_MAILS_PER_HOUR), menos de una hora en total.",
      "",
    ].join("\n");
    const dry = await notify(fast, ["--survey-url", SURVEY, "--dry-run", "--local-links"]);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toBe(`${preview}Prueba (--dry-run): no se encoló nada.\n`);
    const unconfirmed = await notify(fast, ["--local-links"]);
    expect(unconfirmed.code, unconfirmed.stderr).toBe(3);
    expect(unconfirmed.stdout).toBe(
      `${preview}No se encoló nada. Si la encuesta, los links y la cantidad están bien, confirmá con --yes:\n  npm run waitlist:notify -- --yes --local-links\n`,
    );
    expect(await noticeMails(storage)).toEqual([]);

    const first = await notify(fast, ["--yes", "--local-links"]);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toBe(
      `${preview}Se encolaron 3 avisos.\nEl outbox de los servidores los manda a 1000000 por hora: menos de una hora.\n`,
    );
    expect(first.stderr).toContain("encolados 3 de 3");
    const again = await npmRun("waitlist:notify", ["--yes", "--local-links"], fast);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain("No hay nadie a quien avisar: no se encoló nada.\n");

    // Every notice delivered, then the sink holds one per confirmed address and none for the others.
    await expect
      .poll(async () => (await noticeMails(storage)).filter((mail) => mail.sent_at === null).length, {
        timeout: 30_000,
      })
      .toBe(0);
    const notices = smtp.mails().filter((mail) => mail.subject === "Ya abrió una encuesta de Opinion Labz");
    expect(notices.map((mail) => mail.to).sort()).toEqual([...confirmed].sort());

    const [toUno] = await mailsTo(smtp, "uno@example.com");
    expect(toUno!.text).toContain(SURVEY);
    expect(toUno!.text).toContain("entrás en el próximo sorteo de una tarjeta de regalo Visa de US$200");
    const oneClick = /^<([^>]+)>$/.exec(toUno!.headers.get("list-unsubscribe") ?? "")?.[1];
    expect(oneClick).toMatch(new RegExp(`^${env.SITE_URL}/avisos/baja\\?t=`));
    expect(toUno!.headers.get("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    expect(toUno!.text).toContain(oneClick);
    // A mail client's one-click unsubscribe, as RFC 8058 sends it.
    const unsubscribed = await fetch(oneClick!, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: env.SITE_URL! },
      body: "List-Unsubscribe=One-Click",
    });
    expect(unsubscribed.status).toBe(200);
    // The delete link's button, for another address.
    const [toDos] = await mailsTo(smtp, "dos@example.com");
    const deleteLink = toDos!.text.match(/https?:\/\/\S+\/avisos\/baja\?t=\S+/)![0];
    const deleted = await fetch(deleteLink, { method: "POST", headers: { origin: env.SITE_URL! } });
    expect(deleted.status).toBe(200);
    const rows = await exportWaitlist(env);
    expect(rows.find((row) => row.email === "uno@example.com")?.status).toBe("unsubscribed");
    expect(rows.find((row) => row.email === "dos@example.com")).toBeUndefined();
    // Unsubscribed or deleted: the address leaves the notice's record too.
    expect((await recipientsOf(storage, SURVEY)).map((row) => row.email)).toEqual(["tres@example.com"]);

    const status = await opsCommand("status", [], env);
    expect(status.stdout).toMatch(new RegExp(`\nÚltimo aviso de encuesta: ${SURVEY}, desde el .+: 3 encolados, `));
    const stats = await opsCommand("waitlist:stats", [], env);
    expect(stats.stdout).toContain(`${SURVEY}, desde el`);
    expect(stats.stdout).toMatch(/ {4}encolados: +3\n/);
    // A request about one person's data finds the notice, and a deletion takes it away.
    const shown = await opsCommand("privacy", ["show", "tres@example.com"], env);
    expect(shown.stdout).toMatch(
      new RegExp(`Avisos de encuestas abiertas que te mandamos:\n  \\d+/\\d+/\\d{4}, \\d\\d:\\d\\d: ${SURVEY}\n`),
    );
    const erased = await opsCommand("privacy", ["delete", "tres@example.com", "--yes"], env);
    expect(erased.stdout).toContain("  Registros de avisos de encuestas: 1\n");
    expect(await recipientsOf(storage, SURVEY)).toEqual([]);
  });

  it("killed halfway, run again: the rest are told, nobody twice, at one pace across both runs", async () => {
    const survey = SURVEY;
    const count = 1000;
    await addAddresses(
      storage,
      Array.from({ length: count }, (_, index) => ({ email: `p${index}@lote.example`, status: "confirmed" as const })),
    );
    // One an hour: the running server sends the first now and holds the rest for their hour.
    const due = await confirmedCount(storage);
    const slow = { ...env, NOTICE_MAILS_PER_HOUR: "1" };
    // Killed right after its first progress line, a tenth of the way: what it said it queued is
    // queued, and nothing after.
    const killed = await notify(slow, ["--yes", "--local-links"], /encolados \d+ de/);
    expect(killed.code).toBe(137);
    const before = (await recipientsOf(storage, survey)).length;
    expect(killed.stderr.endsWith(`\nencolados ${before} de ${due}\n`), killed.stderr).toBe(true);
    expect(before).toBeGreaterThan(0);
    expect(before).toBeLessThan(due);

    const rerun = await notify(slow, ["--yes", "--local-links"]);
    expect(rerun.code, rerun.stderr).toBe(0);
    expect(rerun.stdout).toContain(`Se encolaron ${due - before} avisos.\n`);
    const recipients = await recipientsOf(storage, survey);
    expect(recipients).toHaveLength(due);
    const mails = await storage.db
      .selectFrom("outbox")
      .innerJoin("survey_notice_recipients as recipient", "recipient.outbox_id", "outbox.id")
      .select(["outbox.recipient", "outbox.next_attempt_at"])
      .where("recipient.survey_url", "=", survey)
      .orderBy("outbox.next_attempt_at")
      .execute();
    expect(mails).toHaveLength(due);
    expect(new Set(mails.map((mail) => mail.recipient)).size).toBe(due);
    expect(mails.filter((mail) => mail.recipient.endsWith("@lote.example"))).toHaveLength(count);
    // One an hour from the first, the killed run's and the second's in one sequence.
    const gaps = mails
      .slice(1)
      .map((mail, index) => Number(mail.next_attempt_at) - Number(mails[index]!.next_attempt_at));
    expect(new Set(gaps)).toEqual(new Set([HOUR_MS]));

    // Unsubscribed while its notice waits for its hour: the notice is never sent, and its record goes.
    const waiting = mails.at(-1)!.recipient;
    const { token } = await storage.db
      .selectFrom("waitlist")
      .select("token")
      .where("email", "=", waiting)
      .executeTakeFirstOrThrow();
    const oneClick = await fetch(`${env.SITE_URL}/avisos/baja?t=${token}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.status).toBe(200);
    const left = await storage.db
      .selectFrom("outbox")
      .select("id")
      .where("recipient", "=", waiting)
      .where("sent_at", "is", null)
      .execute();
    expect(left).toEqual([]);
    expect((await recipientsOf(storage, survey)).some((row) => row.email === waiting)).toBe(false);
  }, 120_000);

  it.runIf(kind === "embedded")(
    "tells of the new survey right after a restart: a server that stopped no longer counts",
    async () => {
      const january = "https://encuestas.example/enero";
      expect(await app.stop()).toBe(0);
      await startApp(january);
      try {
        // At once: the stopped server's last report, a second old, says it stopped.
        const run = await notify(env, ["--dry-run", "--local-links"]);
        expect(run.code, run.stderr).toBe(0);
        expect(run.stdout).toContain(`Encuesta: ${january}\n`);
      } finally {
        await app.stop();
        await startApp(SURVEY);
      }
    },
    60_000,
  );

  it.runIf(kind === "embedded")(
    "tells of the survey the site links to, with links to the site, and refuses anything else",
    async () => {
      const before = (await noticeMails(storage)).length;
      const run = async (variables: Record<string, string>, args: string[]) => notify({ ...env, ...variables }, args);
      const refusal = async (variables: Record<string, string>, args: string[]) => {
        const result = await run(variables, args);
        expect(result.code, result.stdout).toBe(2);
        return result.stderr;
      };

      // The server's survey, named again by the command's SURVEY_URL or --survey-url: fine.
      expect((await run({ SURVEY_URL: SURVEY }, ["--survey-url", SURVEY, "--dry-run", "--local-links"])).code).toBe(0);
      // Another survey than the site's, by either.
      const other = "https://encuestas.example/otra";
      expect(await refusal({ SURVEY_URL: other }, ["--dry-run", "--local-links"])).toContain(
        `Rechazado: el sitio lleva a ${SURVEY} (SURVEY_URL de los servidores), no a ${other} (SURVEY_URL de este comando)`,
      );
      expect(await refusal({}, ["--survey-url", other, "--local-links"])).toContain(
        `Rechazado: el sitio lleva a ${SURVEY}, no a ${other}: el aviso mandaría a la gente a otra encuesta.`,
      );
      expect(
        await refusal({}, ["--survey-url", "http://encuestas.example/consumo-diciembre", "--local-links"]),
      ).toContain(`Rechazado: el sitio lleva a ${SURVEY}, no a http://encuestas.example/consumo-diciembre`);
      // Links to this machine, unless the organizer says it is a rehearsal; links to another site than the server's.
      expect(await refusal({}, ["--dry-run"])).toContain(
        `Rechazado: los links del email llevarían a ${env.SITE_URL}, una dirección de esta misma máquina`,
      );
      expect(await refusal({ SITE_URL: "https://opinionlabz.example" }, ["--dry-run"])).toContain(
        `Rechazado: los links del email llevarían a https://opinionlabz.example, pero el sitio está en ${env.SITE_URL} (SITE_URL de los servidores). Corré el comando con SITE_URL=${env.SITE_URL}.`,
      );

      // A database no server reports to: the command's own SURVEY_URL, and --survey-url never names one.
      const quiet = await database.another();
      // Made as a server makes it (commands open only an existing database).
      await (await openStorage(parseEnv(quiet, ROOT).database)).db.destroy();
      const onQuiet = (variables: Record<string, string>, args: string[]) => notify({ ...quiet, ...variables }, args);
      const none = await onQuiet({ SITE_URL: "https://opinionlabz.example" }, ["--survey-url", SURVEY, "--yes"]);
      expect(none.code).toBe(2);
      expect(none.stderr).toContain("Rechazado: no sé de qué encuesta avisar: SURVEY_URL no está configurada acá");
      const plain = await onQuiet({ SITE_URL: "http://opinionlabz.example", SURVEY_URL: SURVEY }, ["--yes"]);
      expect(plain.code).toBe(2);
      expect(plain.stderr).toContain(
        "Rechazado: los links del email llevarían a http://opinionlabz.example, sin https",
      );
      const ready = await onQuiet({ SITE_URL: "https://opinionlabz.example", SURVEY_URL: SURVEY }, ["--yes"]);
      expect(ready.code, ready.stderr).toBe(0);
      expect(ready.stdout).toContain("Links del email (baja y borrado): https://opinionlabz.example\n");
      // A server that reports no survey: the site has none open.
      const quietStorage = await openStorage(parseEnv(quiet, ROOT).database);
      try {
        const report = { sheet: {}, mailsPerHour: {}, siteUrl: "https://opinionlabz.example", surveyUrl: null };
        await quietStorage.db
          .insertInto("instances")
          .values({ id: "web-1:7", started_at: Date.now(), seen_at: Date.now(), report: JSON.stringify(report) })
          .execute();
      } finally {
        await quietStorage.db.destroy();
      }
      const closed = await onQuiet({ SITE_URL: "https://opinionlabz.example", SURVEY_URL: SURVEY }, ["--yes"]);
      expect(closed.code).toBe(2);
      expect(closed.stderr).toContain("Rechazado: el sitio no tiene ninguna encuesta abierta");

      // Each usage error names what is wrong, then shows the usage.
      for (const [args, problem] of [
        [["--survey-url"], "Falta el link de la encuesta después de --survey-url."],
        [["--survey-url", "--yes"], "Falta el link de la encuesta después de --survey-url."],
        [["--dry-run", "--yes"], "--dry-run y --yes no van juntos"],
        [["--si"], "«--si» no es una opción de waitlist:notify."],
        [["si"], "Sobra «si»: las opciones empiezan con --."],
        [["--yes", "--yes"], "«--yes» va una sola vez."],
      ] as const) {
        const usage = await run({}, [...args]);
        expect(usage.code, args.join(" ")).toBe(64);
        expect(usage.stderr.startsWith(problem), usage.stderr).toBe(true);
        expect(usage.stderr).toMatch(
          /\nUso: npm run waitlist:notify -- \[--survey-url <https:\/\/…>\] \[--dry-run \| --yes\] \[--local-links\]\n$/,
        );
      }
      // Nothing refused queued anything.
      expect(await noticeMails(storage)).toHaveLength(before);
    },
    120_000,
  );

  it.runIf(kind === "postgres")(
    "run twice at once: each address is told by one of them",
    async () => {
      const count = 200;
      await addAddresses(
        storage,
        Array.from({ length: count }, (_, index) => ({
          email: `c${index}@lote-c.example`,
          status: "confirmed" as const,
        })),
      );
      const runs = await Promise.all([
        notify({ ...env, NOTICE_MAILS_PER_HOUR: "1" }, ["--yes", "--local-links"]),
        notify({ ...env, NOTICE_MAILS_PER_HOUR: "1" }, ["--yes", "--local-links"]),
      ]);
      for (const run of runs) expect(run.code, run.stderr).toBe(0);
      const queued = runs.map((run) => Number(/Se encol(?:ó|aron) (\d+) avisos?/.exec(run.stdout)?.[1]));
      expect(queued[0]! + queued[1]!).toBe(count);
      const recipients = (await recipientsOf(storage, SURVEY)).filter((row) => row.email.endsWith("@lote-c.example"));
      expect(recipients).toHaveLength(count);
      // The run that lost an address to the other queued no mail for it: every notice in the
      // outbox is one an address was claimed for.
      const claimed = new Set(
        (await storage.db.selectFrom("survey_notice_recipients").select("outbox_id").execute()).map(
          (row) => row.outbox_id,
        ),
      );
      const queuedMails = await storage.db
        .selectFrom("outbox")
        .select("id")
        .where("kind", "=", "survey-notice")
        .where("recipient", "like", "%@lote-c.example")
        .execute();
      expect(queuedMails).toHaveLength(count);
      expect(queuedMails.filter((mail) => !claimed.has(mail.id))).toEqual([]);
      for (const { outbox_id } of recipients) expect(queuedMails.some((mail) => mail.id === outbox_id)).toBe(true);
    },
    120_000,
  );
});
