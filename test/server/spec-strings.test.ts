/**
 * Every text the spec quotes, on the page where the spec puts it, as the spec writes it
 * (docs/decisions/074-the-spec-rows-as-written-ours-beside-them.md): the list is
 * test/support/spec-strings.ts; a text changed or lost fails here.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sheetPath } from "../mocks/handlers";
import { startSheetServer, type SheetServer } from "../mocks/sheet-server";
import { freePort, startAppServer, type AppServer } from "../support/app-server";
import { SPEC_STRINGS, type SheetState } from "../support/spec-strings";
import { decodeEntities } from "../support/html-entities";

let sheets: SheetServer;
const apps = new Map<SheetState, AppServer>();

beforeAll(async () => {
  sheets = await startSheetServer();
  // A port nothing listens on: the sheet cannot be reached, a failure of no known kind.
  const closed = await freePort();
  const sources: Record<SheetState, string> = {
    rows: sheets.url(sheetPath("ok")),
    empty: sheets.url(sheetPath("header-only")),
    "http-500": sheets.url(sheetPath("500")),
    unreachable: `http://127.0.0.1:${closed}/sheet.csv`,
  };
  await Promise.all(
    Object.entries(sources).map(async ([state, url]) =>
      apps.set(state as SheetState, await startAppServer({ PARTICIPANTS_CSV_URL: url })),
    ),
  );
});
afterAll(async () => {
  await Promise.all([...apps.values()].map((app) => app.stop()));
  await sheets?.close();
});

const pages = new Map<string, Promise<string>>();
/** A page's HTML, fetched once per sheet state. */
function html(state: SheetState, page: string): Promise<string> {
  const key = `${state} ${page}`;
  if (!pages.has(key))
    pages.set(
      key,
      fetch(`${apps.get(state)!.origin}${page}`).then((response) => response.text()),
    );
  return pages.get(key)!;
}

/** What a reader sees: the text without scripts, styles, tags or comments, entities read, spaces collapsed. */
const visibleText = (page: string) =>
  decodeEntities(page.replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1>/g, " ").replace(/<[^>]+>/g, "")).replace(
    /\s+/g,
    " ",
  );

describe("the spec's quoted texts", () => {
  it.each(SPEC_STRINGS.map((entry) => [entry.text, entry.page, entry.sheet, entry] as const))(
    "«%s» on %s (sheet: %s)",
    async (_text, _page, _sheet, { text, page, sheet, attribute }) => {
      const shown = await html(sheet, page);
      if (attribute) expect(shown).toContain(`${attribute}="${text}"`);
      else expect(visibleText(shown)).toContain(text);
    },
  );
});
