/**
 * Issue 19 over HTTP: with a sheet of full names as people type them, no response of the
 * built server (pages, every page of the listing, searches, data requests) carries a word
 * the site hides; a search cannot confirm a hidden surname; searches and later pages are
 * noindex; PARTICIPANT_NAMES=full publishes the names as written.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sheetPath } from "../mocks/handlers";
import { startSheetServer, type SheetServer } from "../mocks/sheet-server";
import { FULL_NAMES } from "../mocks/sheets";
import { startAppServer, type AppServer } from "../support/app-server";
import { BROWSER_USER_AGENT } from "../support/browser";

/** 35 rows, 10 per page. */
const PAGES = [1, 2, 3, 4];

let sheets: SheetServer;
let masked: AppServer;
let full: AppServer;
beforeAll(async () => {
  sheets = await startSheetServer();
  const PARTICIPANTS_CSV_URL = sheets.url(sheetPath("full-names"));
  [masked, full] = await Promise.all([
    startAppServer({ PARTICIPANTS_CSV_URL }),
    startAppServer({ PARTICIPANTS_CSV_URL, PARTICIPANT_NAMES: "full" }),
  ]);
});
afterAll(async () => {
  await Promise.all([masked?.stop(), full?.stop()]);
  await sheets?.close();
});

async function get(app: AppServer, path: string): Promise<{ status: number; headers: Headers; body: string }> {
  // A browser's user agent: crawlers get the whole page at once, people get it streamed; both are checked.
  const response = await fetch(`${app.origin}${path}`, { headers: { "user-agent": BROWSER_USER_AGENT } });
  return { status: response.status, headers: response.headers, body: await response.text() };
}

/** A word as a word: "Luna" is not found inside "Lunares", nor in a base64 hash. */
const asWord = (word: string) => new RegExp(`(?<![\\p{L}\\p{N}])${word}(?![\\p{L}\\p{N}])`, "u");

const HIDDEN_WORDS = FULL_NAMES.flatMap((name) => name.hidden);

function expectNoHiddenWord(body: string, where: string) {
  const found = HIDDEN_WORDS.filter((word) => asWord(word).test(body));
  expect(found, `hidden words in ${where}`).toEqual([]);
}

const idOf = (index: number) => `FN-${String(index + 1).padStart(3, "0")}`;

describe("names as promised (PARTICIPANT_NAMES unset)", () => {
  it("shows every participant by first name and one initial on every page of /sorteos, and nothing more", async () => {
    const shownOnPages: string[] = [];
    for (const page of PAGES) {
      for (const path of [`/sorteos?page=${page}`, `/sorteos.data?page=${page}`]) {
        const { status, body } = await get(masked, path);
        expect(status, path).toBe(200);
        expectNoHiddenWord(body, path);
      }
      const { body } = await get(masked, `/sorteos?page=${page}`);
      shownOnPages.push(
        ...[...body.matchAll(/data-testid="participant-row"><td[^>]*>([^<]*)<\/td>/g)].map((m) => m[1]!),
      );
    }
    // Newest first: the last row of the sheet leads the first page.
    expect(shownOnPages).toEqual(FULL_NAMES.map((name) => name.shown).reverse());
  });

  it("shows the newest five on / and in its data request, masked the same way", async () => {
    for (const path of ["/", "/_root.data"]) {
      const { status, body } = await get(masked, path);
      expect(status, path).toBe(200);
      expectNoHiddenWord(body, path);
    }
    const home = (await get(masked, "/")).body;
    for (const { shown } of FULL_NAMES.slice(-5)) expect(home).toContain(`>${shown}<`);
  });

  it("finds nobody by a hidden surname or second name, in any spelling", async () => {
    for (const query of [
      "Núñez",
      "nunez",
      "ORTEGA",
      "José",
      "de la Fuente",
      "Fuente",
      "Etcheverry",
      "gmail",
      "María José",
    ]) {
      for (const path of [`/sorteos?q=${encodeURIComponent(query)}`, `/sorteos.data?q=${encodeURIComponent(query)}`]) {
        const { status, body } = await get(masked, path);
        expect(status, path).toBe(200);
        expectNoHiddenWord(body.replaceAll(query, ""), path);
        if (!path.includes(".data")) {
          expect(body, path).not.toContain('data-testid="participant-row"');
          expect(body, path).toContain("No se encontraron participantes");
        }
      }
    }
  });

  it("finds a participant by id and by what the list shows", async () => {
    // "María José Núñez Ortega" is the first row: FN-001, shown "María O.".
    for (const query of ["FN-001", "fn-001", "María O.", "maria o"]) {
      const { body } = await get(masked, `/sorteos?q=${encodeURIComponent(query)}`);
      const rows = [...body.matchAll(/data-testid="participant-row"><td[^>]*>([^<]*)<\/td>/g)].map((m) => m[1]);
      expect(rows, query).toEqual(["María O."]);
      expect(body).toContain(idOf(0));
      expectNoHiddenWord(body, query);
    }
  });
});

describe("names as written (PARTICIPANT_NAMES=full)", () => {
  it("publishes every word of every name, which the checks above would catch", async () => {
    const listing = await Promise.all(PAGES.map(async (page) => (await get(full, `/sorteos?page=${page}`)).body));
    const found = HIDDEN_WORDS.filter((word) => asWord(word).test(listing.join("\n")));
    expect(found).toEqual(HIDDEN_WORDS);
  });

  it("publishes and searches the sheet's names unchanged", async () => {
    const { body } = await get(full, "/sorteos?q=N%C3%BA%C3%B1ez");
    const rows = [...body.matchAll(/data-testid="participant-row"><td[^>]*>([^<]*)<\/td>/g)].map((m) => m[1]);
    expect(rows).toEqual(["María José Núñez Ortega"]);
    expect((await get(full, "/")).body).toContain(">Ramiro Etcheverry, hijo<");
  });
});

describe("listings kept out of search engines", () => {
  const robotsMeta = (html: string) => html.match(/<meta name="robots" content="([^"]*)"/)?.[1];

  it.each(["/sorteos?q=ana", "/sorteos?page=2", "/sorteos?q=FN-001&page=1", "/sorteos?page=4&utm_source=whatsapp"])(
    "marks %s noindex in its meta tags",
    async (path) => {
      const { status, body } = await get(masked, path);
      expect(status).toBe(200);
      expect(robotsMeta(body)).toBe("noindex");
      // Its canonical URL is the listing itself.
      expect(body).toMatch(/<link rel="canonical" href="http:\/\/localhost:\d+\/sorteos"/);
    },
  );

  it.each(["/sorteos?q=ana", "/sorteos?page=2", "/sorteos.data?page=2"])(
    "sends X-Robots-Tag: noindex with %s",
    async (path) => {
      expect((await get(masked, path)).headers.get("x-robots-tag")).toBe("noindex");
    },
  );

  it.each(["/sorteos", "/sorteos?page=1", "/sorteos?q=", "/", "/bases-y-condiciones"])(
    "lets %s be indexed",
    async (path) => {
      const { headers, body } = await get(masked, path);
      expect(robotsMeta(body)).toBeUndefined();
      expect(headers.get("x-robots-tag")).toBeNull();
    },
  );

  it("lists canonical pages only in the sitemap", async () => {
    const { body } = await get(masked, "/sitemap.xml");
    const urls = [...body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
    expect(urls).toEqual(["/", "/sorteos", "/encuesta", "/bases-y-condiciones", "/privacidad", "/contacto"]);
    expect(body).not.toMatch(/<loc>[^<]*[?#]/);
  });
});
