/**
 * "¿Gané?" over HTTP (docs/decisions/097-what-became-of-an-entry.md): the link a participant
 * keeps, `/sorteos?q=<id>`, says what became of each of its entries, on a server with a movable
 * clock, two real loopback authorities whose clocks follow it, and the sheet served by msw over
 * loopback HTTP, changed by the test:
 * - a row added 55 s before the freeze is in the frozen list, and 13 s after the instant its
 *   search finds it although the sheet's copy (5 minutes to live) had not expired: the freeze's
 *   own copy of the sheet is the pages' from then on;
 * - 7 December 2026 has no draw (both authorities down through its round): no mark or
 *   explanation ever names it, its entries go to 4 January 2027;
 * - 4 January 2027 happens (sealed in time, drawn with a rehearsal key): the winner's id says
 *   "Ganó el sorteo del 4/1/2027", another's "Participó del sorteo del 4/1/2027", each with a
 *   link to the record; a row dated before every draw's days names no draw; every explanation
 *   ends with where to write to us.
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { http, HttpResponse } from "msw";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSheetServer, type SheetServer } from "../mocks/sheet-server";
import { freePort, ROOT, startAppServer, type AppServer } from "../support/app-server";
import { openPage, sharedBrowser } from "../support/browser";
import { drawCommand, expectedWinners } from "../support/draw-command";
import { rehearsalChain } from "../support/drand-relay";
import { startWitnessPair, type WitnessPair } from "../support/timestamp-authority";
import { decodeEntities } from "../support/html-entities";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
/** The draw of Monday 7 December 2026, 12:00 in Argentina, and the next, 4 January 2027. */
const DECEMBER = Date.UTC(2026, 11, 7, 15);
const JANUARY = Date.UTC(2027, 0, 4, 15);
const SHEET_PATH = "/sheet/draw-search.csv";

const ROWS = [
  "nombre,pais,id,fecha",
  // Before the days of every draw: no draw happened on 2 November 2026 (none is recorded).
  "Ana Ayala,Chile,OL-5001,2026-10-20",
  "Bruno Bravo,Perú,OL-5002,2026-11-20",
  "Carla Cruz,Uruguay,OL-5003,25/11/2026",
];
/** Added to the sheet at 11:59:05 on draw day. */
const LAST_MINUTE = "Diego Díaz,México,OL-5004,7/12/2026 11:59:05";
/** Dated after January's draw: February's. */
const FEBRUARY_ROW = "Eva Estévez,Bolivia,OL-5005,2027-01-10";

/** drand quicknet's round fixed for the draw at `drawAt`: the first out 30 minutes after it. */
const roundOf = (drawAt: number) => Math.ceil((drawAt / 1000 + 30 * 60 - 1_692_803_367) / 3) + 1;

const text = (html: string) =>
  decodeEntities(html.replace(/<[^>]+>/g, ""))
    .replace(/\s+/g, " ")
    .trim();

/** The search's explanations box, as text, and its HTML (for links); null when the page has none. */
function explanations(html: string): { text: string; html: string } | null {
  const box =
    /<div[^>]*data-testid="not-in-play"[^>]*>[\s\S]*?data-testid="not-in-play-contact"[\s\S]*?<\/p><\/div>/.exec(html);
  return box ? { text: text(box[0]), html: box[0] } : null;
}

/** Each listed row's id and its mark's visible words (null without one). */
function marks(html: string): [string, string | null][] {
  return [...html.matchAll(/<tr[^>]*data-testid="participant-row"[^>]*>([\s\S]*?)<\/tr>/g)].map(([, row]) => {
    const id = /<bdi[^>]*>([^<]*)<\/bdi>/.exec(row!)?.[1] ?? /OL-\d+/.exec(row!)![0];
    const mark = /<span[^>]*data-testid="row-mark"[^>]*>([\s\S]*?)<\/span><\/td>/.exec(row!)?.[1];
    return [id, mark === undefined ? null : text(mark.replace(/<span class="sr-only">[\s\S]*?<\/span>/, ""))];
  });
}

describe("¿Gané?: a missed day, a draw that happened, and a row added a minute before the freeze", () => {
  const chain = rehearsalChain();
  let sheets: SheetServer;
  let witnesses: WitnessPair;
  let app: AppServer;
  let env: Record<string, string>;
  let dataDir: string;
  let now = Date.now();
  let sheet = [...ROWS];

  /** Moves the server's clock, and its authorities', to `at`. */
  let offset = 0;
  const moveTo = async (at: number) => {
    await app.advanceClock(at - now);
    offset += at - now;
    now = at;
  };
  const page = async (query = "") =>
    (await fetch(`${app.origin}/sorteos${query ? `?q=${encodeURIComponent(query)}` : ""}`)).text();

  beforeAll(async () => {
    sheets = await startSheetServer({
      handlers: [http.get(`*${SHEET_PATH}`, () => HttpResponse.text(`${sheet.join("\n")}\n`))],
    });
    witnesses = await startWitnessPair(["Testigo Uno de la Búsqueda", "Testigo Dos de la Búsqueda"]);
    witnesses.setClock(() => new Date(Date.now() + offset));
    dataDir = mkdtempSync(path.join(tmpdir(), "draw-search-"));
    const port = await freePort();
    env = {
      DATA_DIR: dataDir,
      PARTICIPANTS_CSV_URL: sheets.url(SHEET_PATH),
      // The sheet's copy lives 5 minutes: the freeze comes 2 min 13 s after the last refresh.
      PARTICIPANTS_TTL_SECONDS: "300",
      SITE_URL: `http://127.0.0.1:${port}`,
      ID_PATTERN: "^OL-[1-9][0-9]*$",
      ...witnesses.env,
      TIMESTAMP_TIMEOUT_MS: "6000",
    };
    app = await startAppServer({ ...env, NODE_ENV: "test", SHARED_MAX_AGE_SECONDS: "1" }, { port, movableClock: true });
  });
  afterAll(async () => {
    await app?.stop();
    await witnesses?.close();
    await sheets?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    "finds a last-minute entry right after the freeze, names no missed day, and tells the winner and the others",
    { timeout: 120_000 },
    async () => {
      // Two minutes before the instant: a fresh copy of the sheet, and a row dated before every draw.
      await moveTo(DECEMBER - 2 * MINUTE);
      await page();
      await expect.poll(async () => text(await page()), { timeout: 20_000 }).toContain("hace menos de 1 minuto");
      const before = await page("OL-5001");
      expect(marks(before)).toEqual([["OL-5001", "fecha anterior"]]);
      expect(explanations(before)!.text).toContain(
        "Tu participación del 20/10/2026 es anterior a los días de este sorteo, que empiezan el 2/11/2026.",
      );
      expect(before).not.toContain("sorteo del 2/11/2026");

      // 11:59:05: a row is added; 12:00:13: the authorities are down, the list is frozen, and the
      // search finds the row, although the pages' copy had 2 min 13 s of its 5 minutes.
      await moveTo(DECEMBER - 55 * SECOND);
      sheet = [...ROWS, LAST_MINUTE];
      for (const authority of witnesses.authorities) authority.mode = "down";
      const fetchedBefore = sheets.hits(SHEET_PATH);
      await moveTo(DECEMBER + 13 * SECOND);
      const lastMinute = await page("OL-5004");
      expect(app.output()).toContain('"event":"draw.frozen"');
      // One load of the sheet: the freeze's, handed to the pages.
      expect(sheets.hits(SHEET_PATH)).toBe(fetchedBefore + 1);
      expect(marks(lastMinute)).toEqual([["OL-5004", "sorteo de diciembre de 2026"]]);
      expect(explanations(lastMinute)!.text).toContain(
        "Está en juego en el sorteo del 7/12/2026: su lista ya se cerró. Ver el sorteo del 7/12/2026",
      );

      // The round passes with no seal: no draw on 7 December. Its entries are January's, in play,
      // and nothing the search says names that day.
      await moveTo(DECEMBER + 31 * MINUTE);
      await expect.poll(async () => text(await page()), { timeout: 20_000 }).toContain("no hubo sorteo");
      const afterMissed = await page("OL-500");
      expect(marks(afterMissed)).toEqual([
        ["OL-5004", null],
        ["OL-5003", null],
        ["OL-5002", null],
        ["OL-5001", "fecha anterior"],
      ]);
      expect(explanations(afterMissed)!.text).not.toContain("sorteo del 7/12/2026");

      // 4 January 2027: the authorities are back, the list is frozen and sealed before the round.
      for (const authority of witnesses.authorities) authority.mode = "up";
      sheet = [...ROWS, LAST_MINUTE, FEBRUARY_ROW];
      await moveTo(JANUARY + SECOND);
      await page();
      await expect
        .poll(async () => text(await page()), { timeout: 30_000 })
        .toContain("Dos autoridades independientes ya sellaron la lista antes de esa hora: el sorteo se hace.");
      await moveTo(JANUARY + 31 * MINUTE);
      const round = roundOf(JANUARY);
      const run = await drawCommand(
        { ...env, DRAW_REHEARSAL_KEY: chain.publicKey },
        ["run", "--signature", chain.sign(round).signature],
        { now: new Date(JANUARY + 31 * MINUTE), built: true },
      );
      expect(run.code, run.stderr).toBe(0);
      // The list holds December's entries and January's own (not February's row, not October's).
      const entries = ["OL-5002", "OL-5003", "OL-5004"];
      const [winner] = expectedWinners(entries, [chain.sign(round).randomness]);
      expect(run.stdout).toContain(`Ganador de la ronda 0: ${winner}\n`);
      await expect.poll(() => page(), { timeout: 30_000 }).toContain('id="sorteo-2027-01-04"');

      // The winner's link, a non-winner's, the row before every draw's days, February's row.
      const won = await page(winner!);
      expect(marks(won)).toEqual([[winner, "ganó el sorteo de enero"]]);
      const wonBox = explanations(won)!;
      expect(wonBox.text).toContain("Ganó el sorteo del 4/1/2027. Ver el sorteo del 4/1/2027");
      expect(wonBox.html).toContain('href="/sorteos#sorteo-2027-01-04"');
      const other = entries.find((id) => id !== winner)!;
      const tookPart = await page(other);
      expect(marks(tookPart)).toEqual([[other, "sorteo de enero"]]);
      expect(explanations(tookPart)!.text).toContain("Participó del sorteo del 4/1/2027. Ver el sorteo del 4/1/2027");

      const all = await page("OL-500");
      expect(marks(all)).toEqual([
        ["OL-5005", null],
        ...entries
          .slice()
          .reverse()
          .map((id): [string, string] => [id, id === winner ? "ganó el sorteo de enero" : "sorteo de enero"]),
        ["OL-5001", "fecha anterior"],
      ]);
      const box = explanations(all)!;
      expect(box.text).toContain(
        "Tu participación del 20/10/2026 es anterior a los días de este sorteo, que empiezan el 4/1/2027.",
      );
      // Only draws that happened, never "filas", and where to write to us last.
      expect(box.text).not.toContain("sorteo del 7/12/2026");
      expect(box.text).not.toContain("sorteo del 2/11/2026");
      expect(box.text).not.toMatch(/\bfilas?\b/);
      expect(box.text).toMatch(/¿Algo no te cierra\? Escribinos y lo revisamos\.$/);
      expect(box.html).toMatch(/<a[^>]*href="\/contacto"[^>]*>Escribinos<\/a>/);
      expect(box.text).toContain(
        "Estas participaciones coinciden con tu búsqueda y no entran en el sorteo del 1/2/2027:",
      );
    },
  );

  it("shows the answers in a browser at 390 and 1440 px, with JavaScript and without, the record one click away", async () => {
    const browser = await sharedBrowser();
    const folder = path.join(ROOT, ".screenshots");
    mkdirSync(folder, { recursive: true });
    try {
      for (const width of [390, 1440]) {
        for (const javaScriptEnabled of [true, false]) {
          const { page, context, unexpected } = await openPage(browser, width, {
            javaScriptEnabled,
            checkedByCaller: true,
          });
          await page.goto(`${app.origin}/sorteos?q=OL-500`, { waitUntil: "load" });
          const box = page.getByTestId("not-in-play");
          await box.scrollIntoViewIfNeeded();
          expect(await box.isVisible()).toBe(true);
          expect(await box.getByText("Ganó el sorteo del 4/1/2027.").isVisible()).toBe(true);
          await box.screenshot({ path: path.join(folder, `gane-${width}-js-${javaScriptEnabled ? "on" : "off"}.png`) });
          // The winner's record, one click away, with or without JavaScript.
          await box.getByRole("link", { name: "Ver el sorteo del 4/1/2027" }).first().click();
          await page.waitForURL(/\/sorteos#sorteo-2027-01-04$/);
          await expect.poll(() => page.locator("#sorteo-2027-01-04").isVisible()).toBe(true);
          expect(unexpected()).toEqual([]);
          await context.close();
        }
      }
    } finally {
      await browser.close();
    }
  });
});
