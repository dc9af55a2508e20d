/**
 * The month's draw end to end over HTTP, on the embedded database and on a real PostgreSQL:
 * the server (NODE_ENV=test: a rehearsal never runs beside a production server's database)
 * writes the upcoming draw's record at start-up, with no secret in it; `npm run draw` (the CLI
 * ops run, against the same database, while the server runs, with an injected clock, and two
 * authorities of this file's whose clocks follow it) refuses before the instant, freezes and
 * seals the list, draws once from the list and drand's round alone, refuses again, redraws after
 * 30 days among the other entries; the page publishes each record, the ids list downloads as
 * plain text, and the record reaches CONTACT_EMAIL through a real SMTP server. The draw is a
 * rehearsal (a key made here): it promises no prize, is discarded and made again, and a
 * rehearsal flag cleared in the database never passes for verified. Winners are recomputed here
 * from docs/draw.md. Then two servers with separate databases, the same sheet (OL-3001 and six
 * lookalikes of it, under the default ID_PATTERN), the same instants and round draw the same
 * winner: nothing any of them chose enters the result.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "~/lib/server/parse-env.server";
import { openStorage } from "~/lib/storage/open-storage.server";
import { freePort, ROOT, startAppServer, type AppServer } from "../support/app-server";
import {
  drawCommand,
  drawOfMonth,
  expectedWinners,
  nextDrawAfter,
  printed,
  sha256,
  upcomingIn,
} from "../support/draw-command";
import { rehearsalChain, startStandInRelay, type StandInRelay } from "../support/drand-relay";
import { startSmtpServer, type SmtpServer } from "../support/smtp-server";
import { startWitnessPair, type WitnessPair } from "../support/timestamp-authority";
import { DATABASE_KINDS, mailsTo, useDatabase } from "../support/waitlist";

const CONTACT = "equipo@example.com";
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** The draw before the one at `drawAt`. */
const previousDrawOf = (drawAt: Date) => drawOfMonth(drawAt.getUTCFullYear(), drawAt.getUTCMonth() - 1);

/** "7/12/2026" from "2026-12-07", as the page writes days. */
const shown = (day: string) => day.split("-").map(Number).reverse().join("/");

/** "2026-12-07": the day, in Argentina (UTC−3 all year), `days` days from the instant `at`. */
const dayFrom = (at: Date, days: number) =>
  new Date(at.getTime() - 3 * 60 * 60 * 1000 + days * DAY).toISOString().slice(0, 10);

/**
 * The sheet for the draw at `drawAt` (its previous draw is the previous month's first Monday):
 * a row dated the previous draw's day (this draw's: no previous draw took it), valid rows, a
 * repeated id (counts once, in its first place), a row without a country (not valid), one on
 * the draw's own day (in), one whose date cannot be read, one whose id holds a right-to-left
 * override, and one dated the day after the draw (the next draw's).
 */
function sheetFor(drawAt: Date): string {
  const previousDraw = previousDrawOf(drawAt);
  return [
    "nombre,pais,id,fecha",
    `María José González,Argentina,OL-1001,${dayFrom(previousDraw, 0)}`,
    `Juan Pérez,México,OL-1002,${dayFrom(previousDraw, 1)}`,
    `Lucía Fernández,Chile,OL-1003,${dayFrom(drawAt, -10)}`,
    `Juan Pérez,México,OL-1002,${dayFrom(drawAt, -9)}`,
    `Sin País,,OL-1005,${dayFrom(drawAt, -8)}`,
    `Camila Rodríguez,Colombia,OL-1006,${dayFrom(drawAt, 0)}`,
    "Pedro Gómez,Perú,OL-1007,pronto",
    `Rita Ruiz,Chile,OL-\u202E1009,${dayFrom(drawAt, -5)}`,
    `Tomás Díaz,Uruguay,OL-1008,${dayFrom(drawAt, 1)}`,
  ].join("\n");
}
const IDS = ["OL-1001", "OL-1002", "OL-1003", "OL-1006"];
const COUNTRIES: Record<string, string> = {
  "OL-1001": "Argentina",
  "OL-1002": "México",
  "OL-1003": "Chile",
  "OL-1006": "Colombia",
};
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
  const chain = rehearsalChain();
  let relays: StandInRelay[];
  let witnesses: WitnessPair;
  /** The draw the test's sheet is dated for. */
  let sheetDrawAt: Date;

  const page = async () => (await fetch(`${app.origin}/sorteos`)).text();
  // A rehearsal, for the commands only (the production server refuses its key): rounds signed
  // by a key made here, served by two relays on loopback.
  const rehearsal = () => ({
    DRAW_REHEARSAL_KEY: chain.publicKey,
    DRAND_RELAYS: relays.map((relay) => relay.url).join(","),
    // Long enough for a loaded machine's relay to answer (one that did not would leave the other's
    // signature unchallenged); the hanging relay costs this once.
    DRAND_TIMEOUT_MS: "3000",
  });
  // The built command, as the image runs it (test/e2e/draw-verify.test.ts runs the checkout's,
  // tsx), its witnesses stamping the instant it takes as now.
  const draw = (args: string[], now?: Date) => {
    witnesses.setClock(now ? () => now : null);
    return drawCommand({ ...env, ...rehearsal() }, args, { now, built: true });
  };

  beforeAll(async () => {
    smtp = await startSmtpServer();
    witnesses = await startWitnessPair(["Testigo Uno de Este Sorteo", "Testigo Dos de Este Sorteo"]);
    relays = await Promise.all([startStandInRelay(chain), startStandInRelay(chain)]);
    sheetDir = mkdtempSync(path.join(tmpdir(), "draw-sheet-"));
    sheetDrawAt = nextDrawAfter(new Date());
    writeFileSync(path.join(sheetDir, "sheet.csv"), sheetFor(sheetDrawAt));
    const port = await freePort();
    env = {
      ...database.env,
      PARTICIPANTS_CSV_URL: path.join(sheetDir, "sheet.csv"),
      CONTACT_EMAIL: CONTACT,
      SITE_URL: `http://127.0.0.1:${port}`,
      ...witnesses.env,
    };
    app = await startAppServer({ ...env, NODE_ENV: "test", SMTP_URL: smtp.url, SHARED_MAX_AGE_SECONDS: "1" }, { port });
  });
  afterAll(async () => {
    await app?.stop();
    await smtp?.close();
    await witnesses?.close();
    await Promise.all(relays.map((relay) => relay.close()));
    rmSync(sheetDir, { recursive: true, force: true });
  });

  // Some twenty commands, each a process of its own, and pages polled after each change: 135 s
  // measured with the two cores at load 20; 300 s is a bound a busy machine meets.
  it(
    "writes the draw ahead, refuses early, draws once, publishes the record and list, mails it, and redraws after 30 days",
    { timeout: 300_000 },
    async () => {
      // Written at start-up: the page shows the draw `status` prints, for a draw still ahead,
      // with nothing secret to commit to.
      const status = await draw(["status"]);
      expect(status.code).toBe(0);
      const upcoming = upcomingIn(status.stdout);
      expect(upcoming.drawAt.getTime()).toBeGreaterThan(Date.now());
      // The draw the sheet was written for: the server wrote the same one, by the same rule.
      expect(upcoming.drawAt).toEqual(sheetDrawAt);
      const ahead = await page();
      expect(ahead).toContain("Próximo sorteo");
      expect(ahead).not.toMatch(/[Cc]ompromiso \(huella|[Ss]emilla/);

      const early = await draw(["run"], new Date(upcoming.drawAt.getTime() - MINUTE));
      expect(early.code).toBe(2);
      expect(early.stderr).toContain("Rechazado: todavía no hay un sorteo para hacer: el próximo es el");
      expect(early.stdout).toBe("");

      // DRAW_NOW is the tests' clock only: in production it is ignored, and the real clock says "not yet".
      const ignored = await drawCommand(env, ["run"], {
        now: new Date(upcoming.drawAt.getTime() + 31 * MINUTE),
        nodeEnv: "production",
        built: true,
      });
      expect(ignored.code).toBe(2);
      expect(ignored.stderr).toContain("todavía no hay un sorteo para hacer");
      // A rehearsal key only with NODE_ENV exactly development or test (test/server/draw-commands.test.ts
      // tries unset, empty, "staging", "Production" and "prod").
      const rehearsalInProduction = await drawCommand({ ...env, ...rehearsal() }, ["status"], {
        nodeEnv: "production",
        built: true,
      });
      expect(rehearsalInProduction.code).toBe(1);
      expect(rehearsalInProduction.stderr).toContain("DRAW_REHEARSAL_KEY es solo para ensayos");

      // The round is fixed by the rule: 30 minutes after the instant, and not published before then.
      const { drandRound } = upcoming;
      const tooSoon = await draw(["run"], new Date(upcoming.drawAt.getTime() + 29 * MINUTE));
      expect(tooSoon.code).toBe(2);
      expect(tooSoon.stderr).toContain(`drand publica la ronda ${drandRound} el`);
      // That run froze the list before it was refused: from then until the draw, /sorteos shows the
      // frozen list's hash, its count, when it was frozen and where to download it.
      const listText = IDS.map((id) => `${id}\n`).join("");
      const listPath = `/sorteos/${upcoming.drawAt.toISOString().slice(0, 10)}/ids.txt`;
      await expect.poll(page, { timeout: 30_000 }).toContain(sha256(listText));
      const frozenPage = await page();
      expect(frozenPage).toMatch(/Participaciones<\/dt><dd[^>]*><span[^>]*>4<\/span>/);
      // Sealed by both authorities before the round: the draw happens, and the page says so.
      expect(frozenPage).toContain(
        "Dos autoridades independientes ya sellaron la lista antes de esa hora: el sorteo se hace.",
      );
      // The month's window, and the rows it left out: the day after the draw's, an unreadable date,
      // and an id with a right-to-left override inside (docs/draw.md, "Canonical list"). No draw
      // froze a list before this one: nothing is said of what a previous draw took.
      const firstDay = shown(dayFrom(previousDrawOf(upcoming.drawAt), 0));
      expect(frozenPage).toContain(
        `Entran las participaciones con fecha del ${firstDay} al ${shown(dayFrom(upcoming.drawAt, 0))}, una por ID.`,
      );
      const upcomingRecord = /data-testid="upcoming-draw"[\s\S]*?<\/article>/.exec(frozenPage)![0];
      expect(upcomingRecord).not.toMatch(/salvo las del|sorteo anterior/);
      // The list below is the next draw's already: this draw froze real entries, some dated its day.
      expect(frozenPage).toMatch(
        /data-testid="listing-window">[^<]*, salvo las del [^<]* que ya entraron en el sorteo anterior; las demás llevan una marca que dice por qué\./,
      );
      expect(frozenPage).toContain(
        "Quedaron afuera 1 fila con fecha fuera de esos días, 1 fila con una fecha que no se puede leer y 1 fila con un ID de otro formato.",
      );
      // Its closing time is its first seal's, the instant the authorities stamped.
      const sealedAt = new Date(upcoming.drawAt.getTime() + 29 * MINUTE).toISOString();
      expect(frozenPage).toContain(`Cerrada a más tardar el <time dateTime="${sealedAt}">`);
      expect(frozenPage).toContain(`href="http://127.0.0.1:${new URL(app.origin).port}${listPath}"`);
      expect(await (await fetch(`${app.origin}${listPath}`)).text()).toBe(listText);

      // Refused, with nothing recorded: a value that is only hex, a real signature of another round,
      // relays that disagree, answer garbage or never answer.
      const after = new Date(upcoming.drawAt.getTime() + 31 * MINUTE);
      const onlyHex = await draw(["run", "--signature", "7d36f04b".repeat(8)], after);
      expect(onlyHex.code).toBe(2);
      expect(onlyHex.stderr).toContain("96 caracteres hexadecimales");
      const otherRound = await draw(["run", "--signature", chain.sign(drandRound + 1).signature], after);
      expect(otherRound.code).toBe(2);
      expect(otherRound.stderr).toContain(`la firma no es la de la ronda ${drandRound} de la cadena`);
      relays[1]!.behaviour = "other-signature";
      const disagreeing = await draw(["run"], after);
      expect(disagreeing.code, disagreeing.stdout + disagreeing.stderr).toBe(2);
      expect(disagreeing.stderr).toContain(`los relays no coinciden en la ronda ${drandRound}`);
      relays[0]!.behaviour = "garbage";
      relays[1]!.behaviour = "hang";
      const unanswered = await draw(["run"], after);
      expect(unanswered.code).toBe(2);
      expect(unanswered.stderr).toContain(`ningún relay dio la ronda ${drandRound}`);
      expect(unanswered.stderr).toContain("--signature");
      expect((await draw(["status"])).stdout).not.toContain("ronda 0:");

      // The value of the round, asked of the relays: one that does not have it is no objection.
      relays[0]!.behaviour = "drand";
      relays[1]!.behaviour = "not-found";
      const beacon0 = chain.sign(drandRound);
      const run = await draw(["run"], after);
      expect(run.code, run.stderr).toBe(0);
      expect(relays[0]!.asked).toContain(drandRound);
      expect(run.stdout).not.toContain("semilla");
      expect(printed(run.stdout, "regla")).toBe("opinionlabz-draw-v2");
      const listHash = printed(run.stdout, "huella de la lista");
      expect(listHash).toBe(sha256(listText));
      expect(printed(run.stdout, "participaciones")).toBe("4");
      // The list and the round's value alone.
      const [winner] = expectedWinners(IDS, [beacon0.randomness]);
      expect(run.stdout).toContain(`Ganador de la ronda 0: ${winner}\n`);
      expect(run.stdout).toContain(`publicado como "${PUBLISHED_NAMES[winner!]}"`);

      const again = await draw(["run"], new Date(upcoming.drawAt.getTime() + 40 * MINUTE));
      expect(again.code).toBe(2);
      expect(again.stderr).toContain("ya se hizo como ensayo");

      // An auditor's check from the public site alone (no database: none is named), with the run's
      // authorities' roots as theirs and the rehearsal's key: every check holds, exit 0.
      const month = new Date(upcoming.drawAt.getTime() - 3 * 60 * MINUTE).toISOString().slice(0, 7);
      await expect
        .poll(async () => (await fetch(`${app.origin}/sorteos/${dayFrom(upcoming.drawAt, 0)}/sorteo.json`)).status, {
          timeout: 30_000,
        })
        .toBe(200);
      const audit = await drawCommand(
        { DATA_DIR: mkdtempSync(path.join(tmpdir(), "auditor-")), TIMESTAMP_ROOTS: witnesses.env.TIMESTAMP_ROOTS },
        ["verify", app.origin, month, "--rehearsal-key", chain.publicKey],
        { built: true },
      );
      expect(audit.stdout).toContain("Todo coincide");
      expect(audit.code, audit.stdout).toBe(0);
      // Each seal named by its certificate, and marked as resting on a test root.
      expect(audit.stdout).toMatch(
        /^ok {7}Sello de Testigo Uno de Este Sorteo \(lista\): Sellado el .*raíz de prueba \(TIMESTAMP_ROOTS\)/m,
      );
      // Without the rehearsal's key, its value is not drand's: exit 1, naming it.
      const unkeyed = await drawCommand(
        { TIMESTAMP_ROOTS: witnesses.env.TIMESTAMP_ROOTS },
        ["verify", app.origin, month],
        {
          built: true,
        },
      );
      expect(unkeyed.code).toBe(1);
      expect(unkeyed.stdout).toContain("NO       Valor público (sorteo)");

      // The ids list: exactly the bytes that were hashed, as plain text.
      const list = await fetch(`${app.origin}${listPath}`);
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
      await expect.poll(page, { timeout: 30_000 }).toContain(beacon0.randomness);
      // The list now holds the next draw's entries: the row dated the day after this draw's (the
      // one dated its day is in its list), and says that this draw's list took some of its day's.
      const listed = await page();
      // Every valid row stays listed (8); the next draw takes one so far.
      expect(listed).toMatch(/data-testid="stat-participants">8</);
      expect(listed).toMatch(/entra 1 participación de esta lista\./);
      expect(listed).toContain(
        `toma las que tienen fecha del ${shown(dayFrom(upcoming.drawAt, 0))} al ${shown(dayFrom(nextDrawAfter(upcoming.drawAt), 0))}, una por ID, salvo las del ${shown(dayFrom(upcoming.drawAt, 0))} que ya entraron en el sorteo anterior; las demás llevan una marca que dice por qué.`,
      );
      expect(listed).toContain("OL-1008");
      const html = await page();
      for (const value of [listHash, beacon0.randomness, winner!, PUBLISHED_NAMES[winner!]!]) {
        expect(html).toContain(value);
      }
      // A rehearsal never passes for drand's value.
      expect(html).toContain("ensayo con una clave de prueba");
      expect(html).toContain("no es un valor de drand");
      expect(html).toContain(`http://127.0.0.1:${new URL(app.origin).port}${listPath}`);
      // The next month is written right after the draw, and shown as upcoming.
      const statusAfter = (await draw(["status"])).stdout;
      const next = upcomingIn(statusAfter);
      // The redraw's round and when drand publishes it: 30 days (864,000 rounds of 3 s) later.
      const redrawAt = new Date(upcoming.drawAt.getTime() + 30 * DAY);
      const drawMonth = upcoming.drawAt.toISOString().slice(0, 7);
      expect(statusAfter).toMatch(
        new RegExp(
          `próximo resorteo: +ronda 1 desde el [^\\n]*\\(${redrawAt.toISOString()}\\): \`npm run draw -- redraw ${drawMonth}\`, con la ronda ${drandRound + 864_000} de drand quicknet, que sale el [^\\n]*\\(${new Date(redrawAt.getTime() + 30 * MINUTE).toISOString()}\\)`,
        ),
      );
      // Only reads: a status a day after the next draw's instant freezes nothing: with no server to
      // freeze its list, that day had no draw, and status says so and what comes next.
      const missed = (await draw(["status"], new Date(next.drawAt.getTime() + DAY))).stdout;
      expect(missed).toContain(
        `No hubo sorteo el ${next.drawAt.getUTCDate()}/${next.drawAt.getUTCMonth() + 1}/${next.drawAt.getUTCFullYear()}, 12:00 hora de Argentina (${next.drawAt.toISOString()}): su lista nunca se congeló antes de la ronda`,
      );
      expect(missed).toMatch(/participaciones: +pasan al sorteo del/);
      expect(next.drawAt.getTime()).toBeGreaterThan(upcoming.drawAt.getTime() + 27 * DAY);

      // The team: the list's notice at the freeze, then the record.
      const record = (await mailsTo(smtp, CONTACT, 2)).find((mail) => mail.subject.includes(winner!))!;
      expect(record.text).toContain(listHash);
      expect(record.text).not.toContain("Semilla");

      // Redraw: refused inside the 30-day claim period, then among the entries left, with the
      // signature copied by hand (a machine without drand's relays).
      const redrawRound = drandRound + (30 * DAY) / 3000;
      const beacon1 = chain.sign(redrawRound);
      const soon = await draw(
        ["redraw", "--signature", beacon1.signature],
        new Date(upcoming.drawAt.getTime() + 29 * DAY),
      );
      expect(soon.code).toBe(2);
      expect(soon.stderr).toContain("se puede hacer desde el");
      const redraw = await draw(
        ["redraw", "--signature", beacon1.signature],
        new Date(upcoming.drawAt.getTime() + 30 * DAY + 31 * MINUTE),
      );
      expect(redraw.code, redraw.stderr).toBe(0);
      const [, second] = expectedWinners(IDS, [beacon0.randomness, beacon1.randomness]);
      expect(second).not.toBe(winner);
      expect(redraw.stdout).toContain(`Ganador de la ronda 1: ${second}\n`);
      await expect.poll(page, { timeout: 30_000 }).toContain(beacon1.randomness);
      await expect
        .poll(() => smtp.mails().some((mail) => mail.to === CONTACT && mail.subject.includes(second!)))
        .toBe(true);

      // The redraw's winner leads the home carousel, with the sheet's country, the month and the
      // record's link, marked as a rehearsal's (never "verificado"); the example cards after it.
      const drawDay = listPath.slice("/sorteos/".length, "/sorteos/".length + 10);
      const home = async () => (await fetch(`${app.origin}/`)).text();
      await expect.poll(home, { timeout: 30_000 }).toContain(`href="/sorteos#sorteo-${drawDay}"`);
      const leading = (await home()).split('aria-roledescription="slide"')[1]!;
      expect(leading).toContain(PUBLISHED_NAMES[second!]!);
      expect(leading).toContain(COUNTRIES[second!]!);
      expect(leading).toContain("(resorteo 1)");
      expect(leading).toContain("Ensayo");
      expect(leading).not.toContain("verificado");
      expect(leading).not.toContain("Premio");

      // A rehearsal has no prize to deliver (test/server/draw-commands.test.ts records a real
      // draw's); a month with no draw is named.
      const claimed = await draw(["claimed", month], new Date(upcoming.drawAt.getTime() + 35 * DAY));
      expect(claimed.code).toBe(2);
      expect(claimed.stderr).toContain(`Rechazado: el sorteo de ${month} fue un ensayo: no hay premio que entregar`);
      const unknownMonth = await draw(["claimed", "2020-01"]);
      expect(unknownMonth.code).toBe(2);
      expect(unknownMonth.stderr).toContain("no se hizo ningún sorteo en 2020-01");

      // The rehearsal discarded: the month is drawable again, from the same frozen list.
      const discarded = await draw(["discard", month, "--yes"]);
      expect(discarded.code, discarded.stderr).toBe(0);
      expect(discarded.stdout).toContain(`Se descartó el ensayo del sorteo de ${month}: 2 rondas.`);
      const pending = await draw(["status"], new Date(upcoming.drawAt.getTime() + 45 * MINUTE));
      expect(upcomingIn(pending.stdout).drawAt).toEqual(upcoming.drawAt);
      expect(pending.stdout).toContain(`4 participaciones, huella ${listHash}`);
      const redone = await draw(["run"], new Date(upcoming.drawAt.getTime() + 45 * MINUTE));
      expect(redone.code, redone.stderr).toBe(0);
      expect(redone.stdout).toContain(`Ganador de la ronda 0: ${winner}\n`);
      await expect.poll(home, { timeout: 30_000 }).not.toContain("(resorteo 1)");

      // The rehearsal's flag cleared by hand in the database (SQL, no command): the servers learn
      // of it within their poll, and the card says the record does not match, never "verificado":
      // its values were signed by no drand key.
      const storage = await openStorage(parseEnv(database.env, ROOT).database);
      try {
        await sql`update draw_rounds set rehearsal = 0`.execute(storage.db);
      } finally {
        await storage.db.destroy();
      }
      await expect.poll(home, { timeout: 30_000 }).toContain("No coincide");
      const cleared = (await home()).split('aria-roledescription="slide"')[1]!;
      expect(cleared).toContain(PUBLISHED_NAMES[winner!]!);
      expect(cleared).not.toContain("verificado");
      // The database now holds what passes for a real draw: no rehearsal runs on it, and the
      // draw is no rehearsal to discard.
      const beside = await draw(["run"], new Date(next.drawAt.getTime() + 31 * MINUTE));
      expect(beside.code).toBe(2);
      expect(beside.stderr).toContain("esta base de datos tiene sorteos reales");
      const notRehearsal = await draw(["discard", month, "--yes"]);
      expect(notRehearsal.code).toBe(2);
      expect(notRehearsal.stderr).toContain("no es un ensayo");

      // One beacon checked on its own: its randomness, or why not.
      const checked = await draw(["beacon", String(redrawRound), beacon1.signature]);
      expect(checked).toMatchObject({ code: 0, stdout: `${beacon1.randomness}\n` });
      const notIts = await draw(["beacon", String(redrawRound + 1), beacon1.signature]);
      expect(notIts.code).toBe(2);
      expect(notIts.stderr).toContain(`la firma no es la de la ronda ${redrawRound + 1} de la cadena`);
    },
  );
});

describe("two servers with separate databases, the same sheet, instants and round", () => {
  const chain = rehearsalChain();
  let witnesses: WitnessPair;
  let sheetDir: string;
  let apps: AppServer[];
  let envs: Record<string, string>[];
  const drawAt = nextDrawAfter(new Date());
  /** One person typed OL-3001 seven ways (issue 40's audit); the default ID_PATTERN takes one. */
  const LOOKALIKES = ["0L-3001", "OL-3OO1", "OL_3001", "OL--3001", "OI-3001", "OL-03001"];

  beforeAll(async () => {
    witnesses = await startWitnessPair(["Testigo Norte", "Testigo Sur"]);
    sheetDir = mkdtempSync(path.join(tmpdir(), "two-databases-"));
    const rows = ["OL-3001", ...LOOKALIKES, "OL-3002", "OL-3003", "OL-3004"].map(
      (id, index) => `Persona ${index},Chile,${id},${dayFrom(drawAt, -index - 1)}`,
    );
    writeFileSync(path.join(sheetDir, "sheet.csv"), ["nombre,pais,id,fecha", ...rows].join("\n"));
    envs = [0, 1].map((index) => ({
      DATA_DIR: mkdtempSync(path.join(sheetDir, `data-${index}-`)),
      PARTICIPANTS_CSV_URL: path.join(sheetDir, "sheet.csv"),
      ...witnesses.env,
    }));
    // The organizer's default id format: ID_PATTERN unset.
    apps = await Promise.all(envs.map((env) => startAppServer({ ...env, NODE_ENV: "test", ID_PATTERN: undefined })));
  });
  afterAll(async () => {
    await Promise.all((apps ?? []).map((app) => app.stop()));
    await witnesses?.close();
    if (sheetDir) rmSync(sheetDir, { recursive: true, force: true });
  });

  it("draw the same winner: nothing either of them chose enters the result", { timeout: 60_000 }, async () => {
    const round = Math.ceil((drawAt.getTime() / 1000 + 30 * 60 - 1_692_803_367) / 3) + 1;
    const signature = chain.sign(round).signature;
    const runs = [];
    for (const env of envs) {
      const command = (now: Date) => {
        witnesses.setClock(() => now);
        return drawCommand(
          { ...env, ID_PATTERN: undefined, DRAW_REHEARSAL_KEY: chain.publicKey },
          ["run", "--signature", signature],
          { now, built: true },
        );
      };
      // Frozen and sealed 10 minutes before the round (refused: the round is not out), then drawn.
      expect((await command(new Date(drawAt.getTime() + 20 * MINUTE))).code).toBe(2);
      runs.push(await command(new Date(drawAt.getTime() + 31 * MINUTE)));
    }
    for (const run of runs) expect(run.code, run.stderr).toBe(0);
    const [first, second] = runs.map((run) => ({
      hash: printed(run.stdout, "huella de la lista"),
      winner: /Ganador de la ronda 0: (\S+)/.exec(run.stdout)![1],
    }));
    expect(second).toEqual(first);
    // The lookalikes of OL-3001 took no entry: four, one per id of the organizer's format.
    const ids = ["OL-3001", "OL-3002", "OL-3003", "OL-3004"];
    expect(first!.hash).toBe(sha256(ids.map((id) => `${id}\n`).join("")));
    expect(first!.winner).toBe(expectedWinners(ids, [chain.sign(round).randomness])[0]);
    // A search says why each is out (the five a search for 3001 finds: OL-3OO1 holds letters O).
    const listed = await (await fetch(`${apps[0]!.origin}/sorteos?q=3001`)).text();
    for (const lookalike of LOOKALIKES.filter((id) => id.includes("3001"))) {
      expect(listed).toContain(`«${lookalike}» no tiene el formato`);
    }
  });
});
