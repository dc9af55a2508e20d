/**
 * The server's witnesses over HTTP, with two loopback authorities of each scenario's own (real
 * RFC 3161 authorities: openssl ts -reply, test/support/timestamp-authority.ts) whose failures
 * the test switches, and the server's clock moved, never waited for (docs/draw.md, "Witnesses"
 * and "The order, proven"):
 * - one down, the other slow past the time-out, then answering garbage, then both back: the
 *   server asks again those that failed (5 s, doubling, at most 5 minutes apart), logs each
 *   failure, never keeps a visitor waiting on one, and /sorteos says which seals the commitment
 *   has and which authorities are still asked;
 * - both down from the freeze until after the round, on PostgreSQL: the built `draw run` is
 *   refused (exit 2, nothing recorded) while the list has no seal; once they are back, the draw
 *   moves to the first round 30 minutes after the list's first seal, and the page, `status`, the
 *   refusal before it and the record say so; an auditor's `draw -- verify` holds, and fails,
 *   naming what, once the draw instant, the seed with its commitment, or the list with its hash
 *   is changed in the database.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PublishedDraw } from "~/lib/draw/published-draw";
import { freePort, startAppServer, type AppServer } from "../support/app-server";
import { drawCommand, expectedWinners, nextDrawAfter, printed, sha256, upcomingIn } from "../support/draw-command";
import { rehearsalChain } from "../support/drand-relay";
import { inDatabase, moveDraw } from "../support/draw-tampering";
import {
  opensslVerifies,
  rootsFile,
  startStandInAuthority,
  type StandInAuthority,
} from "../support/timestamp-authority";
import { useDatabase } from "../support/waitlist";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const DAY = 24 * 60 * MINUTE;

/** "2026-12-07": the day, in Argentina (UTC−3 all year), `days` days from the instant `at`. */
const dayFrom = (at: number, days: number) => new Date(at - 3 * 60 * MINUTE + days * DAY).toISOString().slice(0, 10);

/** 34618012 as the page writes it: "34.618.012". */
const dotted = (count: number) => count.toLocaleString("es-AR");

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

/** "127.0.0.1:40123": an authority as /sorteos names it. */
const host = (authority: StandInAuthority) => new URL(authority.url).host;

describe("an authority down, another slow, then answering garbage, then both back", () => {
  let app: AppServer;
  /** Down until the end. */
  let down: StandInAuthority;
  /** Down at start-up, then slow past the time-out, then garbage, then up. */
  let flaky: StandInAuthority;

  beforeAll(async () => {
    [down, flaky] = await Promise.all([
      startStandInAuthority("Testigo Caído", { keyType: "rsa" }),
      startStandInAuthority("Testigo Inestable", { keyType: "ec" }),
    ]);
    down.mode = "down";
    flaky.mode = "down";
    app = await startAppServer(
      {
        TIMESTAMP_AUTHORITIES: `${down.url},${flaky.url}`,
        TIMESTAMP_ROOTS: rootsFile([down, flaky]),
        // Long enough for a loaded machine's openssl to answer; a slow authority costs this much.
        TIMESTAMP_TIMEOUT_MS: "6000",
      },
      { movableClock: true },
    );
  });
  afterAll(async () => {
    await app?.stop();
    await Promise.all([down, flaky].filter(Boolean).map((authority) => authority.close()));
  });

  it("asks again 5 s after a failure, doubling to at most 5 minutes, logs each, keeps no visitor waiting, and /sorteos says which seals the commitment has", async () => {
    const page = async () => {
      const response = await fetch(`${app.origin}/sorteos`);
      expect(response.status).toBe(200);
      return response.text();
    };
    const retries = (authority: StandInAuthority) => logged(app, "draw.witness_retry", authority);

    // At start-up, right after the commitment: both unreachable, each logged, asked again in 5 s.
    await expect.poll(() => [retries(down).length, retries(flaky).length]).toEqual([1, 1]);
    for (const authority of [down, flaky]) {
      expect(retries(authority)[0]).toMatchObject({
        statement: "commitment",
        reason: "unreachable",
        retryInSeconds: 5,
      });
    }
    expect(await page()).toContain(
      `Faltan los sellos de ${host(down)} y ${host(flaky)}: todavía no respondieron, y se los volvemos a pedir hasta el momento del sorteo.`,
    );

    // 5 s on, slow: it holds the server's question past the time-out. Meanwhile pages are served
    // at once, while the authority still holds it: no visitor waits for a witness.
    flaky.mode = "slow";
    await app.advanceClock(5 * SECOND);
    await page();
    await expect.poll(() => flaky.held).toBe(1);
    await page();
    expect(flaky.held).toBe(1);
    await expect.poll(() => retries(flaky).length, { timeout: 30_000 }).toBe(2);
    expect(retries(flaky)[1]).toMatchObject({
      reason: "timeout",
      error: `${flaky.url}: no respondió en 6000 ms`,
      retryInSeconds: 10,
    });
    expect(flaky.held).toBe(0);

    // 10 s on, garbage: not a time-stamp reply.
    flaky.mode = "garbage";
    await app.advanceClock(10 * SECOND);
    await page();
    await expect.poll(() => retries(flaky).length).toBe(3);
    expect(retries(flaky)[2]).toMatchObject({ reason: "unreadable", retryInSeconds: 20 });

    // 20 s on, back: its seal is kept, and the page shows it; the other is still missing.
    flaky.mode = "up";
    await app.advanceClock(20 * SECOND);
    await page();
    await expect.poll(() => logged(app, "draw.witnessed", flaky).length).toBe(1);
    expect(logged(app, "draw.witnessed", flaky)[0]).toMatchObject({ statement: "commitment" });
    await expect
      .poll(page)
      .toContain(
        `Falta el sello de ${host(down)}: todavía no respondió, y se lo volvemos a pedir hasta el momento del sorteo.`,
      );
    expect(await page()).toMatch(new RegExp(`Sello de (<!-- -->)?${host(flaky).replaceAll(".", "\\.")}</a>`));
    const flakyAsked = flaky.requests;

    // The one still down is asked 40 s, 80 s, 160 s, then 5 minutes on (each round saying when the
    // next is: 80 s, 160 s, 5 minutes, and 5 minutes again).
    // A page 10 s before each is due asks nothing (the schedule below would show it).
    for (const wait of [40, 80, 160, 300]) {
      const before = retries(down).length;
      await app.advanceClock((wait - 10) * SECOND);
      await page();
      await app.advanceClock(10 * SECOND);
      await page();
      await expect.poll(() => retries(down).length).toBe(before + 1);
    }
    // The one that sealed is not asked again.
    expect(flaky.requests).toBe(flakyAsked);

    // Back: sealed 5 minutes on; both seals shown, nothing missing, nothing logged after.
    down.mode = "up";
    await app.advanceClock(300 * SECOND);
    await page();
    await expect.poll(() => logged(app, "draw.witnessed", down).length).toBe(1);
    await expect.poll(page).not.toContain("Falta el sello");
    const sealed = await page();
    for (const authority of [down, flaky]) {
      expect(sealed).toMatch(new RegExp(`Sello de (<!-- -->)?${host(authority).replaceAll(".", "\\.")}</a>`));
    }

    // Every failure logged once per round, each wait twice the last, at most 5 minutes; each round
    // after the last one's announced time on the server's clock (its end is its line's retryAt
    // less its wait), so no page asked early.
    expect(retries(down).map((line) => line.retryInSeconds)).toEqual([5, 10, 20, 40, 80, 160, 300, 300]);
    expect(retries(flaky).map((line) => line.retryInSeconds)).toEqual([5, 10, 20]);
    for (const lines of [retries(down), retries(flaky)]) {
      lines.slice(1).forEach((line, index) => {
        const endedAt = Date.parse(String(line.retryAt)) - Number(line.retryInSeconds) * SECOND;
        expect(endedAt).toBeGreaterThanOrEqual(Date.parse(String(lines[index]!.retryAt)));
      });
    }
  });
});

describe("both authorities down from the freeze until after the round, on PostgreSQL", () => {
  const database = useDatabase("postgres");
  const chain = rehearsalChain();
  let app: AppServer;
  let one: StandInAuthority;
  let two: StandInAuthority;
  let sheetDir: string;
  let env: Record<string, string>;
  /** The draw the sheet is dated for, which the server commits at start-up. */
  let drawAt: number;

  beforeAll(async () => {
    [one, two] = await Promise.all([
      startStandInAuthority("Testigo Uno de Este Sorteo", { keyType: "rsa" }),
      startStandInAuthority("Testigo Dos de Este Sorteo", { keyType: "ec" }),
    ]);
    // The second is slow from the start: it holds the server's questions past the time-out.
    two.mode = "slow";
    drawAt = nextDrawAfter(new Date()).getTime();
    sheetDir = mkdtempSync(path.join(tmpdir(), "draw-witnesses-"));
    writeFileSync(
      path.join(sheetDir, "sheet.csv"),
      [
        "nombre,pais,id,fecha",
        ...IDS.map((id, index) => `Persona ${index},Chile,${id},${dayFrom(drawAt, -index - 1)}`),
      ].join("\n"),
    );
    const port = await freePort();
    env = {
      ...database.env,
      PARTICIPANTS_CSV_URL: path.join(sheetDir, "sheet.csv"),
      SITE_URL: `http://127.0.0.1:${port}`,
      TIMESTAMP_AUTHORITIES: `${one.url},${two.url}`,
      TIMESTAMP_ROOTS: rootsFile([one, two]),
      TIMESTAMP_TIMEOUT_MS: "6000",
    };
    app = await startAppServer({ ...env, SHARED_MAX_AGE_SECONDS: "1" }, { port, movableClock: true });
  });
  afterAll(async () => {
    await app?.stop();
    await Promise.all([one, two].filter(Boolean).map((authority) => authority.close()));
    if (sheetDir) rmSync(sheetDir, { recursive: true, force: true });
  });

  /** The built command, as the image runs it, against the server's database, on a rehearsal key. */
  const draw = (args: string[], now?: number) =>
    drawCommand({ ...env, DRAW_REHEARSAL_KEY: chain.publicKey }, args, {
      now: now === undefined ? undefined : new Date(now),
      built: true,
    });
  const page = async () => (await fetch(`${app.origin}/sorteos`)).text();
  /** The rounds recorded, read from the database itself. */
  const recordedRounds = () =>
    inDatabase(database.env, async (db) => (await db.selectFrom("draw_rounds").select("round").execute()).length);

  it("refuses the run while no seal of the list exists, then draws on the first round 30 minutes after the first seal, saying why", async () => {
    // The rule's round: the first out 30 minutes after the instant (docs/draw.md, "The public value").
    const fixed = Math.ceil((drawAt / 1000 + 30 * 60 - 1_692_803_367) / 3) + 1;
    // The commitment, sealed by one; the other is slow (TIMESTAMP_TIMEOUT_MS, 6 s) and asked again.
    // (Each line filtered by draw and statement: the freeze commits January's seed, whose
    // commitment the authorities are asked about too.)
    const about = (event: string, authority: StandInAuthority, statement: "commitment" | "list") =>
      logged(app, event, authority).filter((line) => line.draw === dayFrom(drawAt, 0) && line.statement === statement);
    await expect.poll(() => about("draw.witnessed", one, "commitment").length).toBe(1);
    await expect.poll(() => about("draw.witness_retry", two, "commitment").length, { timeout: 30_000 }).toBe(1);

    // Two seconds before the instant the slow one is asked again, and holds the question; meanwhile
    // the instant passes and the server freezes the list. Then both go down.
    await app.advanceClock(drawAt - 2 * SECOND - Date.now());
    await page();
    await expect.poll(() => two.held).toBe(1);
    await app.advanceClock(3 * SECOND);
    await page();
    await expect.poll(() => app.output()).toContain('"event":"draw.frozen"');
    one.mode = "down";
    two.mode = "down";
    // The list is asked for right after the round that was running when it was frozen, not a
    // back-off later: the first try at the list ends before that round said the next was due.
    const listRetries = (authority: StandInAuthority) => about("draw.witness_retry", authority, "list");
    await expect.poll(() => [listRetries(one).length, listRetries(two).length]).toEqual([1, 1]);
    const heldRound = about("draw.witness_retry", two, "commitment").at(-1)!;
    const firstListTry = listRetries(one)[0]!;
    expect(Date.parse(String(firstListTry.retryAt)) - Number(firstListTry.retryInSeconds) * SECOND).toBeLessThan(
      Date.parse(String(heldRound.retryAt)),
    );
    await expect
      .poll(page)
      .toContain(
        `Faltan los sellos de ${host(one)} y ${host(two)}: todavía no respondieron, y se los volvemos a pedir hasta que se sortee.`,
      );
    expect(await page()).toContain(
      "Si ninguna autoridad sella la lista antes, el sorteo se corre a la primera ronda que salga 30 minutos después del primer sello.",
    );

    // After the round, still no seal: refused, exit 2, nothing recorded (the command asked both itself).
    const unwitnessed = await draw(["run", "--signature", chain.sign(fixed).signature], drawAt + 31 * MINUTE);
    expect(unwitnessed.code, unwitnessed.stderr).toBe(2);
    expect(unwitnessed.stderr).toContain("ninguna autoridad de sellado de tiempo selló la lista del sorteo");
    expect(unwitnessed.stdout).toBe("");
    expect(await recordedRounds()).toBe(0);

    // Both back 45 and 47 minutes after the instant, their clocks saying so; the server, its clock
    // there too, asks again and keeps both seals of the list.
    one.clock = () => new Date(drawAt + 45 * MINUTE);
    two.clock = () => new Date(drawAt + 47 * MINUTE);
    one.mode = "up";
    two.mode = "up";
    await app.advanceClock(45 * MINUTE);
    await page();
    await expect
      .poll(() => [one, two].map((authority) => about("draw.witnessed", authority, "list").length))
      .toEqual([1, 1]);

    // The first seal's latest instant is 12:45:01 in Argentina (its second of accuracy): the draw
    // moves to the first round out 30 minutes after it, at 13:15:03, 901 rounds of 3 s after the
    // rule's (45 minutes and a second after it, rounded up to a round).
    const moved = fixed + 901;
    await expect
      .poll(page)
      .toContain(
        `Se corre de la ronda ${dotted(fixed)} a la ${dotted(moved)}: ninguna autoridad selló la lista antes de que drand publicara la ronda ${dotted(fixed)}`,
      );
    expect(upcomingIn((await draw(["status"])).stdout).drandRound).toBe(moved);

    // Before the moved round is out: refused, saying why and until when.
    const early = await draw(["run", "--signature", chain.sign(moved).signature], drawAt + 50 * MINUTE);
    expect(early.code, early.stderr).toBe(2);
    expect(early.stderr).toContain(`el sorteo pasó de la ronda ${fixed} de drand`);
    expect(early.stderr).toContain(`a la ronda ${moved}`);
    expect(early.stderr).toContain(`drand publica la ronda ${moved} el`);
    expect(await recordedRounds()).toBe(0);

    // Once it is out: drawn with its value, the record saying why, on the page and in the command.
    const run = await draw(["run", "--signature", chain.sign(moved).signature], drawAt + 76 * MINUTE);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(`se movió de la ronda ${fixed} de drand`);
    const [winner] = expectedWinners(printed(run.stdout, "semilla"), IDS, [chain.sign(moved).randomness]);
    expect(run.stdout).toContain(`Ganador de la ronda 0: ${winner}\n`);
    await expect
      .poll(page, { timeout: 30_000 })
      .toContain(`Se corrió de la ronda ${dotted(fixed)} a la ${dotted(moved)}`);

    // An auditor's check from the public site, with these authorities' roots and the rehearsal's key.
    const month = dayFrom(drawAt, 0).slice(0, 7);
    const audit = () =>
      drawCommand(
        { TIMESTAMP_ROOTS: env.TIMESTAMP_ROOTS! },
        ["verify", app.origin, month, "--rehearsal-key", chain.publicKey],
        {
          built: true,
        },
      );
    const clean = await audit();
    expect(clean.stdout).toContain("Todo coincide");
    expect(clean.code, clean.stdout).toBe(0);

    // Each seal the server stored, as the record publishes it: openssl accepts it over its
    // statement with its own authority's root, and refuses it with the other's. The commitment
    // has one (the other authority was slow until the draw), the list both.
    const record = (await (
      await fetch(`${app.origin}/sorteos/${dayFrom(drawAt, 0)}/sorteo.json`)
    ).json()) as PublishedDraw;
    const bytes = async (url: string) => new Uint8Array(await (await fetch(url)).arrayBuffer());
    for (const kind of ["commitment", "list"] as const) {
      const { url, tokens } = record.witnesses[kind]!;
      expect(tokens.map((token) => token.authority).sort()).toEqual(
        (kind === "commitment" ? [one.url] : [one.url, two.url]).sort(),
      );
      const statement = await bytes(url);
      for (const token of tokens) {
        const [own, other] = token.authority === one.url ? [one, two] : [two, one];
        const reply = await bytes(token.url);
        expect(await opensslVerifies(statement, reply, own.rootFile), token.url).toBe(true);
        expect(await opensslVerifies(statement, reply, other.rootFile), token.url).toBe(false);
      }
    }

    // Each value the seals saw, changed in the database afterwards (SQL typed by hand while the
    // server runs, each change undone before the next): the site publishes the changed record,
    // and the auditor's check fails (exit 1), naming what no longer matches.
    type Published = { drawAt: string; seed: string; listHash: string };
    const published = async () =>
      (await (await fetch(`${app.origin}/sorteos/${dayFrom(drawAt, 0)}/sorteo.json`)).json()) as Published;
    const refusedChecks = async () => {
      const result = await audit();
      expect(result.code, result.stdout).toBe(1);
      return result.stdout
        .split("\n")
        .filter((line) => line.startsWith("NO "))
        .map((line) => line.slice("NO       ".length, line.indexOf(": ")));
    };
    const stored = await inDatabase(database.env, (db) =>
      db.selectFrom("draws").selectAll().where("draw_at", "=", drawAt).executeTakeFirstOrThrow(),
    );
    const beacon = chain.sign(moved).randomness;

    // The draw instant moved 15 s (with its rounds and seals): one of the 20 rounds a dishonest
    // organizer could pick from.
    const movedAt = drawAt + 15 * SECOND;
    await inDatabase(database.env, (db) => moveDraw(db, drawAt, movedAt));
    await expect
      .poll(async () => (await published()).drawAt, { timeout: 30_000 })
      .toBe(new Date(movedAt).toISOString());
    expect(await refusedChecks()).toEqual([
      "Texto sellado del compromiso",
      "Texto sellado de la lista",
      "Momento del sorteo",
    ]);
    await inDatabase(database.env, (db) => moveDraw(db, movedAt, drawAt));

    // Another seed with its own commitment, one that names another winner.
    const seed = ["5eed", "feed", "beef", "cafe"]
      .map((word) => word.repeat(16))
      .find((candidate) => expectedWinners(candidate, IDS, [beacon])[0] !== winner)!;
    await inDatabase(database.env, (db) =>
      db
        .updateTable("draws")
        .set({ seed, commitment: sha256(seed) })
        .where("draw_at", "=", drawAt)
        .execute(),
    );
    await expect.poll(async () => (await published()).seed, { timeout: 30_000 }).toBe(seed);
    expect(await refusedChecks()).toEqual([
      "Texto sellado del compromiso",
      "Texto sellado de la lista",
      "Ganador (sorteo)",
    ]);
    await inDatabase(database.env, (db) =>
      db
        .updateTable("draws")
        .set({ seed: stored.seed, commitment: stored.commitment })
        .where("draw_at", "=", drawAt)
        .execute(),
    );

    // Another list with its own hash: the winner's id swapped for another.
    const list = IDS.map((id) => `${id === winner ? "OL-9999" : id}\n`).join("");
    await inDatabase(database.env, (db) =>
      db
        .updateTable("draws")
        .set({ list_text: list, list_hash: sha256(list) })
        .where("draw_at", "=", drawAt)
        .execute(),
    );
    await expect.poll(async () => (await published()).listHash, { timeout: 30_000 }).toBe(sha256(list));
    expect(await refusedChecks()).toEqual(["Texto sellado de la lista", "Ganador (sorteo)"]);
    await inDatabase(database.env, (db) =>
      db
        .updateTable("draws")
        .set({ list_text: stored.list_text, list_hash: stored.list_hash })
        .where("draw_at", "=", drawAt)
        .execute(),
    );
    await expect.poll(async () => (await published()).listHash, { timeout: 30_000 }).toBe(stored.list_hash);
  });
});
