/**
 * The month's draw end to end over HTTP, on the embedded database and on a real PostgreSQL:
 * the server commits the upcoming draw's seed at start-up; `npm run draw` (the CLI ops run,
 * against the same database, while the server runs, with an injected clock) refuses before
 * the instant, draws once, refuses again, redraws after 30 days among the other entries; the
 * page publishes each record, the ids list downloads as plain text, and the record reaches
 * CONTACT_EMAIL through a real SMTP server. Winners are recomputed here from docs/draw.md.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, startAppServer, type AppServer } from "../support/app-server";
import { drawCommand, expectedWinners, printed, sha256, upcomingIn } from "../support/draw-command";
import { startSmtpServer, type SmtpServer } from "../support/smtp-server";
import { DATABASE_KINDS, mailsTo, useDatabase } from "../support/waitlist";

const CONTACT = "equipo@example.com";
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const BEACON_0 = "7d36f04b".repeat(8);
const BEACON_1 = "0e23a01c".repeat(8);

/** Valid rows, a repeated id (counts once, in its first place) and a row without a country (not valid). */
const SHEET = [
  "nombre,pais,id,fecha",
  "María José González,Argentina,OL-1001,2026-11-01",
  "Juan Pérez,México,OL-1002,2026-11-02",
  "Lucía Fernández,Chile,OL-1003,2026-11-03",
  "Juan Pérez,México,OL-1002,2026-11-04",
  "Sin País,,OL-1005,2026-11-05",
  "Camila Rodríguez,Colombia,OL-1006,2026-11-06",
].join("\n");
const IDS = ["OL-1001", "OL-1002", "OL-1003", "OL-1006"];
const PUBLISHED_NAMES: Record<string, string> = {
  "OL-1001": "María G.",
  "OL-1002": "Juan P.",
  "OL-1003": "Lucía F.",
  "OL-1006": "Camila R.",
};

describe.each(DATABASE_KINDS)("the draw on the %s database", (kind) => {
  const database = useDatabase(kind);
  let smtp: SmtpServer;
  let app: AppServer;
  let sheetDir: string;
  let env: Record<string, string>;

  const page = async () => (await fetch(`${app.origin}/sorteos`)).text();
  // The built command, as the image runs it; the browser test runs the checkout's (tsx).
  const draw = (args: string[], now?: Date) => drawCommand(env, args, { now, built: true });

  beforeAll(async () => {
    smtp = await startSmtpServer();
    sheetDir = mkdtempSync(path.join(tmpdir(), "draw-sheet-"));
    writeFileSync(path.join(sheetDir, "sheet.csv"), SHEET);
    const port = await freePort();
    env = {
      ...database.env,
      PARTICIPANTS_CSV_URL: path.join(sheetDir, "sheet.csv"),
      CONTACT_EMAIL: CONTACT,
      SITE_URL: `http://127.0.0.1:${port}`,
    };
    app = await startAppServer({ ...env, SMTP_URL: smtp.url, SHARED_MAX_AGE_SECONDS: "1" }, { port });
  });
  afterAll(async () => {
    await app?.stop();
    await smtp?.close();
    rmSync(sheetDir, { recursive: true, force: true });
  });

  it("commits, refuses early, draws once, publishes the record and list, mails it, and redraws after 30 days", async () => {
    // Committed at start-up: the page shows the commitment `status` prints, for a draw still ahead.
    const status = await draw(["status"]);
    expect(status.code).toBe(0);
    const upcoming = upcomingIn(status.stdout);
    expect(upcoming.drawAt.getTime()).toBeGreaterThan(Date.now());
    expect(await page()).toContain(upcoming.commitment);

    const early = await draw(["run", "--beacon", BEACON_0], new Date(upcoming.drawAt.getTime() - MINUTE));
    expect(early.code).toBe(2);
    expect(early.stderr).toContain("No draw is due yet");
    expect(early.stdout).toBe("");

    // DRAW_NOW is the tests' clock only: in production it is ignored, and the real clock says "not yet".
    const ignored = await drawCommand(env, ["run", "--beacon", BEACON_0], {
      now: new Date(upcoming.drawAt.getTime() + 31 * MINUTE),
      nodeEnv: "production",
      built: true,
    });
    expect(ignored.code).toBe(2);
    expect(ignored.stderr).toContain("No draw is due yet");

    const badBeacon = await draw(["run", "--beacon", "not-hex"], new Date(upcoming.drawAt.getTime() + 31 * MINUTE));
    expect(badBeacon.code).toBe(2);
    expect(badBeacon.stderr).toContain("--beacon");

    const run = await draw(["run", "--beacon", BEACON_0], new Date(upcoming.drawAt.getTime() + 31 * MINUTE));
    expect(run.code, run.stderr).toBe(0);
    const seed = printed(run.stdout, "seed");
    const listHash = printed(run.stdout, "list hash");
    expect(sha256(seed)).toBe(upcoming.commitment);
    expect(listHash).toBe(sha256(IDS.map((id) => `${id}\n`).join("")));
    expect(printed(run.stdout, "entries")).toBe("4");
    const [winner] = expectedWinners(seed, IDS, [BEACON_0]);
    expect(run.stdout).toContain(`Winner of round 0: ${winner}\n`);
    expect(run.stdout).toContain(`published as "${PUBLISHED_NAMES[winner!]}"`);

    const again = await draw(["run", "--beacon", BEACON_1], new Date(upcoming.drawAt.getTime() + 40 * MINUTE));
    expect(again.code).toBe(2);
    expect(again.stderr).toContain("already made");

    // The ids list: exactly the bytes that were hashed, as plain text.
    const date = upcoming.drawAt.toISOString().slice(0, 10);
    const list = await fetch(`${app.origin}/sorteos/${date}/ids.txt`);
    expect(list.status).toBe(200);
    expect(list.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    // Frozen for good, so any cache may keep it a day; any site may fetch it to check the draw.
    expect(list.headers.get("cache-control")).toBe("public, max-age=86400, no-transform");
    expect(list.headers.get("access-control-allow-origin")).toBe("*");
    const bytes = Buffer.from(await list.arrayBuffer());
    expect(bytes.toString("utf8")).toBe("OL-1001\nOL-1002\nOL-1003\nOL-1006\n");
    expect(sha256(bytes.toString("utf8"))).toBe(listHash);
    const missing = await fetch(`${app.origin}/sorteos/2020-01-06/ids.txt`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get("cache-control")).toBe("no-store");
    expect(await missing.text()).toBe("No hay un sorteo hecho en esa fecha.\n");

    // The page publishes the record once its stored copy (1 s here) is renewed.
    await expect.poll(page, { timeout: 30_000 }).toContain(seed);
    const html = await page();
    for (const value of [listHash, upcoming.commitment, BEACON_0, winner!, PUBLISHED_NAMES[winner!]!]) {
      expect(html).toContain(value);
    }
    expect(html).toContain(`http://127.0.0.1:${new URL(app.origin).port}/sorteos/${date}/ids.txt`);
    // The next month is committed right after the draw, and shown as upcoming.
    const next = upcomingIn((await draw(["status"])).stdout);
    expect(next.drawAt.getTime()).toBeGreaterThan(upcoming.drawAt.getTime() + 27 * DAY);
    expect(html).toContain(next.commitment);

    const [mail] = await mailsTo(smtp, CONTACT);
    expect(mail!.subject).toContain(winner);
    expect(mail!.text).toContain(seed);
    expect(mail!.text).toContain(listHash);

    // Redraw: refused inside the 30-day claim period, then among the entries left.
    const soon = await draw(["redraw", "--beacon", BEACON_1], new Date(upcoming.drawAt.getTime() + 29 * DAY));
    expect(soon.code).toBe(2);
    expect(soon.stderr).toContain("allowed from");
    const redraw = await draw(
      ["redraw", "--beacon", BEACON_1],
      new Date(upcoming.drawAt.getTime() + 30 * DAY + 31 * MINUTE),
    );
    expect(redraw.code, redraw.stderr).toBe(0);
    const [, second] = expectedWinners(seed, IDS, [BEACON_0, BEACON_1]);
    expect(second).not.toBe(winner);
    expect(redraw.stdout).toContain(`Winner of round 1: ${second}\n`);
    await expect.poll(page, { timeout: 30_000 }).toContain(BEACON_1);
    const mails = await mailsTo(smtp, CONTACT, 2);
    expect(mails[1]!.subject).toContain(second);
  });
});
