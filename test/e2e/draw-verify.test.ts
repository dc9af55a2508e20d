/**
 * "Verificalo vos" on a real draw: the built server (NODE_ENV=test: a rehearsal never runs
 * beside a production server's database, and its authorities' roots count only there, marked
 * as test roots), its two authorities following its moved clock, a draw made with `npm run
 * draw` against its database (a rehearsal key), and the page's button in Chromium. Everything
 * matches as published but the public value, which the page's check says is not drand's; it
 * says which value fails when the downloaded ids list is altered on the way, or one digit of
 * the published public value is, and which sealed text or instant no longer matches when the
 * record is changed in the database after its seals (a moved draw instant, a moved freeze, a
 * changed list).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { freePort, startAppServer, type AppServer } from "../support/app-server";
import { axeViolations, sharedBrowser, openPage } from "../support/browser";
import { drawCommand, expectedWinners, printed, sha256, upcomingIn } from "../support/draw-command";
import { rehearsalChain } from "../support/drand-relay";
import { inDatabase, moveDraw } from "../support/draw-tampering";
import { startWitnessPair, type WitnessPair } from "../support/timestamp-authority";

const MINUTE = 60_000;

let app: AppServer;
let browser: Browser;
let witnesses: WitnessPair;
let dataDir: string;
let winner: string;
let beacon: string;
/** The draw's instant, epoch ms. */
let drawAt: number;
/** The frozen list the draw was made from, as the page links to it. */
let ids: string[];

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "draw-e2e-"));
  const port = await freePort();
  // Two authorities of this test's own, stamping the server's moved time: the shared pair stamps
  // the real time, which a list frozen at a moved instant would precede.
  witnesses = await startWitnessPair(["Testigo Verificable Uno", "Testigo Verificable Dos"]);
  // The bundled sample sheet: the draw is made among its example entries, in a rehearsal (a key
  // made here: this machine may not reach drand).
  const chain = rehearsalChain();
  const env = { DATA_DIR: dataDir, SITE_URL: `http://127.0.0.1:${port}`, ...witnesses.env };
  [app, browser] = await Promise.all([
    startAppServer({ ...env, NODE_ENV: "test", SHARED_MAX_AGE_SECONDS: "1" }, { port, movableClock: true }),
    sharedBrowser(),
  ]);
  const drawEnv = { ...env, DRAW_REHEARSAL_KEY: chain.publicKey };
  const status = (await drawCommand(drawEnv, ["status"])).stdout;
  const upcoming = upcomingIn(status);
  drawAt = upcoming.drawAt.getTime();
  const drandRound = upcoming.drandRound;
  // At the instant the server freezes the list (`status` only reads): its clock and its
  // authorities' are moved there, and the first page it serves after it finds the freeze due.
  const moveBy = drawAt + 1000 - Date.now();
  witnesses.setClock(() => new Date(Date.now() + moveBy));
  await app.advanceClock(moveBy);
  expect((await fetch(`${app.origin}/sorteos`)).status).toBe(200);
  // Both authorities seal the list (the page says so once they have), well before the round.
  await vi.waitFor(
    async () =>
      expect(await (await fetch(`${app.origin}/sorteos`)).text()).toContain(
        "Dos autoridades independientes ya sellaron la lista antes de esa hora: el sorteo se hace.",
      ),
    { timeout: 30_000, interval: 250 },
  );
  const run = await drawCommand(drawEnv, ["run", "--signature", chain.sign(drandRound).signature], {
    now: new Date(drawAt + 31 * MINUTE),
  });
  expect(run.code, run.stderr).toBe(0);
  winner = printed(run.stdout, "Ganador de la ronda 0");
  beacon = chain.sign(drandRound).randomness;
  const list = await fetch(`${app.origin}/sorteos/${new Date(drawAt).toISOString().slice(0, 10)}/ids.txt`);
  ids = (await list.text()).split("\n").filter(Boolean);
  // The rule of docs/draw.md, recomputed here, agrees with the command.
  expect(expectedWinners(ids, [beacon])).toEqual([winner]);
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await witnesses?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function verifyOnPage(page: Page, beforeClick = () => undefined as unknown): Promise<string> {
  // The record itself, not the winner's id (which the list of participants shows too): the
  // server reads the records again once it sees the command's change, which a busy machine delays.
  const record = page.locator("#verificalo-vos article", { hasText: "opinionlabz-draw-v2" });
  await expect
    .poll(async () => (await page.goto(`${app.origin}/sorteos`), await record.count()), { timeout: 30_000 })
    .toBe(1);
  expect(await record.textContent()).toContain(`(ID ${winner})`);
  const button = record.getByRole("button", { name: "Verificar en mi navegador" });
  await expect.poll(() => button.isEnabled(), { timeout: 15_000 }).toBe(true);
  beforeClick();
  await button.click();
  const verdict = record.getByRole("status").locator("p").first();
  // A verdict: it matches, it does not, or part of it could not be checked.
  await expect
    .poll(async () => (await verdict.textContent()) ?? "", { timeout: 15_000 })
    .toMatch(/coincide|No pudimos comprobarlo todo/);
  return (await verdict.textContent()) ?? "";
}

describe("Verificalo vos on a recorded draw", () => {
  it("matches as published but for the rehearsal's beacon, and marks the draw and its winner as examples", async () => {
    // Without motion: axe measured the sections' text mid fade-in (a contrast of the blend, not of
    // the colours), once in three quiet runs.
    const { page } = await openPage(browser, "desktop", { reducedMotion: "reduce" });
    // The pairing code is fetched when the visitor asks for the check, never with the page.
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request.url());
    });
    const pairingCode = () => scripts.filter((url) => /\/drand-beacon-[^/]*\.js$|beacon-checks/.test(url));
    // The seals' code (PKI.js) too.
    const sealsCode = () => scripts.filter((url) => /witness-checks/.test(url));
    expect(
      await verifyOnPage(page, () => {
        expect(pairingCode()).toEqual([]);
        expect(sealsCode()).toEqual([]);
      }),
    ).toBe("No coincide: valor público (sorteo).");
    expect(pairingCode()).not.toEqual([]);
    expect(sealsCode()).not.toEqual([]);
    const lines = await page.locator("#verificalo-vos [role='status'] li").allTextContents();
    // The seals come in the record's order, by authority URL: here two loopback ports, either first.
    const held = lines.filter((line) => line.includes("(coincide)")).map((line) => line.split(" (")[0]!);
    expect(held.filter((line) => line.startsWith("Sello de")).sort()).toEqual([
      "Sello de Testigo Verificable Dos",
      "Sello de Testigo Verificable Uno",
    ]);
    expect(held.map((line) => (line.startsWith("Sello de") ? "Sello de una autoridad" : line))).toEqual([
      "Huella de la lista",
      "Cantidad de participaciones",
      "Texto sellado de la lista",
      "Sello de una autoridad",
      "Sello de una autoridad",
      "Lista sellada antes de que drand publicara la ronda del sorteo",
      "Momento del sorteo",
      "Rondas de drand",
      "Fecha de la lista",
      "Ganador",
    ]);
    expect(lines).toContain(
      "Valor público (sorteo) (no coincide)No es un valor de drand: este sorteo fue un ensayo con una clave de prueba.",
    );
    // Drawn among the sample sheet's examples, all of them: no days of a window are claimed for it.
    const record = page.locator("#verificalo-vos article", { hasText: "opinionlabz-draw-v2" });
    // The authorities' roots are this test's: counted (NODE_ENV=test), and every seal says so.
    expect(lines.filter((line) => line.startsWith("Sello de"))).toEqual([
      expect.stringMatching(
        /^Sello de Testigo Verificable (Uno|Dos) \(lista\) \(coincide\).*raíz de prueba \(TIMESTAMP_ROOTS\)/,
      ),
      expect.stringMatching(
        /^Sello de Testigo Verificable (Uno|Dos) \(lista\) \(coincide\).*raíz de prueba \(TIMESTAMP_ROOTS\)/,
      ),
    ]);
    expect(await record.textContent()).not.toContain("Entran las participaciones");
    await expect
      .poll(() => page.locator("#ganadores-anteriores").textContent())
      .toContain("«Sorteo de muestra» es un sorteo hecho con la lista de muestra: quien sale no es una persona real.");
    expect(await axeViolations(page, "#ganadores-anteriores")).toEqual([]);
    expect(await axeViolations(page, "#verificalo-vos")).toEqual([]);
  });

  it("fails, naming the list's hash, when one id of the downloaded list is changed", async () => {
    const { page } = await openPage(browser, "mobile");
    await page.route("**/ids.txt", async (route) => {
      const response = await route.fetch();
      const altered = (await response.text()).replace(/^[^\n]+/, "OL-99999");
      await route.fulfill({ response, body: altered });
    });
    const verdict = await verifyOnPage(page);
    expect(verdict).toMatch(/^No coincide: .*huella de la lista/);
  });

  /**
   * `value` with one hex digit changed, as anyone editing the published record would, and such
   * that the rule then names another winner: with a few dozen entries, a change chosen blindly
   * keeps the same winner once in a few dozen runs, and the page would rightly not flag it.
   */
  function oneDigitOff(value: string, winnerWith: (altered: string) => string): string {
    for (let position = value.length - 1; position >= 0; position -= 1) {
      for (const digit of "0123456789abcdef") {
        if (digit === value[position]) continue;
        const altered = `${value.slice(0, position)}${digit}${value.slice(position + 1)}`;
        if (winnerWith(altered) !== winner) return altered;
      }
    }
    throw new Error(`no one-digit change of ${value} names another winner`);
  }

  /** Serves /sorteos with `value` replaced everywhere: in the markup and in the data the page hydrates with. */
  async function alterPublished(page: Page, value: string, altered: string): Promise<void> {
    await page.route(/\/sorteos$/, async (route) => {
      const response = await route.fetch();
      const headers = { ...response.headers() };
      delete headers["content-encoding"];
      delete headers["content-length"];
      // The altered data script no longer has the hash the policy allows: the page is ours to alter here.
      delete headers["content-security-policy"];
      const body = (await response.text()).replaceAll(value, altered);
      await route.fulfill({ status: response.status(), headers, body });
    });
  }

  it("fails, naming what changed, when one digit of the published public value is changed", async () => {
    // A rehearsal's value never passes for drand's; changed, the winner no longer follows from it.
    const { page: valuePage } = await openPage(browser, "mobile");
    await alterPublished(
      valuePage,
      beacon,
      oneDigitOff(beacon, (altered) => expectedWinners(ids, [altered])[0]!),
    );
    expect(await verifyOnPage(valuePage)).toBe("No coincide: valor público (sorteo), ganador (sorteo).");
  });

  it("tells a list it could not download apart from one that does not match", async () => {
    const { page } = await openPage(browser, "mobile", {
      expectProblems: /ids\.txt|Failed to load resource|ERR_FAILED/,
    });
    const asked: string[] = [];
    await page.route("**/ids.txt", async (route) => {
      asked.push(route.request().url());
      await route.abort("connectionreset");
    });
    // The record is a rehearsal: its beacon is not drand's whatever happens to the list.
    expect(await verifyOnPage(page)).toBe(
      "No coincide: valor público (sorteo). No pudimos comprobarlo todo: la lista de IDs no se pudo descargar. Probá de nuevo en un rato.",
    );
    // Asked of the page's own origin, whatever SITE_URL names.
    expect(asked.every((url) => new URL(url).origin === new URL(page.url()).origin)).toBe(true);
    const lines = await page.locator("#verificalo-vos [role='status'] li").allTextContents();
    expect(lines).toContainEqual(
      expect.stringMatching(/^Lista de IDs \(sin comprobar\)No pudimos descargar la lista de IDs/),
    );
    expect(lines.filter((line) => line.includes("(no coincide)"))).toEqual([
      expect.stringMatching(/^Valor público \(sorteo\) \(no coincide\)/),
    ]);
  });
});

/**
 * The record changed in its database after its seals (SQL by hand, the server running, each
 * change undone after): the page publishes what the database says, and its check, in Chromium,
 * names what no longer matches the sealed statement or its seals. (The same changes fail the
 * auditor's `draw -- verify` and the by-hand recipe: test/server/draw-witnesses.test.ts,
 * test/server/draw-by-hand.test.ts.)
 */
describe("Verificalo vos on a record changed in the database after its seals", () => {
  const database = () => ({ DATA_DIR: dataDir });
  /** The record as the site publishes it, once it says `field` is `value`. */
  const publishedAs = async (field: "drawAt" | "frozenAt" | "listHash", value: string) => {
    const record = async () => {
      const response = await fetch(`${app.origin}/sorteos/${drawDay()}/sorteo.json`);
      return ((await response.json()) as Record<string, string>)[field];
    };
    await expect.poll(record, { timeout: 30_000 }).toBe(value);
  };
  const drawDay = () => new Date(drawAt - 3 * 60 * MINUTE).toISOString().slice(0, 10);
  const stored = () =>
    inDatabase(database(), (db) =>
      db.selectFrom("draws").selectAll().where("draw_at", "=", drawAt).executeTakeFirstOrThrow(),
    );

  it("names the sealed text and the instants when the draw instant is moved 15 s", async () => {
    const movedAt = drawAt + 15_000;
    await inDatabase(database(), (db) => moveDraw(db, drawAt, movedAt));
    try {
      await publishedAs("drawAt", new Date(movedAt).toISOString());
      const { page } = await openPage(browser, "mobile");
      expect(await verifyOnPage(page)).toBe(
        "No coincide: texto sellado de la lista, momento del sorteo, rondas de drand, fecha de la lista, valor público (sorteo).",
      );
    } finally {
      await inDatabase(database(), (db) => moveDraw(db, movedAt, drawAt));
      await publishedAs("drawAt", new Date(drawAt).toISOString());
    }
  });

  it("names the sealed text and the list's date when the freeze is recorded 10 minutes later than it was made", async () => {
    // Frozen at drawAt + 1 s and sealed right after; the record says it closed 10 minutes on,
    // as an operator who froze late and wrote an earlier time would have it read backwards.
    const original = await stored();
    const movedFreeze = Number(original.frozen_at) + 10 * MINUTE;
    const setFrozenAt = (at: number) =>
      inDatabase(database(), (db) =>
        db.updateTable("draws").set({ frozen_at: at }).where("draw_at", "=", drawAt).execute(),
      );
    await setFrozenAt(movedFreeze);
    try {
      await publishedAs("frozenAt", new Date(movedFreeze).toISOString());
      const { page } = await openPage(browser, "mobile");
      expect(await verifyOnPage(page)).toBe(
        "No coincide: texto sellado de la lista, fecha de la lista, valor público (sorteo).",
      );
    } finally {
      await setFrozenAt(Number(original.frozen_at));
      await publishedAs("frozenAt", new Date(Number(original.frozen_at)).toISOString());
    }
  });

  it("names the list's sealed text and the winner when the list is changed with its hash", async () => {
    const original = await stored();
    const list = ids.map((id) => `${id === winner ? "OL-99999" : id}\n`).join("");
    await inDatabase(database(), (db) =>
      db
        .updateTable("draws")
        .set({ list_text: list, list_hash: sha256(list) })
        .where("draw_at", "=", drawAt)
        .execute(),
    );
    try {
      await publishedAs("listHash", sha256(list));
      const { page } = await openPage(browser, "mobile");
      expect(await verifyOnPage(page)).toBe(
        "No coincide: texto sellado de la lista, valor público (sorteo), ganador (sorteo).",
      );
    } finally {
      await inDatabase(database(), (db) =>
        db
          .updateTable("draws")
          .set({ list_text: original.list_text, list_hash: original.list_hash })
          .where("draw_at", "=", drawAt)
          .execute(),
      );
      await publishedAs("listHash", original.list_hash!);
    }
  });
});
