/**
 * The participant lists as the spec draws them, with our marks beside (docs/product.md,
 * "Participant lists"; docs/decisions/074-the-spec-rows-as-written-ours-beside-them.md): every
 * valid row of the sheet is listed, newest first (the home page the last 5, /sorteos 10 a page),
 * the sheet's dates as the spec displays them, and a row the next draw does not take carries a
 * short mark that says why, heard by screen readers too.
 */
import { describe, expect, it } from "vitest";
import { mixedSheetRows } from "../mocks/sheets";
import { useAppOnSheet } from "../support/site-under-test";
import { decodeEntities } from "../support/html-entities";

interface ShownRow {
  cells: string[];
  /** The mark's visible words, or null. */
  mark: string | null;
  /** The mark as a screen reader reads it, sr-only words included. */
  spokenMark: string | null;
}

const text = (html: string) =>
  decodeEntities(html.replace(/<[^>]+>/g, ""))
    .replace(/\s+/g, " ")
    .trim();

/** The rows of the first participants table in `html`, as a reader sees them. */
function shownRows(html: string): ShownRow[] {
  return [...html.matchAll(/<tr[^>]*data-testid="participant-row"[^>]*>([\s\S]*?)<\/tr>/g)].map(([, row]) => {
    const markHtml = /<span[^>]*data-testid="row-mark"[^>]*>([\s\S]*?)<\/span><\/td>/.exec(row!)?.[1] ?? null;
    const cells = [...row!.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map(([, cell]) =>
      text(cell!.replace(/<span[^>]*data-testid="row-mark"[\s\S]*$/, "")),
    );
    return {
      cells,
      mark: markHtml === null ? null : text(markHtml.replace(/<span class="sr-only">[\s\S]*?<\/span>/, "")),
      spokenMark: markHtml === null ? null : text(markHtml),
    };
  });
}

const page = async (origin: string, urlPath: string) => (await fetch(`${origin}${urlPath}`)).text();
const tile = (html: string, testId: string) =>
  new RegExp(`data-testid="${testId}"[^>]*>([^<]*)<`).exec(html)?.[1] ?? null;

describe("a sheet of the previous draw's rows only (October's, seen from December)", () => {
  const site = useAppOnSheet("earlier");

  it("shows the 5 newest on / and all of them on /sorteos, each marked as dated before the draw's days (no draw took them)", async () => {
    const home = shownRows(await page(site.app.origin, "/"));
    expect(home).toHaveLength(5);
    const sorteos = [1, 2, 3].map((number) => page(site.app.origin, `/sorteos?page=${number}`));
    const listed = (await Promise.all(sorteos)).flatMap(shownRows);
    // The sample sheet's 30 valid rows, newest first: the home page's 5 are the list's first 5.
    expect(listed).toHaveLength(30);
    expect(home).toEqual(listed.slice(0, 5));
    expect(listed.at(-1)!.cells[2]).toBe("OL-24001");
    for (const row of listed) {
      expect(row.mark).toBe("fecha anterior");
      expect(row.spokenMark).toMatch(/^No entra en el sorteo del \d{1,2}\/\d{1,2}\/\d{4}: fecha anterior$/);
    }
    const first = await page(site.app.origin, "/sorteos");
    expect(first).not.toContain("No hay participantes registrados aún");
    expect(tile(first, "stat-participants")).toBe("30");
    expect(tile(first, "stat-countries")).toBe("8");
    expect(text(/data-testid="draw-entries"[^>]*>([^<]*)</.exec(first)![1]!)).toMatch(
      /^Para el sorteo del \d{1,2}\/\d{1,2}\/\d{4} entran 0 participaciones de esta lista\.$/,
    );
  });
});

describe("a sheet mixing this draw's rows, an earlier draw's, an unreadable date, a repeated ID and IDs of another format", () => {
  const site = useAppOnSheet("mixed");
  const rows = mixedSheetRows();
  /** What the spec displays for each date: yyyy-m-d as dd/mm/yyyy, everything else as written. */
  const specDate = (date: string) => {
    const yearFirst = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(date);
    return yearFirst ? `${yearFirst[3]!.padStart(2, "0")}/${yearFirst[2]!.padStart(2, "0")}/${yearFirst[1]}` : date;
  };
  const expected = [...rows].reverse().map(([name, country, id, date, mark]) => ({
    cells: [name, country, id, specDate(date)],
    mark,
  }));

  it("lists every valid row newest first on /sorteos, its dates as the spec shows them, each mark saying why", async () => {
    const [first, second] = await Promise.all([
      page(site.app.origin, "/sorteos"),
      page(site.app.origin, "/sorteos?page=2"),
    ]);
    const listed = [...shownRows(first), ...shownRows(second)];
    expect(listed.map(({ cells, mark }) => ({ cells, mark }))).toEqual(expected);
    // The sheet's own spellings, kept: zeros, a time, and text that is no date.
    const dates = listed.map((row) => row.cells[3]);
    expect(dates).toContain(rows[3]![3]);
    expect(dates).toContain(rows[5]![3]);
    expect(dates).toContain("8 de noviembre");
    expect(tile(first, "stat-participants")).toBe("12");
    // Six entries: the rows of this draw's days but the repeat and the two IDs of another format.
    expect(text(/data-testid="draw-entries"[^>]*>([^<]*)</.exec(first)![1]!)).toMatch(
      /^Para el sorteo del \d{1,2}\/\d{1,2}\/\d{4} entran 6 participaciones de esta lista\.$/,
    );
  });

  it("shows the 5 newest on /, marked alike, and the draw's count below them", async () => {
    const home = await page(site.app.origin, "/");
    expect(shownRows(home).map(({ cells, mark }) => ({ cells, mark }))).toEqual(expected.slice(0, 5));
    expect(text(/data-testid="recent-total"[^>]*>([^<]*)</.exec(home)![1]!)).toMatch(
      /^Van 6 participaciones para el sorteo del \d{1,2}\/\d{1,2}\/\d{4}\.$/,
    );
  });

  it.each([
    ["OL 31008", "ID con otro formato", /tiene un espacio/],
    ["óL-31009", "ID con otro formato", /«Ó»/],
    ["ol-31004", "ID repetido", /ya participa/],
    ["OL-31003", "fecha ilegible", /Fecha ilegible: «8 de noviembre»/],
  ])("finds %s, marked %s, and says why below the table", async (query, mark, why) => {
    const html = await page(site.app.origin, `/sorteos?q=${encodeURIComponent(query)}`);
    const found = shownRows(html).filter((row) => row.mark === mark);
    expect(found).toHaveLength(1);
    expect(text(/data-testid="not-in-play"[^>]*>([\s\S]*?)<\/div>/.exec(html)![1]!)).toMatch(why);
  });
});
