/**
 * A health check that tells nothing and never waits, and the organizer's command that tells the
 * rest (docs/decisions/070-health-says-status-details-in-a-command.md), on both databases: the
 * built server, a sign-up whose mail waits (the SMTP server is down), `/healthz` with status only,
 * `npm run status` as the organizer types it, and `/healthz` answering at once while another
 * connection holds the database locked (an exclusive write transaction on the embedded file,
 * `LOCK TABLE … IN ACCESS EXCLUSIVE MODE` on PostgreSQL).
 */
import path from "node:path";
import Sqlite from "better-sqlite3";
import pg from "pg";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freezeDueDraw } from "~/lib/draw-records/freeze.server";
import { ensureUpcoming } from "~/lib/draw-records/stored-draws.server";
import { parseEnv } from "~/lib/server/parse-env.server";
import { openStorage } from "~/lib/storage/open-storage.server";
import { ROOT, startAppServer, type AppServer } from "../support/app-server";
import { DRAW, noNotices, sheet } from "../support/draw-records";
import { npmRun, opsCommand } from "../support/ops-command";
import { startSmtpServer, type SmtpServer } from "../support/smtp-server";
import { DATABASE_KINDS, postSignUp, useDatabase } from "../support/waitlist";

interface Health {
  status: string;
  participants: { source: string; lastError: string | null };
  database: { kind: string; answers: boolean };
}

/** /healthz, with how long it took to answer. */
async function health(app: AppServer): Promise<{ status: number; body: Health; ms: number }> {
  const started = performance.now();
  const response = await fetch(`${app.origin}/healthz`);
  const body = (await response.json()) as Health;
  return { status: response.status, body, ms: performance.now() - started };
}

/** Holds every table of the site's database locked from another connection until `release`. */
async function lockDatabase(env: Record<string, string>): Promise<{ release: () => Promise<void> }> {
  if (env.DATABASE_URL) {
    const client = new pg.Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    const { rows } = await client.query<{ tablename: string }>(
      "select tablename from pg_tables where schemaname = 'public'",
    );
    await client.query("begin");
    await client.query(`lock table ${rows.map((row) => `"${row.tablename}"`).join(", ")} in access exclusive mode`);
    return {
      release: async () => {
        await client.query("rollback");
        await client.end();
      },
    };
  }
  const database = new Sqlite(path.join(env.DATA_DIR!, "opinion-labz.sqlite"));
  database.exec("begin exclusive");
  return {
    release: async () => {
      database.exec("rollback");
      database.close();
    },
  };
}

describe.each(DATABASE_KINDS)("health and status on the %s database", (kind) => {
  const database = useDatabase(kind);
  let smtp: SmtpServer;
  let app: AppServer;

  beforeAll(async () => {
    smtp = await startSmtpServer({ running: false });
    // The product's mail budgets, not the roomy ones of the other test servers.
    app = await startAppServer({
      ...database.env,
      SMTP_URL: smtp.url,
      FORM_MAILS_PER_HOUR: undefined,
      CONTACT_MAILS_PER_HOUR: undefined,
    });
  });
  afterAll(async () => {
    await app?.stop();
    await smtp?.close();
  });

  it("/healthz says status only; npm run status prints the servers, the outbox, the budgets and the notices", async () => {
    expect((await postSignUp(app, { email: "espera@example.com", client: "198.51.100.20" })).status).toBe(200);
    await expect.poll(() => app.output()).toContain('"event":"mail.retry"');

    const { status, body } = await health(app);
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(["database", "participants", "status"]);
    expect(body).toMatchObject({ status: "ok", participants: { source: "sample" }, database: { kind, answers: true } });

    const printed = await npmRun("status", [], database.env);
    expect(printed.code, printed.stderr).toBe(0);
    expect(printed.stdout).toMatch(/^Estado de Opinion Labz al \d+\/\d+\/\d{4}/);
    expect(printed.stdout).toContain(
      kind === "postgres"
        ? "Base de datos: PostgreSQL (DATABASE_URL), responde."
        : "Base de datos: el archivo embebido (DATA_DIR), responde.",
    );
    expect(printed.stdout).toMatch(/\n {2}\S+:\d+: funcionando; arrancó el .+, última señal hace \d+ s\.\n/);
    expect(printed.stdout).toMatch(
      /\n {4}Participantes: la planilla de EJEMPLO incluida \(PARTICIPANTS_CSV_URL sin configurar\), \d+ filas, bajadas hace \d+ s\. Sin errores\.\n/,
    );
    expect(printed.stdout).toMatch(/\n {2}En espera: 1 \(el más viejo, desde hace \d+ s\)\.\n/);
    expect(printed.stdout).toContain(
      "  A visitantes: 1 de 200 (FORM_MAILS_PER_HOUR). Cada cliente (una dirección IPv4 o un /56 de IPv6) puede gastar 5; cada red (un /24 o un /48), 20; a cada dominio salen 10 por hora (Gmail y los otros grandes, 150).\n",
    );
    expect(printed.stdout).toContain(
      "  Al equipo desde /contacto: 0 de 30 (CONTACT_MAILS_PER_HOUR). Cada cliente puede mandar 3; cada red, 6.\n",
    );
    expect(printed.stdout).toContain("Avisos de encuestas (npm run waitlist:notify): ninguno todavía.\n");
    expect(printed.stdout).toMatch(/\nTodo en orden\.\n$/);

    const json = await opsCommand("status", ["--json"], database.env);
    expect(json.code, json.stderr).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({
      database: kind,
      servers: [{ running: true, report: { sheet: { source: "sample", lastError: null } } }],
      outbox: { pending: 1, givenUp: 0 },
      budgets: { visitors: { perHour: 200 }, spent: { visitors: 1 } },
      notice: null,
      attention: [],
    });

    // Twenty minutes on: the server has not reported for a minute, the mail has waited 15.
    const later = await opsCommand("status", [], database.env, { clockAt: new Date(Date.now() + 20 * 60_000) });
    expect(later.code).toBe(3);
    expect(later.stdout).toContain("sin señales");
    expect(later.stdout).toContain("Para revisar:\n  - Ningún servidor dio señales en el último minuto.\n");
    expect(later.stdout).toMatch(/ {2}- Hay emails esperando desde hace 20 min: revisá SMTP_URL/);

    const usage = await opsCommand("status", ["--todo"], database.env);
    expect(usage.code).toBe(64);
    expect(usage.stderr).toContain("Uso: npm run status [-- --json]");
  }, 60_000);

  it("/healthz answers within 1 s while another connection holds the database locked, and says when it does not answer", async () => {
    const lock = await lockDatabase(database.env);
    const times: number[] = [];
    try {
      // The server's report every 5 s meets the lock, and a second later /healthz says so.
      await expect
        .poll(
          async () => {
            const answer = await health(app);
            expect(answer.status).toBe(200);
            expect(answer.body.status).toBe("ok");
            times.push(answer.ms);
            return answer.body.database.answers;
          },
          { timeout: 20_000, interval: 200 },
        )
        .toBe(false);
    } finally {
      await lock.release();
    }
    expect(Math.max(...times), `answers took ${times.map(Math.round).join(", ")} ms`).toBeLessThan(1000);
    // The log line comes through the server's stderr, which may reach the test after its answer.
    await expect.poll(() => app.output()).toContain('{"event":"storage.health","answers":false,');
    // Released: the next report gets through, and the log says so.
    await expect.poll(async () => (await health(app)).body.database.answers, { timeout: 20_000 }).toBe(true);
    await expect.poll(() => app.output()).toContain('{"event":"storage.health","answers":true}');
  }, 60_000);
});

describe("npm run status on draw day", () => {
  it("exits 3 and says so when the frozen list has no seal of any authority", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "status-draw-day-"));
    try {
      const env = { DATA_DIR: dataDir };
      const storage = await openStorage(parseEnv(env, ROOT).database);
      try {
        // As a server does: registered ahead, frozen at the instant (late by 30 s here, so the
        // command's own start-up on a busy machine cannot turn 9 minutes into 10); no authority
        // answered since.
        await ensureUpcoming(storage.db, DRAW - 24 * 60 * 60_000);
        await freezeDueDraw(storage.db, async () => sheet(["OL-1", "OL-2"]), DRAW + 30_000, noNotices);
      } finally {
        await storage.db.destroy();
      }
      const status = await opsCommand("status", [], env, { clockAt: new Date(DRAW + 10 * 60_000) });
      expect(status.code, status.stderr).toBe(3);
      expect(status.stdout).toContain("  Lista: congelada el 7/12/2026, 12:00; sellos: falta ");
      expect(status.stdout).toMatch(
        /\n {2}- Ninguna autoridad selló la lista del sorteo del 7\/12\/2026, 12:00, congelada hace 9 min;/,
      );
      const json = await opsCommand("status", ["--json"], env, { clockAt: new Date(DRAW + 10 * 60_000) });
      expect(json.code).toBe(3);
      expect(JSON.parse(json.stdout)).toMatchObject({ draw: { drawAt: DRAW, frozenAt: DRAW + 30_000 } });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
