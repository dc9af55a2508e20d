/**
 * The server's witnesses and draw notices over HTTP, with two loopback authorities of each
 * scenario's own (real RFC 3161 authorities: openssl ts -reply, test/support/timestamp-authority.ts)
 * whose failures the test switches and whose clocks follow the server's, moved, never waited for
 * (docs/draw.md, "Witnesses", "The order, proven" and "Witnesses the operator cannot recall"):
 * - at the freeze, one authority down and the other slow, then garbage, then both back: the server
 *   asks again those that failed (5 s, doubling), logs each failure, keeps no visitor waiting; the
 *   list's notice reaches a confirmed address that asked for it, and the team, by real SMTP,
 *   between the freeze and the round, and /sorteos says how many left before it;
 * - both down from the freeze through the round, on PostgreSQL: that day had no draw, said on
 *   /sorteos, the home page and `draw -- status`; `run` is refused; the next month's list holds
 *   its entries; private seals taken after the round and a round inserted by hand make no draw:
 *   `draw -- verify` and the page's check name why;
 * - a production server whose operator names their own root (TIMESTAMP_ROOTS): it counts for
 *   nothing, its seals are refused as untrusted, and /sorteos/raices.pem serves Node's own roots.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { rootCertificates } from "node:tls";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, startAppServer, type AppServer } from "../support/app-server";
import { drawCommand, expectedWinners, nextDrawAfter } from "../support/draw-command";
import { rehearsalChain } from "../support/drand-relay";
import { inDatabase } from "../support/draw-tampering";
import { startSmtpServer, type SmtpServer } from "../support/smtp-server";
import {
  opensslVerifies,
  stampedByOpenssl,
  startWitnessPair,
  type StandInAuthority,
  type WitnessPair,
} from "../support/timestamp-authority";
import { linksIn, mailsTo, openMailLink, postSignUp, useDatabase } from "../support/waitlist";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const DAY = 24 * 60 * MINUTE;

/** "2026-12-07": the day, in Argentina (UTC−3 all year), `days` days from the instant `at`. */
const dayFrom = (at: number, days: number) => new Date(at - 3 * 60 * MINUTE + days * DAY).toISOString().slice(0, 10);

/** The sheet's entries, in order, each dated a day earlier than the one before, inside the draw's window. */
const IDS = ["OL-3001", "OL-3002", "OL-3003", "OL-3004"];

/** The server's log lines of one event about one authority, parsed, in order. */
function logged(app: AppServer, event: string, authority: StandInAuthority): Record<string, string | number>[] {
  return app
    .output()
    .split("\n")
    .filter((line) => line.startsWith(`{"event":"${event}"`))
    .map((line) => JSON.parse(line) as Record<string, string | number>)
    .filter((line) => line.authority === authority.url);
}

/** "127.0.0.1:40123": an authority as /sorteos names one that has not sealed yet. */
const host = (authority: StandInAuthority) => new URL(authority.url).host;

/**
 * A server on a movable clock, on a sheet of IDS for the next draw, its two authorities' clocks
 * following its own, and the way to move it (and them) to an instant.
 */
function useDrawDay(
  names: [string, string],
  { nodeEnv = "test", env = () => ({}) }: { nodeEnv?: string; env?: () => Record<string, string> } = {},
) {
  const day = {} as {
    app: AppServer;
    witnesses: WitnessPair;
    env: Record<string, string>;
    drawAt: number;
    /** Where the server's clock stands. */
    now: number;
    moveTo: (at: number) => Promise<void>;
  };
  let sheetDir: string;
  beforeAll(async () => {
    day.witnesses = await startWitnessPair(names);
    day.drawAt = nextDrawAfter(new Date()).getTime();
    sheetDir = mkdtempSync(path.join(tmpdir(), "draw-witnesses-"));
    writeFileSync(
      path.join(sheetDir, "sheet.csv"),
      [
        "nombre,pais,id,fecha",
        ...IDS.map((id, index) => `Persona ${index},Chile,${id},${dayFrom(day.drawAt, -index - 1)}`),
      ].join("\n"),
    );
    const port = await freePort();
    day.env = {
      PARTICIPANTS_CSV_URL: path.join(sheetDir, "sheet.csv"),
      SITE_URL: `http://127.0.0.1:${port}`,
      ...day.witnesses.env,
      // Long enough for a loaded machine's openssl to answer; a slow authority costs this much.
      TIMESTAMP_TIMEOUT_MS: "6000",
      ...env(),
    };
    day.now = Date.now();
    // How far the server's clock runs ahead of the real one: its authorities' clocks follow it exactly.
    let offset = 0;
    day.witnesses.setClock(() => new Date(Date.now() + offset));
    day.moveTo = async (at: number) => {
      await day.app.advanceClock(at - day.now);
      offset += at - day.now;
      day.now = at;
    };
    day.app = await startAppServer(
      { ...day.env, NODE_ENV: nodeEnv, SHARED_MAX_AGE_SECONDS: "1" },
      { port, movableClock: true },
    );
  });
  afterAll(async () => {
    await day.app?.stop();
    await day.witnesses?.close();
    if (sheetDir) rmSync(sheetDir, { recursive: true, force: true });
  });
  return day;
}

describe("at the freeze: an authority down, another slow, then garbage, then both back; the notices before the round", () => {
  let smtp: SmtpServer;
  const SUBSCRIBER = "lectora@example.com";
  const TEAM = "equipo@example.com";
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(async () => {
    await smtp?.close();
  });
  const database = useDatabase("embedded");
  const day = useDrawDay(["Testigo Caido", "Testigo Inestable"], {
    env: () => ({ ...database.env, SMTP_URL: smtp.url, CONTACT_EMAIL: TEAM }),
  });

  it("asks again after each failure, logs it, keeps no visitor waiting, and mails the list's hash before the round", async () => {
    const { app, witnesses } = day;
    const [down, flaky] = witnesses.authorities as [StandInAuthority, StandInAuthority];
    const page = async () => {
      const response = await fetch(`${app.origin}/sorteos`);
      expect(response.status).toBe(200);
      return response.text();
    };
    const retries = (authority: StandInAuthority) =>
      logged(app, "draw.witness_retry", authority).filter((line) => line.statement === "list");

    // A confirmed address that asked for draw notices ("Avisarme de cada sorteo"), and one that did not.
    for (const [email, drawNotices] of [
      [SUBSCRIBER, true],
      ["otra@example.com", false],
    ] as const) {
      expect((await postSignUp(app, { email, client: "203.0.113.9", drawNotices })).status).toBe(200);
      const [confirmation] = await mailsTo(smtp, email);
      expect((await (await openMailLink(linksIn(confirmation!).confirm)).press()).status).toBe(200);
    }
    // Nothing is sealed before the freeze: there is no commitment any more.
    expect(witnesses.authorities.map((authority) => authority.requests)).toEqual([0, 0]);

    // At the draw instant, one authority down, the other holding the server's question past the
    // time-out; the server freezes the list when the first page after the instant is asked.
    down.mode = "down";
    flaky.mode = "slow";
    await day.moveTo(day.drawAt + SECOND);
    await page();
    await expect.poll(() => app.output()).toContain('"event":"draw.frozen"');
    await expect.poll(() => flaky.held).toBe(1);
    // Meanwhile pages are served at once: no visitor waits for a witness.
    const during = await page();
    expect(flaky.held).toBe(1);
    expect(during).toContain(
      `Faltan los sellos de ${host(down)} y ${host(flaky)}: todavía no respondieron, y se los volvemos a pedir hasta que drand publique la ronda del sorteo.`,
    );
    // The card promises no result it cannot give: without the seals, no draw.
    expect(during).toContain("Todavía faltan los sellos de las autoridades de sellado de tiempo.");
    await expect.poll(() => [retries(down).length, retries(flaky).length], { timeout: 30_000 }).toEqual([1, 1]);
    expect(retries(down)[0]).toMatchObject({ reason: "unreachable", retryInSeconds: 5 });
    expect(retries(flaky)[0]).toMatchObject({ reason: "timeout", error: `${flaky.url}: no respondió en 6000 ms` });

    // The list's notices left at once, ahead of any other mail: the subscriber's and the team's,
    // with the list's count, hash and statement; not to the address that did not ask.
    const statement = await (await fetch(`${app.origin}/sorteos/${dayFrom(day.drawAt, 0)}/lista.txt`)).text();
    const listHash = /huella de la lista: ([0-9a-f]{64})/.exec(statement)![1]!;
    for (const to of [SUBSCRIBER, TEAM]) {
      const notice = (await mailsTo(smtp, to)).find((mail) => mail.subject.includes("la lista está cerrada"))!;
      expect(notice.subject).toContain("(4 participaciones)");
      expect(notice.text).toContain(listHash);
      expect(notice.text).toContain(`${app.origin}/sorteos/${dayFrom(day.drawAt, 0)}/lista.txt`);
    }
    expect(smtp.mails().filter((mail) => mail.to === "otra@example.com")).toHaveLength(1);
    // Each left between the freeze and the round, by the server's clock.
    const sent = await inDatabase(day.env, (db) => db.selectFrom("draw_notices").select(["sent_at", "team"]).execute());
    expect(sent).toHaveLength(2);
    for (const notice of sent) {
      expect(Number(notice.sent_at)).toBeGreaterThan(day.drawAt);
      expect(Number(notice.sent_at)).toBeLessThan(day.drawAt + 30 * MINUTE);
    }

    // 5 s on, garbage: not a time-stamp reply.
    flaky.mode = "garbage";
    await day.moveTo(day.now + 5 * SECOND);
    await page();
    await expect.poll(() => retries(flaky).length).toBe(2);
    expect(retries(flaky)[1]).toMatchObject({ reason: "unreadable", retryInSeconds: 10 });

    // 10 s on, both back: both seal the list, named on the page by their certificates.
    down.mode = "up";
    flaky.mode = "up";
    await day.moveTo(day.now + 10 * SECOND);
    await page();
    await expect
      .poll(() => [down, flaky].map((authority) => logged(app, "draw.witnessed", authority).length))
      .toEqual([1, 1]);
    await expect.poll(page).not.toContain("Falta");
    const sealed = await page();
    for (const name of ["Testigo Caido", "Testigo Inestable"])
      expect(sealed).toMatch(new RegExp(`Sello de (<!-- -->)?${name}`));
    expect(sealed).toContain(
      "Dos autoridades independientes ya sellaron la lista antes de esa hora: el sorteo se hace.",
    );
    expect(sealed).toContain("2 de 2 avisos con la huella de la lista salieron antes de la ronda");
    // Every wait twice the last.
    expect(retries(down).map((line) => line.retryInSeconds)).toEqual([5, 10]);
  });
});

describe("both authorities down from the freeze through the round, on PostgreSQL", () => {
  const database = useDatabase("postgres");
  const chain = rehearsalChain();
  const day = useDrawDay(["Testigo Uno de Este Sorteo", "Testigo Dos de Este Sorteo"], {
    env: () => database.env,
  });

  const page = async (pathname = "/sorteos") => (await fetch(`${day.app.origin}${pathname}`)).text();
  /** The built command, as the image runs it, against the server's database, at the server's instant. */
  const draw = (args: string[]) =>
    drawCommand({ ...day.env, DRAW_REHEARSAL_KEY: chain.publicKey }, args, { now: new Date(day.now), built: true });
  const audit = () =>
    drawCommand(
      { TIMESTAMP_ROOTS: day.env.TIMESTAMP_ROOTS! },
      ["verify", day.app.origin, dayFrom(day.drawAt, 0).slice(0, 7), "--rehearsal-key", chain.publicKey],
      { built: true },
    );
  const rounds = () =>
    inDatabase(database.env, async (db) => (await db.selectFrom("draw_rounds").select("round").execute()).length);

  it("has no draw that day, says so everywhere, passes its entries on, and no seal or row taken later makes one", async () => {
    const { witnesses } = day;
    const round = Math.ceil((day.drawAt / 1000 + 30 * 60 - 1_692_803_367) / 3) + 1;
    const roundOut = day.drawAt + 30 * MINUTE;
    for (const authority of witnesses.authorities) authority.mode = "down";
    await day.moveTo(day.drawAt + SECOND);
    await page();
    await expect.poll(() => day.app.output()).toContain('"event":"draw.frozen"');
    // Before the round: the card says what happens without the seals.
    expect(await page("/")).toContain(
      `Si no llegan antes de las 12:30, cuando drand publica la ronda ${round.toLocaleString("es-AR")}, hoy no hay sorteo`,
    );

    // The round comes and goes; the authorities come back 15 minutes later. A seal then counts
    // for nothing, and the server no longer asks for one.
    await day.moveTo(roundOut + SECOND);
    for (const authority of witnesses.authorities) authority.mode = "up";
    await day.moveTo(day.drawAt + 45 * MINUTE);
    await page();
    expect(witnesses.authorities.map((authority) => authority.issued)).toEqual([0, 0]);

    // Said everywhere: the home card, /sorteos, status; and run refuses, recording nothing.
    const home = await page("/");
    expect(home).toContain('data-state="missed"');
    expect(home).toContain("Hoy no hubo sorteo");
    expect(home).toContain("Todas sus participaciones pasan al próximo sorteo");
    const sorteos = await page();
    expect(sorteos).toContain("no hubo sorteo");
    expect(sorteos).toContain(
      "la lista no tuvo los sellos de dos autoridades independientes antes de la ronda de drand",
    );
    const status = await draw(["status"]);
    expect(status.stdout).toMatch(
      /^No hubo sorteo el .*: su lista no tuvo los sellos de dos autoridades independientes antes de la ronda/m,
    );
    expect(status.stdout).toMatch(/participaciones: +pasan al sorteo del/);
    const run = await draw(["run", "--signature", chain.sign(round).signature]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /Rechazado: el .* no hubo sorteo: la lista no tiene los sellos de dos autoridades independientes anteriores a la ronda \d+ de drand/,
    );
    expect(await rounds()).toBe(0);

    // The next month's list holds this month's entries: every row of the sheet is in play.
    expect(sorteos).toMatch(/data-testid="stat-participants">4</);
    // An auditor: no draw that day, exit 1, and why.
    const missed = await audit();
    expect(missed.code).toBe(1);
    expect(missed.stdout).toContain(
      "No hubo sorteo: la lista de ese día no tiene los sellos de dos autoridades independientes",
    );
    expect(missed.stdout).toMatch(
      /^NO {7}Lista sellada antes de que drand publicara la ronda del sorteo: Ningún sello válido/m,
    );

    // Withheld seals: the operator took private seals of lista.txt after the round and inserts
    // them, with a round of their own drawing, by hand. Still no draw: the seals are real and
    // openssl accepts them, but they came after the value was public.
    const listText = await page(`/sorteos/${dayFrom(day.drawAt, 0)}/lista.txt`);
    for (const authority of witnesses.authorities) authority.clock = () => new Date(day.drawAt + 32 * MINUTE);
    const seals = await Promise.all(
      witnesses.authorities.map((authority) => stampedByOpenssl(authority, new TextEncoder().encode(listText))),
    );
    for (const [index, seal] of seals.entries()) {
      expect(
        await opensslVerifies(new TextEncoder().encode(listText), seal, witnesses.authorities[index]!.rootFile),
      ).toBe(true);
    }
    const later = chain.sign(round + 700);
    await inDatabase(database.env, async (db) => {
      for (const [index, seal] of seals.entries()) {
        await db
          .insertInto("draw_witnesses")
          .values({
            draw_at: day.drawAt,
            statement: "list",
            authority: witnesses.authorities[index]!.url,
            reply: Buffer.from(seal).toString("base64"),
            // The database's columns lie about the instant; the check reads the seal.
            stamped_at: day.drawAt + 2 * SECOND,
            latest_at: day.drawAt + 3 * SECOND,
            received_at: day.drawAt + 3 * SECOND,
          })
          .execute();
      }
      await db
        .insertInto("draw_rounds")
        .values({
          draw_at: day.drawAt,
          round: 0,
          beacon_round: round + 700,
          beacon: later.randomness,
          beacon_signature: later.signature,
          // The test chain stands in for drand: its round is a rehearsal's, which the auditor checks with its key.
          rehearsal: 1,
          winner_index: 0,
          attempts: 1,
          winner_id: expectedWinners(IDS, [later.randomness])[0]!,
          winner_name: "Persona 0",
          winner_country: "Chile",
          drawn_at: day.drawAt + 40 * MINUTE,
        })
        .execute();
    });
    // Once the servers read the change: the record publishes the round and the seals typed in…
    const record = async () =>
      (await (await fetch(`${day.app.origin}/sorteos/${dayFrom(day.drawAt, 0)}/sorteo.json`)).json()) as {
        rounds: unknown[];
        witnesses: { list: { tokens: unknown[] } };
      };
    await expect
      .poll(
        async () => {
          const published = await record();
          return [published.rounds.length, published.witnesses.list.tokens.length];
        },
        { timeout: 30_000 },
      )
      .toEqual([1, 2]);
    // …and the page still says no draw that day; no winner stands for it.
    expect(await page("/")).toContain("Hoy no hubo sorteo");
    expect(await page("/")).not.toContain("Ganó Persona");
    // The auditor names what fails: the seals after the round, and the round the rule did not name.
    const forged = await audit();
    expect(forged.code).toBe(1);
    const failing = forged.stdout
      .split("\n")
      .filter((line) => line.startsWith("NO "))
      .map((line) => line.slice(9, line.indexOf(": ")));
    expect(failing).toEqual(["Lista sellada antes de que drand publicara la ronda del sorteo", "Rondas de drand"]);
    // The seal's own instant, never the database's columns.
    expect(forged.stdout).toMatch(/Sello de Testigo Uno de Este Sorteo \(lista\): Sellado el .*12:32:00/);
    // And run refuses it still: a row typed by hand is no draw.
    const again = await draw(["run", "--signature", chain.sign(round).signature]);
    expect(again.code).toBe(2);
  });
});

describe("a production server whose operator names their own root", () => {
  const day = useDrawDay(["Autoridad del Operador", "Otra del Operador"], { nodeEnv: "production" });

  it("counts it for nothing: the seals are refused, the day has no draw, and /sorteos/raices.pem is Node's own set", async () => {
    const { app, witnesses } = day;
    expect(app.output()).toContain("[config] TIMESTAMP_ROOTS is ignored");
    const roots = await fetch(`${app.origin}/sorteos/raices.pem`);
    expect(roots.status).toBe(200);
    expect(roots.headers.get("content-type")).toBe("application/x-pem-file");
    expect(await roots.text()).toBe(`${rootCertificates.join("\n")}\n`);
    await day.moveTo(day.drawAt + SECOND);
    await fetch(`${app.origin}/sorteos`);
    await expect.poll(() => app.output()).toContain('"event":"draw.frozen"');
    // Each answer is a valid seal under the operator's root, and refused: it leads to no public one.
    await expect
      .poll(() => witnesses.authorities.map((authority) => logged(app, "draw.witness_retry", authority)[0]?.reason))
      .toEqual(["untrusted", "untrusted"]);
    await day.moveTo(day.drawAt + 31 * MINUTE);
    await expect
      .poll(async () => (await fetch(`${app.origin}/`)).text(), { timeout: 30_000 })
      .toContain("Hoy no hubo sorteo");
  });
});
