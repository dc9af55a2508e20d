/**
 * Mail that is never lost: the SMTP server down when a visitor signs up, the app killed
 * between accepting and sending, and (on PostgreSQL) two replicas sending one outbox. A real
 * aiosmtpd on loopback receives; the embedded file and a real PostgreSQL store.
 */
import { afterEach, describe, expect, it } from "vitest";
import { enqueueMail, outboxBacklog, type OutboxHealth } from "~/lib/mail/outbox.server";
import { parseEnv } from "~/lib/server/parse-env.server";
import { openStorage, type Storage } from "~/lib/storage/open-storage.server";
import { ROOT, startAppServer, type AppServer } from "../support/app-server";
import { opsCommand } from "../support/ops-command";
import { startSmtpServer, type SmtpServer } from "../support/smtp-server";
import { DATABASE_KINDS, mailsTo, postSignUp, useDatabase } from "../support/waitlist";

/** `read` over the database `env` names, opened for it alone. */
async function withDatabase<T>(env: Record<string, string>, read: (db: Storage["db"]) => Promise<T>): Promise<T> {
  const { db } = await openStorage(parseEnv(env, ROOT).database);
  try {
    return await read(db);
  } finally {
    await db.destroy();
  }
}

/** The outbox's figures as `npm run status` reads them, from the database `env` names. */
const outboxOf = (env: Record<string, string>): Promise<OutboxHealth> =>
  withDatabase(env, (db) => outboxBacklog(db, Date.now()));

/**
 * Every mail of the outbox is finished (sent or given up): none is due for any sender again,
 * so a second copy could only come from a send already counted. Waits on the stored state,
 * not on a time, with the database opened once for the whole wait: opening it checks the
 * migrations, several statements for each of the poll's reads (docs/testing.md, "Speed").
 */
async function outboxSettled(env: Record<string, string>): Promise<void> {
  await withDatabase(env, (db) =>
    expect.poll(async () => (await outboxBacklog(db, Date.now())).pending, { timeout: 30_000 }).toBe(0),
  );
}

const running: { apps: AppServer[]; smtp: SmtpServer[] } = { apps: [], smtp: [] };

async function app(env: Record<string, string>): Promise<AppServer> {
  const started = await startAppServer(env);
  running.apps.push(started);
  return started;
}

async function smtpServer(options: { running: boolean }): Promise<SmtpServer> {
  const server = await startSmtpServer(options);
  running.smtp.push(server);
  return server;
}

afterEach(async () => {
  await Promise.all(running.apps.splice(0).map((started) => started.stop()));
  await Promise.all(running.smtp.splice(0).map((server) => server.close()));
});

const countTo = (smtp: SmtpServer, address: string) => smtp.mails().filter((mail) => mail.to === address).length;

describe.each(DATABASE_KINDS)("the outbox on the %s database", (kind) => {
  const database = useDatabase(kind);

  it("answers a sign-up while the SMTP server is down, and delivers the mail once it is back", async () => {
    const env = await database.another();
    const smtp = await smtpServer({ running: false });
    const site = await app({ ...env, SMTP_URL: smtp.url });
    const response = await postSignUp(site, { email: "sin-smtp@example.com", client: "198.51.100.10" });
    expect(response.status).toBe(200);
    await expect.poll(() => site.output()).toContain('"event":"mail.retry"');

    await smtp.start();
    await mailsTo(smtp, "sin-smtp@example.com");
    await outboxSettled(env);
    expect(countTo(smtp, "sin-smtp@example.com")).toBe(1);
    expect(site.output()).not.toContain("sin-smtp@");
  });

  it("gives up a mail the SMTP server refuses for good (550), says so in npm run status, and goes on with the others", async () => {
    const env = await database.another();
    const smtp = await smtpServer({ running: true });
    const site = await app({ ...env, SMTP_URL: smtp.url });
    expect((await postSignUp(site, { email: "rechazo@example.com", client: "198.51.100.11" })).status).toBe(200);
    await expect.poll(() => site.output()).toContain('"event":"mail.given_up"');
    expect(site.output()).toMatch(
      /"event":"mail.given_up","kind":"waitlist-confirm","to":"r•+@example.com","attempt":1,"error":"[^"]*550/,
    );
    expect(await outboxOf(env)).toEqual({ pending: 0, oldestAgeSeconds: null, givenUp: 1 });
    const status = await opsCommand("status", [], env);
    expect(status.stdout).toContain("  En espera: 0.\n  Abandonados en los últimos 30 días: 1.\n");
    // A mail given up today needs the organizer: status says so, and exits 3 for a monitor.
    expect(status.code).toBe(3);
    expect(status.stdout).toContain("Para revisar:\n  - 1 email abandonado en las últimas 24 horas:");

    // Later mail still goes out, and the refused one is never tried again.
    expect((await postSignUp(site, { email: "acepta@example.com", client: "198.51.100.11" })).status).toBe(200);
    await mailsTo(smtp, "acepta@example.com");
    await outboxSettled(env);
    expect(site.output().match(/"event":"mail\.(given_up|retry)"/g)).toHaveLength(1);
    expect(await outboxOf(env)).toMatchObject({ pending: 0, givenUp: 1 });
  });

  it("tries a given-up confirmation again when the inbox signs up again, then holds its 30 days", async () => {
    const env = await database.another();
    const smtp = await smtpServer({ running: true });
    const site = await app({ ...env, SMTP_URL: smtp.url });
    expect((await postSignUp(site, { email: "rechazo@gmail.com", client: "198.51.100.12" })).status).toBe(200);
    await expect.poll(() => site.output()).toContain('"event":"mail.given_up"');
    // The same Gmail inbox, spelt so that the sink takes it: the given-up mail reached no one,
    // so the answer's "te llega un email" holds again.
    expect((await postSignUp(site, { email: "r.echazo@gmail.com", client: "198.51.100.13" })).status).toBe(200);
    await mailsTo(smtp, "r.echazo@gmail.com");
    // Delivered now: the next sign-up of the inbox, in any spelling, gets no mail for 30 days.
    expect((await postSignUp(site, { email: "re.chazo@gmail.com", client: "198.51.100.14" })).status).toBe(200);
    expect((await postSignUp(site, { email: "control-reintento@example.com", client: "198.51.100.14" })).status).toBe(
      200,
    );
    await mailsTo(smtp, "control-reintento@example.com");
    await outboxSettled(env);
    expect(
      smtp
        .mails()
        .filter((mail) => mail.to.endsWith("@gmail.com"))
        .map((mail) => mail.to),
    ).toEqual(["r.echazo@gmail.com"]);
  });

  it("gives up at once a recipient the mailer refuses to read, and counts it", async () => {
    const env = await database.another();
    // A row from before every address went through one parser: the envelope cannot carry it.
    const { db } = await openStorage(parseEnv(env, ROOT).database);
    await enqueueMail(
      db,
      {
        kind: "waitlist-confirm",
        to: "victima@example.com>\r\nRCPT TO:<otra@example.com",
        subject: "x",
        text: "x",
        html: "x",
      },
      Date.now(),
    );
    await db.destroy();
    const smtp = await smtpServer({ running: true });
    const site = await app({ ...env, SMTP_URL: smtp.url });
    await expect.poll(() => site.output()).toContain('"event":"mail.given_up"');
    expect(site.output()).toMatch(/"event":"mail.given_up","kind":"waitlist-confirm","to":"[^"]*","attempt":1,/);
    expect(await outboxOf(env)).toMatchObject({ pending: 0, givenUp: 1 });
    expect(smtp.mails()).toEqual([]);
  });

  it("delivers after a SIGKILL between accepting and sending, once, and never resends what went out", async () => {
    const env = await database.another();
    const smtp = await smtpServer({ running: true });
    const first = await app({ ...env, SMTP_URL: smtp.url });
    await postSignUp(first, { email: "antes@example.com", client: "198.51.100.11" });
    await mailsTo(smtp, "antes@example.com");

    await smtp.stop();
    expect((await postSignUp(first, { email: "despues@example.com", client: "198.51.100.11" })).status).toBe(200);
    // The failed attempt has released the row: the kill comes between accepting and sending.
    await expect.poll(() => first.output()).toContain('"event":"mail.retry"');
    first.process.kill("SIGKILL");
    await first.stop();

    await smtp.start();
    await app({ ...env, SMTP_URL: smtp.url });
    await mailsTo(smtp, "despues@example.com");
    await outboxSettled(env);
    expect(countTo(smtp, "despues@example.com")).toBe(1);
    expect(countTo(smtp, "antes@example.com")).toBe(1);
  });
});

describe("two replicas on one PostgreSQL", () => {
  const database = useDatabase("postgres");

  it("send each mail once", async () => {
    const smtp = await smtpServer({ running: true });
    const replicas = [
      await app({ ...database.env, SMTP_URL: smtp.url }),
      await app({ ...database.env, SMTP_URL: smtp.url }),
    ];
    const addresses = Array.from({ length: 40 }, (_, i) => `replica-${i}@example.com`);
    // Sign-ups reach both at once: each replica's sender claims from one outbox while the other does.
    const responses = await Promise.all(
      addresses.map((email, i) => postSignUp(replicas[i % 2]!, { email, client: `198.51.100.${20 + (i % 10)}` })),
    );
    expect(responses.map((response) => response.status)).toEqual(addresses.map(() => 200));
    await expect.poll(() => smtp.mails().length, { timeout: 30_000 }).toBeGreaterThanOrEqual(addresses.length);
    await outboxSettled(database.env);
    expect(
      smtp
        .mails()
        .map((mail) => mail.to)
        .sort(),
    ).toEqual([...addresses].sort());
    const sent = replicas.map((replica) => replica.output().split('"event":"mail.sent"').length - 1);
    expect(sent[0]! + sent[1]!, `sent per replica: ${sent.join(" + ")}`).toBe(addresses.length);
  });
});
