/**
 * Start-up with the database and mail settings: a database that cannot be opened stops the
 * server with a message naming the variable (never its value); without SMTP_URL production
 * warns and keeps mails waiting until a server with SMTP_URL sends them.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { freePort, startAppServer, type AppServer } from "../support/app-server";
import { opsCommand } from "../support/ops-command";
import { createPostgresDatabase } from "../support/postgres";
import { startSmtpServer } from "../support/smtp-server";
import { exportWaitlist, mailsTo, postSignUp } from "../support/waitlist";

let directory: string;
const apps: AppServer[] = [];

async function app(env: Record<string, string>, port?: number): Promise<AppServer> {
  const started = await startAppServer(env, { port });
  apps.push(started);
  return started;
}

beforeAll(() => {
  directory = mkdtempSync(path.join(tmpdir(), "site-start-"));
});
afterAll(async () => {
  await Promise.all(apps.map((started) => started.stop()));
  rmSync(directory, { recursive: true, force: true });
});

describe("a database that cannot be opened stops start-up", () => {
  it("names DATA_DIR when the embedded file cannot be created there", async () => {
    const notADirectory = path.join(directory, "a-file");
    writeFileSync(notADirectory, "");
    const failure = await startAppServer({ DATA_DIR: notADirectory }).then(
      () => "started",
      (error: Error) => error.message,
    );
    expect(failure).toMatch(/server exited during start-up/);
    expect(failure).toMatch(
      /\[storage\] No se pudo abrir ni preparar la base de datos embebida \(.*a-file\/opinion-labz\.sqlite\) de DATA_DIR: /,
    );
  });

  it("names DATA_DIR within seconds when the path cannot hold a directory at all (/proc/nope)", async () => {
    const started = performance.now();
    const failure = await startAppServer({ DATA_DIR: "/proc/nope" }).then(
      () => "started",
      (error: Error) => error.message,
    );
    // Node's recursive mkdir never returned there: the server hung for over ten minutes.
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(failure).toMatch(
      /\[storage\] No se pudo abrir ni preparar la base de datos embebida \(\/proc\/nope\/opinion-labz\.sqlite\) de DATA_DIR: .*ENOENT/,
    );
  });

  it("names DATABASE_URL when PostgreSQL does not answer, and never prints its password", async () => {
    const port = await freePort();
    const failure = await startAppServer({ DATABASE_URL: `postgres://site:s3cr3t-pw@127.0.0.1:${port}/site` }).then(
      () => "started",
      (error: Error) => error.message,
    );
    expect(failure).toMatch(/\[storage\] No se pudo abrir ni preparar la base de datos PostgreSQL de DATABASE_URL: /);
    expect(failure).not.toContain("s3cr3t-pw");
  });
});

describe("the organizer's commands never create a database", () => {
  /** Every command that opens the database, with arguments it accepts. */
  const COMMANDS: [string, string[]][] = [
    ["status", []],
    ["waitlist:export", []],
    ["waitlist:stats", []],
    ["waitlist:notify", ["--dry-run"]],
    ["privacy", ["show", "nora@example.com"]],
    ["privacy", ["delete", "nora@example.com", "--yes"]],
    ["draw", ["status"]],
  ];

  it.each(["missing", "/proc/nope"])(
    "each refuses DATA_DIR %s within seconds, in Spanish, naming DATA_DIR, and leaves nothing behind",
    async (where) => {
      const dataDir = where === "missing" ? path.join(directory, "mistyped", "data") : where;
      const runs = await Promise.all(
        COMMANDS.map(async ([script, args]) => {
          const started = performance.now();
          const run = await opsCommand(script, args, { DATA_DIR: dataDir, NODE_ENV: "test" });
          return { script, args, run, ms: performance.now() - started };
        }),
      );
      for (const { script, args, run, ms } of runs) {
        const what = `${script} ${args.join(" ")}`;
        expect(run.code, `${what}: ${run.stderr}`).toBe(1);
        expect(run.stdout, what).toBe("");
        expect(run.stderr, what).toContain(
          `[storage] no hay ninguna base de datos en ${path.join(dataDir, "opinion-labz.sqlite")}. Los comandos no crean una: la crea el servidor la primera vez que arranca. Revisá DATA_DIR: tiene que ser la misma carpeta que usa el servidor.\n`,
        );
        // Seven commands at once on a busy machine; the bug was a hang of over ten minutes.
        expect(ms, what).toBeLessThan(30_000);
      }
      expect(existsSync(path.join(directory, "mistyped"))).toBe(false);
    },
    60_000,
  );

  it("refuses a PostgreSQL database without the site's tables, naming DATABASE_URL, and creates none of them", async () => {
    const url = await createPostgresDatabase(inject("postgresAdminUrl"));
    const run = await opsCommand("waitlist:export", [], { DATABASE_URL: url });
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr).toContain(
      "[storage] la base de datos de DATABASE_URL no tiene las tablas del sitio. Los comandos no las crean: las crea el servidor la primera vez que arranca. Revisá DATABASE_URL: tiene que ser la misma que usan los servidores.\n",
    );
    expect(run.stderr).not.toContain(url);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query("select tablename from pg_tables where schemaname = 'public'");
      expect(rows).toEqual([]);
    } finally {
      await client.end();
    }
    // Said so, `status` makes the tables of an empty database, for a move to PostgreSQL.
    const created = await opsCommand("status", ["--create-database", "--json"], { DATABASE_URL: url });
    expect(created.code, created.stderr).toBe(3);
    expect(JSON.parse(created.stdout)).toMatchObject({ database: "postgres", servers: [] });
    expect((await opsCommand("waitlist:export", [], { DATABASE_URL: url })).code).toBe(0);
  });
});

describe("without SMTP_URL", () => {
  it("on this machine only (npm start, SITE_URL unset), prints each mail to the log with its links", async () => {
    const local = await app({ DATA_DIR: path.join(directory, "local") });
    try {
      expect((await postSignUp(local, { email: "local@example.com", client: "198.51.100.41" })).status).toBe(200);
      await expect
        .poll(() => local.output())
        .toContain("[mail] (no se envió: SMTP_URL no está configurada) a l•••@example.com");
      const link = local.output().match(/http:\/\/localhost:\d+\/avisos\/confirmar\?t=[\w-]+/)?.[0];
      expect(link, "a confirm link on the server's own origin").toBeDefined();
      expect(local.output(), "never the address in full").not.toContain("local@example.com");
      const page = await fetch(link!.replace("localhost", "127.0.0.1"));
      expect(page.status).toBe(200);
    } finally {
      await local.stop();
    }
  });

  it.each([
    ["in the image with SITE_URL unset", { RUNS_IN_IMAGE: "1" }],
    [
      "outside production (NODE_ENV=test) with a public SITE_URL",
      { NODE_ENV: "test", SITE_URL: "https://opinionlabz.example" },
    ],
  ])("%s, never prints a mail to the log: warns and keeps it", async (label, settings) => {
    const env = { DATA_DIR: path.join(directory, label.replaceAll(" ", "-")), ...settings };
    const waiting = await app(env);
    expect(waiting.output()).toContain("[mail] SMTP_URL no está configurada: los emails esperan en el outbox");
    expect((await postSignUp(waiting, { email: "nadie-lee@example.com", client: "198.51.100.42" })).status).toBe(200);
    expect(await exportWaitlist(env)).toEqual([expect.objectContaining({ email: "nadie-lee@example.com" })]);
    // Kept in the outbox: it waits there for a server with SMTP_URL.
    const status = await opsCommand("status", ["--json"], env);
    expect((JSON.parse(status.stdout) as { outbox: { pending: number } }).outbox.pending).toBe(1);
    expect(waiting.output()).not.toContain("[mail] (not sent");
    expect(waiting.output()).not.toContain("/avisos/confirmar?t=");
  });

  it("in production warns at start-up and keeps the mail until a server with SMTP_URL sends it", async () => {
    const env = { DATA_DIR: path.join(directory, "production"), SITE_URL: "https://opinionlabz.example" };
    const waiting = await app(env);
    expect(waiting.output()).toContain("[mail] SMTP_URL no está configurada: los emails esperan en el outbox");
    expect((await postSignUp(waiting, { email: "espera@example.com", client: "198.51.100.40" })).status).toBe(200);
    expect(await exportWaitlist(env)).toEqual([
      expect.objectContaining({ email: "espera@example.com", status: "pending" }),
    ]);
    await waiting.stop();

    const smtp = await startSmtpServer();
    try {
      await app({ ...env, SMTP_URL: smtp.url });
      await mailsTo(smtp, "espera@example.com");
    } finally {
      await smtp.close();
    }
  });
});
