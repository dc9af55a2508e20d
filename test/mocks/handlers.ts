import { delay, http, HttpResponse } from "msw";
import {
  dayInPlay,
  earlierSheetNow,
  fullNamesSheet,
  generateSheet,
  mixedSheetNow,
  sampleSheetNow,
  SIGN_IN_PAGE,
  TRICKY_SHEET,
  trickySheetNow,
} from "./sheets";

/**
 * The spreadsheet, as tests and `npm run dev` see it. Each scenario is a path,
 * `…/sheet/<scenario>.csv`, on any origin: in-process (msw's node server) or on the
 * loopback sheet server.
 */
export const SHEET_SCENARIOS = {
  ok: "the bundled sample sheet, dated in the current draw's days",
  tricky: "quoted commas and newlines, BOM, CRLF, short and extra columns",
  "tricky-now": "the tricky sheet, its readable dates moved into the current draw's days",
  earlier: "the sample sheet dated in the draw before the current one's days: listed, all marked, none in play",
  mixed: "this draw's rows beside an earlier draw's, an unreadable date, a repeated id and ids of another format",
  "full-names": "35 full names as people type them (compound names, particles, surname first, an email)",
  large: "100,000 valid rows",
  empty: "an empty body",
  "header-only": "the header row and nothing else",
  "500": "HTTP 500",
  "429": "HTTP 429 (rate limited)",
  "404": "HTTP 404",
  html: "Google's sign-in page (HTML, status 200)",
  "html-as-csv": "an HTML page labelled text/csv",
  hang: "never answers",
  slow: "the sample sheet, after a few seconds",
  flaky: "the sample sheet, then HTTP 500 for a while, then the sample sheet again",
  redirect: "a 307 to the sample sheet, as Google does",
} as const;

export type SheetScenario = keyof typeof SHEET_SCENARIOS;

export function sheetPath(scenario: SheetScenario): string {
  return `/sheet/${scenario}.csv`;
}

/** How long the `slow` scenario makes a visitor wait in `npm run dev`. */
const SLOW_SHEET_DELAY_MS = 4000;

/**
 * What a `slow` request waits for before the sheet is sent. A test that needs the sheet in
 * flight for as long as it likes replaces it with a promise it settles itself (`holdSlowSheet`).
 */
const slowSheet = { wait: (): Promise<unknown> => delay(SLOW_SHEET_DELAY_MS) };

/** Holds every `slow` request until `release()`; `restore()` puts the timed wait back. */
export function holdSlowSheet(): { release: () => void; restore: () => void } {
  const timedWait = slowSheet.wait;
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  slowSheet.wait = () => released;
  return {
    release,
    restore: () => {
      release();
      slowSheet.wait = timedWait;
    },
  };
}

/** The `flaky` scenario answers 500 while `failing` is set: `npm run dev` flips it on a timer, a test by hand. */
export const flakySheet = { failing: false };

function csv(body: string): HttpResponse<string> {
  return new HttpResponse(body, { headers: { "content-type": "text/csv; charset=utf-8" } });
}

const generatedSheets = new Map<number, string>();

/** A valid sheet of any size, generated once per size: `…/sheet/rows/10000.csv`. */
function generatedSheet(rows: number): string {
  let sheet = generatedSheets.get(rows);
  if (sheet === undefined) {
    sheet = generateSheet(rows);
    generatedSheets.set(rows, sheet);
  }
  return sheet;
}

export function generatedSheetPath(rows: number): string {
  return `/sheet/rows/${rows}.csv`;
}

export const handlers = [
  http.get("*/sheet/ok.csv", () => csv(sampleSheetNow())),
  http.get("*/sheet/tricky.csv", () => csv(TRICKY_SHEET)),
  http.get("*/sheet/tricky-now.csv", () => csv(trickySheetNow())),
  http.get("*/sheet/earlier.csv", () => csv(earlierSheetNow())),
  http.get("*/sheet/mixed.csv", () => csv(mixedSheetNow())),
  http.get("*/sheet/full-names.csv", () => csv(fullNamesSheet())),
  http.get("*/sheet/large.csv", () => csv(generatedSheet(100_000))),
  http.get("*/sheet/rows/:rows.csv", ({ params }) => csv(generatedSheet(Math.min(Number(params.rows) || 0, 200_000)))),
  http.get("*/sheet/empty.csv", () => csv("")),
  http.get("*/sheet/header-only.csv", () => csv("nombre,pais,id,fecha\n")),
  http.get("*/sheet/500.csv", () => new HttpResponse("Internal error", { status: 500 })),
  http.get("*/sheet/429.csv", () => new HttpResponse("Too many requests", { status: 429 })),
  http.get("*/sheet/404.csv", () => new HttpResponse("Not found", { status: 404 })),
  http.get("*/sheet/html.csv", () => HttpResponse.html(SIGN_IN_PAGE)),
  http.get("*/sheet/html-as-csv.csv", () => csv(SIGN_IN_PAGE)),
  http.get("*/sheet/hang.csv", async () => {
    await delay("infinite");
    return csv("");
  }),
  http.get("*/sheet/slow.csv", async () => {
    await slowSheet.wait();
    return csv(sampleSheetNow());
  }),
  http.get("*/sheet/flaky.csv", () =>
    flakySheet.failing ? new HttpResponse("Internal error", { status: 500 }) : csv(sampleSheetNow()),
  ),
  http.get("*/sheet/redirect.csv", ({ request }) =>
    HttpResponse.redirect(new URL(sheetPath("ok"), request.url).href, 307),
  ),
];

/**
 * A two-row sheet whose newest participant a test can rename, served at `…/changing.csv`:
 * for tests that follow a change of the sheet through every cache.
 */
export function createChangingSheet(newest: string) {
  const sheet = { newest };
  return {
    path: "/changing.csv",
    handler: http.get("*/changing.csv", () =>
      // Dated today: both rows are in the next draw's list, whenever the test runs.
      csv(`nombre,pais,id,fecha\nAna B.,Chile,C-1,${dayInPlay()}\n${sheet.newest},Perú,C-2,${dayInPlay()}\n`),
    ),
    setNewest: (name: string) => {
      sheet.newest = name;
    },
  };
}
