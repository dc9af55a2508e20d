/**
 * Draw day, hour by hour, on the built server with its clock moved through the draw
 * (docs/product.md, "Draw day"): before the freeze the countdown leads and the list counts what
 * the freeze will take; a second before the draw instant the count is the one the freeze then
 * takes; from the freeze the top of /sorteos and the home page say "Sorteo de hoy" with the
 * frozen list, the drand round and when it comes, and a link to check it; after the result, the
 * winner; the next month, its authorities down through the round, "no hubo sorteo" and where its
 * entries go. Each state at 390 and 1440 px, with JavaScript and without.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { monthSheet } from "../mocks/sheets";
import { freePort, startAppServer, type AppServer } from "../support/app-server";
import { axeViolations, openPage, sharedBrowser, type WatchedPage } from "../support/browser";
import { drawCommand, drawOfMonth, nextDrawAfter, printed, upcomingIn } from "../support/draw-command";
import { rehearsalChain } from "../support/drand-relay";
import { startWitnessPair, type WitnessPair } from "../support/timestamp-authority";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
/** "2026-12-07": the day in Argentina (UTC−3 all year) of an instant. */
const argentinaDay = (at: Date) => new Date(at.getTime() - 3 * 60 * MINUTE).toISOString().slice(0, 10);
/** "7/12/2026", as the pages write days. */
const shown = (day: string) => day.split("-").map(Number).reverse().join("/");
/** Set it to a folder to keep a screenshot of each state and width (for a review, never in the repository). */
const SCREENS = process.env.DRAW_DAY_SCREENS;

const drawAt = nextDrawAfter(new Date());
const previousDraw = drawOfMonth(drawAt.getUTCFullYear(), drawAt.getUTCMonth() - 1);
const chain = rehearsalChain();

let app: AppServer;
let browser: Browser;
/** Two authorities of the test's own, stamping the server's moved time (the shared pair stamps the real one). */
let witnesses: WitnessPair;
let dataDir: string;
/** For the built draw command, as the image runs it (test/e2e/draw-verify.test.ts runs the checkout's, tsx). */
let drawEnv: Record<string, string>;
/** Where the server's clock was last moved to, for the browser's own and the draw command's. */
let serverNow = Date.now();
/** How far the server's clock runs ahead of the real one: its authorities' clocks follow it exactly. */
let serverOffset = 0;

async function moveServerTo(at: number) {
  // From where its clock stands now, not where it was last moved to: time ran on meanwhile.
  const by = at - (Date.now() + serverOffset);
  await app.advanceClock(by);
  serverOffset += by;
  serverNow = at;
}

const html = async (urlPath: string) => (await fetch(`${app.origin}${urlPath}`)).text();
const statParticipants = (page: string) => /data-testid="stat-participants">([^<]*)</.exec(page)?.[1];
/** How many entries the line beside the tiles says the next draw takes. */
const drawEntries = (page: string) => / (\d+) participaci(?:ón|ones) de esta lista\./.exec(page)?.[1];

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "draw-day-"));
  // The month of the issue: 32 rows, two dated before the window and one repeated id: 29 in play.
  writeFileSync(path.join(dataDir, "sheet.csv"), monthSheet(argentinaDay(previousDraw), argentinaDay(drawAt)));
  const port = await freePort();
  witnesses = await startWitnessPair(["Testigo del Dia Uno", "Testigo del Dia Dos"]);
  witnesses.setClock(() => new Date(Date.now() + serverOffset));
  const env = { DATA_DIR: dataDir, SITE_URL: `http://127.0.0.1:${port}`, ...witnesses.env };
  drawEnv = { ...env, DRAW_REHEARSAL_KEY: chain.publicKey, PARTICIPANTS_CSV_URL: path.join(dataDir, "sheet.csv") };
  [app, browser] = await Promise.all([
    // NODE_ENV=test: a rehearsal never runs beside a production server's database.
    startAppServer(
      { ...env, NODE_ENV: "test", PARTICIPANTS_CSV_URL: path.join(dataDir, "sheet.csv"), SHARED_MAX_AGE_SECONDS: "1" },
      { port, movableClock: true },
    ),
    sharedBrowser(),
  ]);
  if (SCREENS) mkdirSync(SCREENS, { recursive: true });
});
afterAll(async () => {
  await app?.stop();
  await witnesses?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/**
 * One page per width and JavaScript setting for the whole file, each loading every state's
 * pages in turn (a new page costs Chromium a renderer process, about 0.2 s of CPU, where a
 * navigation costs a fraction: docs/testing.md, "Speed"). Each view is a new document, so
 * nothing of one state's page stays for the next; documents are revalidated (max-age=0).
 */
const views: { width: number; javaScriptEnabled: boolean; watched?: WatchedPage }[] = [390, 1440].flatMap((width) =>
  [true, false].map((javaScriptEnabled) => ({ width, javaScriptEnabled })),
);
afterAll(async () => {
  await Promise.all(views.map((view) => view.watched?.context.close()));
});

/**
 * Opens `urlPath` at each width, with JavaScript and without, the browser's clock at the
 * server's (axe runs in the page: with JavaScript only); any console problem fails the test.
 */
async function eachView(urlPath: string, state: string, check: (page: Page, javaScript: boolean) => Promise<void>) {
  for (const view of views) {
    const { width, javaScriptEnabled } = view;
    if (!view.watched) {
      view.watched = await openPage(browser, width, { javaScriptEnabled, checkedByCaller: true });
      if (javaScriptEnabled) await view.watched.page.clock.install({ time: serverNow });
    } else if (javaScriptEnabled) {
      await view.watched.page.clock.setSystemTime(serverNow);
    }
    const { page, problems, unexpected } = view.watched;
    // Anything the last view logged after its check fails this one; then each view answers for its own.
    expect(unexpected(), `after the last view at ${width} px`).toEqual([]);
    problems.length = 0;
    await page.goto(`${app.origin}${urlPath}`);
    await check(page, javaScriptEnabled);
    if (SCREENS) {
      const name = `${state}-${urlPath === "/" ? "home" : urlPath.slice(1)}-${width}-${javaScriptEnabled ? "js" : "nojs"}.png`;
      await page.screenshot({ path: path.join(SCREENS, name), fullPage: false });
    }
    expect(unexpected(), `${urlPath} at ${width} px, JavaScript ${javaScriptEnabled ? "on" : "off"}`).toEqual([]);
  }
}

/** With no draw recorded, every winner card is one of the spec's examples, marked, and none is verified. */
async function expectExamplesMarked(cards: Locator, count: number) {
  expect(await cards.count()).toBe(count);
  for (const text of await cards.allTextContents()) {
    expect(text).toContain("Ejemplo");
    expect(text).not.toMatch(/verificado|Sorteo de /);
  }
}

describe("draw day, hour by hour", () => {
  it("before the freeze: the countdown leads; the list counts what the freeze will take, just before it too", async () => {
    const sorteos = await html("/sorteos");
    expect(sorteos).not.toContain('id="sorteo-hoy"');
    // All 32 rows listed, 29 of them the freeze's entries.
    expect(statParticipants(sorteos)).toBe("32");
    expect(drawEntries(sorteos)).toBe("29");
    expect(await html("/")).toContain(`Van 29 participaciones para el sorteo del ${shown(argentinaDay(drawAt))}.`);
    // Searched and paged, over HTTP: 32 rows, 10 a page, the 3 the freeze leaves out marked; the rows out are found with why.
    const rowsOf = (page: string) =>
      [...page.matchAll(/data-testid="participant-row">(?:<td[^>]*>[^<]*<\/td>){2}<td[^>]*>([^<]*)</g)].map(
        (m) => m[1],
      );
    expect(rowsOf(await html("/sorteos?page=4"))).toHaveLength(2);
    const pages = await Promise.all(
      ["1", "2", "3", "4"].map(async (page) => rowsOf(await html(`/sorteos?page=${page}`))),
    );
    expect(pages.flat()).toHaveLength(32);
    const marks = await Promise.all(
      ["1", "2", "3", "4"].map(async (page) => (await html(`/sorteos?page=${page}`)).match(/data-testid="row-mark"/g)),
    );
    expect(marks.flatMap((found) => found ?? [])).toHaveLength(3);
    const early = await html("/sorteos?q=M-01");
    // No draw is recorded before this one: the row is in no draw, and the search names none.
    expect(early).toContain(
      `Tu participación del ${shown(argentinaDay(new Date(previousDraw.getTime() - 3 * 24 * 60 * MINUTE)))} es anterior a los días de este sorteo, que empiezan el ${shown(argentinaDay(previousDraw))}.`,
    );
    expect(await html("/sorteos?q=m-10")).toContain("Repetida: el ID M-10 ya participa con otra participación del");
    await eachView("/sorteos", "antes", async (page) => {
      expect(await page.locator('[data-testid="countdown"]').count()).toBe(1);
      expect(await page.locator("#sorteo-hoy").count()).toBe(0);
      await expectExamplesMarked(page.locator("#ganadores-anteriores li"), 4);
    });
    await eachView("/", "antes", async (page) => {
      expect(await page.locator("#sorteo-hoy").count()).toBe(0);
      await expectExamplesMarked(page.locator('[aria-roledescription="slide"]'), 10);
    });
    // Just before the draw instant (2 minutes: the server's clock runs on while a busy machine serves;
    // at a load of 11 on two cores, 30 s ran out before the page was read),
    // the count the freeze then takes.
    await moveServerTo(drawAt.getTime() - 2 * MINUTE);
    expect(drawEntries(await html("/sorteos"))).toBe("29");
  });

  it("frozen: 'Sorteo de hoy' leads with the list's count, hash and link, the round and when it comes", async () => {
    await moveServerTo(drawAt.getTime() + SECOND);
    // The first page after the instant freezes the list: the count a second before is the frozen
    // one. Its two authorities seal it within seconds; until then the card promises no result.
    await expect.poll(() => html("/sorteos"), { timeout: 30_000 }).toContain('data-state="frozen"');
    await expect.poll(() => html("/"), { timeout: 30_000 }).toContain("El ganador sale de la ronda");
    const status = (await drawCommand(drawEnv, ["status"], { built: true, now: new Date(serverNow) })).stdout;
    expect(status).toMatch(/lista: +29 participaciones, huella ([0-9a-f]{64}), cerrada el .* \(su primer sello\)/);
    expect(status).toContain("sellada por dos autoridades independientes antes de la ronda: el sorteo se hace");
    const listHash = /huella ([0-9a-f]{64})/.exec(status)![1]!;
    const round = upcomingIn(status).drandRound;
    const roundShown = round.toLocaleString("es-AR");
    for (const urlPath of ["/sorteos", "/"]) {
      await eachView(urlPath, "congelado", async (page, javaScript) => {
        const today = page.locator("#sorteo-hoy");
        const text = (await today.textContent()) ?? "";
        expect(text).toContain("Sorteo de hoy");
        expect(text).toContain("La lista está cerrada");
        expect(text).toContain("Entran 29 participaciones");
        expect(text).toContain(listHash);
        expect(text).toContain(
          `El ganador sale de la ronda ${roundShown} de drand, que se publica a las 12:30 (hora de Argentina)`,
        );
        const next = nextDrawAfter(new Date(drawAt.getTime() + MINUTE));
        expect(text).toContain(`Próximo sorteo:`);
        expect(await today.locator("time").last().getAttribute("datetime")).toBe(next.toISOString());
        const list = await today.getByRole("link", { name: "Descargar la lista de IDs" }).getAttribute("href");
        expect(new URL(list!).pathname).toBe(`/sorteos/${argentinaDay(drawAt)}/ids.txt`);
        const check = await today.getByRole("link", { name: "Cómo comprobarlo" }).getAttribute("href");
        expect(check).toBe(urlPath === "/" ? "/sorteos#proximo-sorteo" : "#proximo-sorteo");
        // At the top: it starts within the first screen.
        const box = (await today.boundingBox())!;
        expect(box.y).toBeLessThan(page.viewportSize()!.height);
        if (javaScript) expect(await axeViolations(page, "#sorteo-hoy")).toEqual([]);
      });
    }
    // The countdown stays beside it, to the next draw; below, the list marks every row for the next draw, which takes none so far.
    const sorteos = await html("/sorteos");
    expect(sorteos).toContain('data-testid="countdown"');
    expect(statParticipants(sorteos)).toBe("32");
    expect(drawEntries(sorteos)).toBe("0");
    const ids = await (await fetch(`${app.origin}/sorteos/${argentinaDay(drawAt)}/ids.txt`)).text();
    expect(ids.split("\n").filter(Boolean)).toHaveLength(29);
    // Past the round's time and not drawn yet: the round is out, the result on its way.
    await moveServerTo(drawAt.getTime() + 30 * MINUTE + SECOND);
    await expect
      .poll(() => html("/sorteos"), { timeout: 30_000 })
      .toContain(`La ronda ${roundShown} de drand salió a las 12:30 (hora de Argentina)`);
  });

  it("drawn: the winner leads, marked for what the record is, with a link to its check", async () => {
    const status = (await drawCommand(drawEnv, ["status"], { built: true, now: new Date(serverNow) })).stdout;
    const { drawAt: upcoming, drandRound: round } = upcomingIn(status);
    expect(upcoming).toEqual(drawAt);
    const run = await drawCommand(drawEnv, ["run", "--signature", chain.sign(round).signature], {
      now: new Date(drawAt.getTime() + 31 * MINUTE),
      built: true,
    });
    expect(run.code, run.stderr).toBe(0);
    const winnerId = printed(run.stdout, "Ganador de la ronda 0");
    await moveServerTo(drawAt.getTime() + 32 * MINUTE);
    await expect.poll(() => html("/sorteos"), { timeout: 30_000 }).toContain('data-state="drawn"');
    for (const urlPath of ["/sorteos", "/"]) {
      await eachView(urlPath, "sorteado", async (page, javaScript) => {
        const today = page.locator("#sorteo-hoy");
        const text = (await today.textContent()) ?? "";
        // With JavaScript, the visitor's own time of it beside Argentina's (this browser's zone is the machine's).
        expect(text).toMatch(
          javaScript
            ? /^Sorteo de hoy · 12:00(\d{2}:\d{2} en tu hora)?Ganó \S+ \S+/
            : /^Sorteo de hoy · 12:00Ganó \S+ \S+/,
        );
        expect(text).toContain(winnerId);
        // A rehearsal is one, to the eye and to a screen reader: never "verificado".
        expect(text).toContain("Ensayo");
        expect(text).not.toContain("verificado");
        expect(text).toContain("Entre 29 participaciones");
        const check = await today.getByRole("link", { name: "Comprobá el resultado" }).getAttribute("href");
        expect(check).toBe(`${urlPath === "/" ? "/sorteos" : ""}#sorteo-${argentinaDay(drawAt)}`);
        if (javaScript) expect(await axeViolations(page, "#sorteo-hoy")).toEqual([]);
      });
    }
    // A week later, the next draw leads again.
    await moveServerTo(drawAt.getTime() + 7 * 24 * 60 * MINUTE);
    await expect.poll(() => html("/sorteos"), { timeout: 30_000 }).not.toContain('id="sorteo-hoy"');
  });

  it("no draw: both authorities down through the next month's round; said plainly, and its entries wait for the one after", async () => {
    // Next month's rows (other ids, the same shape: 29 in play), then its draw day with no witness.
    const nextDraw = nextDrawAfter(new Date(drawAt.getTime() + MINUTE));
    const afterNext = nextDrawAfter(new Date(nextDraw.getTime() + MINUTE));
    writeFileSync(
      path.join(dataDir, "sheet.csv"),
      monthSheet(argentinaDay(drawAt), argentinaDay(nextDraw)).replaceAll("M-", "N-").replaceAll("m-10", "n-10"),
    );
    for (const authority of witnesses.authorities) authority.mode = "down";
    await moveServerTo(nextDraw.getTime() + SECOND);
    await expect.poll(() => html("/sorteos"), { timeout: 30_000 }).toContain('data-state="frozen"');
    // Until the round, the card promises no result: without the seals, no draw.
    expect(await html("/")).toContain("Todavía faltan los sellos");
    await moveServerTo(nextDraw.getTime() + 30 * MINUTE + SECOND);
    await expect.poll(() => html("/sorteos"), { timeout: 30_000 }).toContain('data-state="missed"');
    for (const urlPath of ["/sorteos", "/"]) {
      await eachView(urlPath, "sin-sorteo", async (page, javaScript) => {
        const today = page.locator("#sorteo-hoy");
        const text = (await today.textContent()) ?? "";
        // The day's card says the instant in the visitor's own time too, with JavaScript (as above).
        expect(text).toMatch(
          javaScript
            ? /^Sorteo de hoy · 12:00(\d{2}:\d{2} en tu hora)?Hoy no hubo sorteo/
            : /^Sorteo de hoy · 12:00Hoy no hubo sorteo/,
        );
        expect(text).toContain(
          "La lista no tuvo los sellos de dos autoridades de sellado de tiempo antes de las 12:30",
        );
        expect(text).toMatch(
          new RegExp(
            `Todas sus participaciones pasan al próximo sorteo, el \\w+ ${afterNext.getUTCDate()} de \\w+, 12:00: no perdés tu lugar\\.`,
          ),
        );
        // No winner, no result promised.
        expect(text).not.toMatch(/Ganó|publicamos el ganador/);
        if (javaScript) expect(await axeViolations(page, "#sorteo-hoy")).toEqual([]);
      });
    }
    const status = (await drawCommand(drawEnv, ["status"], { built: true, now: new Date(serverNow) })).stdout;
    expect(status).toMatch(/^No hubo sorteo el .*: su lista no tuvo los sellos de dos autoridades independientes/m);
    // The list of the draw after holds this month's 29 entries, among its 32 rows listed.
    const after = await html("/sorteos");
    expect(statParticipants(after)).toBe("32");
    expect(drawEntries(after)).toBe("29");
    for (const authority of witnesses.authorities) authority.mode = "up";
  });
});
