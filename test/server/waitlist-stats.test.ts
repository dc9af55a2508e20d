/**
 * The organizer's data commands as typed, through `npm run` (npm's own output included), on the
 * embedded database and a real PostgreSQL: `waitlist:stats` counts a known set of sign-ups,
 * inserted with known instants, by status and per ISO week on Argentina's wall clock (its clock
 * injected, test/support/clock-at.mjs), and the outbox by state; `waitlist:export > file` and
 * the stats write nothing but their data on stdout.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "~/lib/server/parse-env.server";
import { openStorage, type Storage } from "~/lib/storage/open-storage.server";
import type { OutboxTable, WaitlistTable } from "~/lib/storage/schema";
import { ROOT } from "../support/app-server";
import { npmRun } from "../support/ops-command";
import { DATABASE_KINDS, useDatabase } from "../support/waitlist";

/** Wednesday 25 November 2026, 12:00 in Argentina: the week in progress began Monday 23 at 00:00 there (03:00 UTC). */
const NOW = new Date("2026-11-25T15:00:00Z");
const DAY = 24 * 60 * 60 * 1000;

const signUp = (
  email: string,
  status: WaitlistTable["status"],
  subscribed: string,
  more: Partial<WaitlistTable> = {},
): WaitlistTable => ({
  email,
  mailbox: email,
  also_filed_under: null,
  status,
  token: `token-${email}`,
  subscribed_at: Date.parse(subscribed),
  confirmed_at: null,
  unsubscribed_at: null,
  confirm_expires_at: status === "pending" ? Date.parse(subscribed) + 7 * DAY : null,
  last_mail_at: Date.parse(subscribed),
  draw_notices_at: null,
  ...more,
});

/** The list, each row's instants chosen against the week boundaries (Monday 00:00 in Argentina = 03:00 UTC). */
const SIGN_UPS: WaitlistTable[] = [
  // Monday 5 October at 00:00 in Argentina: the first of the eight weeks.
  signUp("a@example.com", "confirmed", "2026-10-05T03:00:00Z", { confirmed_at: Date.parse("2026-10-05T03:10:00Z") }),
  // Sunday 4 October 23:59 in Argentina: the week before the eight; confirmed in the first.
  signUp("b@example.com", "confirmed", "2026-10-05T02:59:59.999Z", {
    confirmed_at: Date.parse("2026-10-06T12:00:00Z"),
  }),
  signUp("c@example.com", "unsubscribed", "2026-11-02T12:00:00Z", {
    confirmed_at: Date.parse("2026-11-03T12:00:00Z"),
    unsubscribed_at: Date.parse("2026-11-10T12:00:00Z"),
  }),
  // Its link expired on 17 November: deleted before counting, as the export does.
  signUp("expired@example.com", "pending", "2026-11-10T12:00:00Z"),
  signUp("d@example.com", "pending", "2026-11-22T23:00:00Z"),
  // Monday 02:30 UTC is still Sunday 23:30 in Argentina: last week.
  signUp("e@example.com", "pending", "2026-11-23T02:30:00Z"),
  signUp("f@example.com", "confirmed", "2026-11-23T03:00:00Z", { confirmed_at: Date.parse("2026-11-25T14:00:00Z") }),
  signUp("h@example.com", "confirmed", "2025-03-01T12:00:00Z", { confirmed_at: Date.parse("2025-03-01T13:00:00Z") }),
];

/** Week, its Monday, sign-ups, confirmations: what the stats must print for SIGN_UPS, oldest first. */
const WEEKS = [
  ["2026-W41", "5/10/2026", 1, 2],
  ["2026-W42", "12/10/2026", 0, 0],
  ["2026-W43", "19/10/2026", 0, 0],
  ["2026-W44", "26/10/2026", 0, 0],
  ["2026-W45", "2/11/2026", 1, 1],
  ["2026-W46", "9/11/2026", 0, 0],
  ["2026-W47", "16/11/2026", 2, 0],
  ["2026-W48", "23/11/2026", 1, 1],
];

const mail = (id: string, state: Partial<OutboxTable>): OutboxTable => ({
  id,
  kind: "waitlist-confirm",
  recipient: `${id}@example.com`,
  reply_to: null,
  mailbox: `${id}@example.com`,
  subject: "Confirmá tu email",
  text_body: "¡Hola!",
  html_body: "<p>¡Hola!</p>",
  headers: "{}",
  created_at: NOW.getTime() - DAY,
  attempts: 0,
  next_attempt_at: NOW.getTime() - DAY,
  claimed_until: null,
  sent_at: null,
  gave_up_at: null,
  last_error: null,
  paced: null,
  network: null,
  domain: null,
  also_filed_under: null,
  ...state,
});

const SENT = { attempts: 1, sent_at: NOW.getTime() - DAY };
const OUTBOX: OutboxTable[] = [
  mail("queued-1", {}),
  mail("queued-2", {}),
  mail("retrying", { attempts: 2, last_error: "connect ECONNREFUSED" }),
  mail("sent-1", SENT),
  mail("sent-2", SENT),
  mail("sent-3", SENT),
  mail("given-up", { attempts: 1, gave_up_at: NOW.getTime() - DAY, last_error: "550 no such mailbox" }),
];

/** A "label: number" line of the stats. */
function figure(output: string, label: string): number {
  const match = new RegExp(`^\\s+${label.replace(/[()]/g, "\\$&")}:\\s+(\\d+)$`, "m").exec(output);
  if (!match) throw new Error(`no "${label}" in:\n${output}`);
  return Number(match[1]);
}

describe.each(DATABASE_KINDS)("the organizer's data commands on the %s database", (kind) => {
  const database = useDatabase(kind);
  let storage: Storage;

  beforeAll(async () => {
    storage = await openStorage(parseEnv(database.env, ROOT).database);
    await storage.db.insertInto("waitlist").values(SIGN_UPS).execute();
    await storage.db.insertInto("outbox").values(OUTBOX).execute();
  });
  afterAll(async () => {
    await storage?.db.destroy();
  });

  it("waitlist:stats counts the list by status, the last 8 ISO weeks in Argentina time, and the outbox by state", async () => {
    const stats = await npmRun("waitlist:stats", [], database.env, { clockAt: NOW });
    expect(stats.code, stats.stderr).toBe(0);
    // Data only: npm's banner ("> waitlist:stats") and the start-up log lines are on stderr.
    expect(stats.stdout.split("\n")[0]).toBe(
      "Lista de avisos de Opinion Labz, al 25/11/2026, 12:00 (hora de Argentina)",
    );
    expect(stats.stdout).not.toMatch(/^> |storage\.ready|\[config\]/m);
    // npm says nothing of its own in this directory (.npmrc), on either stream.
    expect(stats.stderr).not.toMatch(/^> |^npm /m);

    expect(figure(stats.stdout, "pendientes de confirmar")).toBe(2);
    expect(figure(stats.stdout, "confirmadas")).toBe(4);
    expect(figure(stats.stdout, "dadas de baja (no les escribimos)")).toBe(1);
    expect(figure(stats.stdout, "total")).toBe(7);

    const weeks = [...stats.stdout.matchAll(/^\s+(\d{4}-W\d{2})\s+(\S+)\s+(\d+)\s+(\d+)/gm)].map((row) => [
      row[1],
      row[2],
      Number(row[3]),
      Number(row[4]),
    ]);
    expect(weeks).toEqual(WEEKS);
    expect(stats.stdout).toMatch(/2026-W48 .*\(en curso\)$/m);

    expect(figure(stats.stdout, "en espera, sin intentar todavía")).toBe(2);
    expect(figure(stats.stdout, "en espera, reintentando después de un error")).toBe(1);
    expect(figure(stats.stdout, "enviados (se guardan 30 días)")).toBe(3);
    expect(figure(stats.stdout, "no enviados, abandonados (se guardan 30 días)")).toBe(1);

    // The expired link went, as with the export.
    const left = await storage.db.selectFrom("waitlist").select("email").execute();
    expect(left.map((row) => row.email)).not.toContain("expired@example.com");
  });

  it("`npm run waitlist:export > file` gives a file whose first line is the CSV header", async () => {
    // At the same instant as the stats: by the real clock the pending links may have expired.
    const exported = await npmRun("waitlist:export", [], database.env, { clockAt: NOW });
    expect(exported.code, exported.stderr).toBe(0);
    const lines = exported.stdout.split("\n");
    expect(lines[0]).toBe("email,status,subscribed_at,confirmed_at");
    // The header, one line per address kept (7) and the final line break: nothing else.
    expect(lines).toHaveLength(1 + 7 + 1);
    expect(lines.at(-1)).toBe("");
    expect(exported.stderr).not.toMatch(/^> |^npm /m);
  });

  it.runIf(kind === "embedded")(
    "a command that fails through npm run prints its own Spanish lines alone: no npm error, no JSON, nothing on stdout",
    async () => {
      const usage = await npmRun("waitlist:export", ["--todo"], database.env);
      expect(usage.code).toBe(64);
      expect(usage.stdout).toBe("");
      expect(usage.stderr).toBe(
        "waitlist:export no lleva argumentos: sobra «--todo».\nUso: npm run waitlist:export   (sin argumentos)\n",
      );
      const missing = await npmRun("waitlist:export", [], { DATA_DIR: path.join(ROOT, "no-such-data-dir") });
      expect(missing.code).toBe(1);
      expect(missing.stdout).toBe("");
      expect(missing.stderr).toMatch(
        /^\[storage\] no hay ninguna base de datos en .*no-such-data-dir\/opinion-labz\.sqlite\..*Revisá DATA_DIR/m,
      );
      expect(missing.stderr).not.toMatch(/^npm |"error"/m);
      expect(existsSync(path.join(ROOT, "no-such-data-dir"))).toBe(false);
    },
  );
});
