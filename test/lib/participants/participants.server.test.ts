import { describe, expect, it, vi } from "vitest";
import { env } from "~/lib/server/env.server";
import { createParticipantsCache } from "~/lib/participants/cache.server";
import { loadSheet } from "~/lib/participants/load-sheet.server";
import {
  getParticipantsHealth,
  getParticipantsPage,
  getRecentParticipants,
  warmParticipantsCache,
} from "~/lib/participants/participants.server";
import { pageParticipants, searchParticipants } from "~/lib/participants/query.server";
import { generatedSheetPath, type SheetScenario } from "../../mocks/handlers";
import { monthSheet, ruleNow } from "../../mocks/sheets";
import type { EntryRule } from "~/lib/participants/entries-in-play";
import type { DrawThatTook } from "~/lib/participants/draws-that-took";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { MOCK_ORIGIN, mockSheet, useSheetMocks } from "../../support/msw";
import { expectConsoleError } from "../../setup/fail-on-console-error";

/** The sample sheet the repository ships. */
const BUNDLED_SAMPLE_SHEET = "app/lib/participants/sample-sheet.csv";

useSheetMocks();
const NOW = Date.UTC(2026, 10, 22, 15);

function cacheFor(
  scenario: SheetScenario,
  load = () => loadSheet(mockSheet(scenario), { timeoutMs: 30_000, now: () => NOW, names: "initial" }),
) {
  return createParticipantsCache({ load, ttlMs: 300_000, log: () => undefined });
}

/** The sheet the repository ships, read as the app reads it when no URL is configured. */
const bundledSampleCache = () =>
  cacheFor("ok", () =>
    loadSheet(
      { kind: "file", path: BUNDLED_SAMPLE_SHEET, isBundledSample: true },
      { timeoutMs: 2000, now: () => NOW, names: "initial" },
    ),
  );

async function snapshotOf(scenario: SheetScenario) {
  const state = await cacheFor(scenario).get();
  if (state.kind !== "ok") throw new Error("expected a good sheet");
  return state.snapshot;
}

describe("getRecentParticipants (home)", () => {
  it("hands the page the 5 newest rows only, newest first", async () => {
    const recent = await getRecentParticipants({ rule: ruleNow(), draws: [] }, cacheFor("ok"));
    expect(recent.rows.map((row) => row.id)).toEqual(["OL-24033", "OL-24032", "OL-24031", "OL-24030", "OL-24029"]);
    expect(recent).toMatchObject({ fetchedAt: NOW, error: null, sample: false });
  });

  it("says so when the rows are the bundled sample sheet", async () => {
    const sample = bundledSampleCache();
    expect(await getRecentParticipants({ rule: ruleNow(), draws: [] }, sample)).toMatchObject({
      sample: true,
      error: null,
    });
    expect(await getParticipantsPage({ query: "", page: null, rule: ruleNow(), draws: [] }, sample)).toMatchObject({
      sample: true,
      listedCount: 30,
      entryCount: 30,
    });
  });

  it("is empty, without error, for a sheet with no rows", async () => {
    expect(await getRecentParticipants({ rule: ruleNow(), draws: [] }, cacheFor("header-only"))).toEqual({
      rows: [],
      entryCount: 0,
      draw: expect.any(Object),
      fetchedAt: NOW,
      error: null,
      sample: false,
    });
  });

  it("carries the visitor-facing message and no rows when the sheet fails", async () => {
    expect(await getRecentParticipants({ rule: ruleNow(), draws: [] }, cacheFor("500"))).toEqual({
      rows: [],
      entryCount: 0,
      draw: expect.any(Object),
      fetchedAt: null,
      error: "Error al cargar datos: 500",
      sample: false,
    });
  });
});

describe("getParticipantsPage (/sorteos)", () => {
  it("returns one page of 10 plus the counts", async () => {
    const listing = await getParticipantsPage({ query: "", page: "2", rule: ruleNow(), draws: [] }, cacheFor("ok"));
    expect(listing).toMatchObject({
      page: 2,
      pageCount: 3,
      firstRow: 11,
      matchCount: 30,
      listedCount: 30,
      entryCount: 30,
      countryCount: 8,
      query: "",
    });
    // Newest first; the sample's invalid rows (OL-24014 and OL-24019) are not there.
    expect(listing.rows.map((row) => row.id)).toEqual([
      "OL-24023",
      "OL-24022",
      "OL-24021",
      "OL-24020",
      "OL-24018",
      "OL-24017",
      "OL-24016",
      "OL-24015",
      "OL-24013",
      "OL-24012",
    ]);
  });

  it("weighs the same for 30 rows or 20,000: one page of rows, never the sheet", async () => {
    const bigSheet = { kind: "url" as const, url: `${MOCK_ORIGIN}${generatedSheetPath(20_000)}` };
    const cache = cacheFor("ok", () => loadSheet(bigSheet, { timeoutMs: 120_000, now: () => NOW, names: "initial" }));
    const listing = await getParticipantsPage({ query: "", page: "2000", rule: ruleNow(), draws: [] }, cache);
    expect(listing).toMatchObject({ page: 2000, pageCount: 2000, listedCount: 20_000, entryCount: 20_000 });
    expect(listing.rows.map((row) => row.id)).toEqual([
      "P000010",
      "P000009",
      "P000008",
      "P000007",
      "P000006",
      "P000005",
      "P000004",
      "P000003",
      "P000002",
      "P000001",
    ]);
    expect(JSON.stringify(listing).length).toBeLessThan(3000);
  }, 120_000);

  it("clamps page values instead of failing", async () => {
    const cache = cacheFor("ok");
    for (const [raw, expected] of [
      ["-1", 1],
      ["0", 1],
      ["abc", 1],
      ["999", 3],
      [null, 1],
    ] as const) {
      expect((await getParticipantsPage({ query: "", page: raw, rule: ruleNow(), draws: [] }, cache)).page).toBe(
        expected,
      );
    }
  });

  it("reports the failure with no rows and zero counts when there is no good copy", async () => {
    expect(await getParticipantsPage({ query: "ana", page: "3", rule: ruleNow(), draws: [] }, cacheFor("429"))).toEqual(
      {
        rows: [],
        matchCount: 0,
        page: 1,
        pageCount: 1,
        firstRow: 0,
        listedCount: 0,
        entryCount: 0,
        countryCount: 0,
        query: "ana",
        fetchedAt: null,
        error: "Error al cargar datos: 429",
        sample: false,
        draw: expect.any(Object),
        notInPlay: { rows: [], more: 0 },
      },
    );
  });

  /** The draw of 7 December 2026 (12:00 in Argentina): rows dated 2 November to 7 December are its. */
  const DECEMBER: EntryRule = {
    drawAt: Date.UTC(2026, 11, 7, 15),
    window: { from: "2026-11-02", through: "2026-12-07" },
    previous: new Set(),
    idPattern: null,
  };
  const monthCache = () =>
    cacheFor("ok", async () => {
      const folder = mkdtempSync(path.join(tmpdir(), "month-sheet-"));
      writeFileSync(path.join(folder, "sheet.csv"), monthSheet("2026-11-02", "2026-12-07"));
      try {
        return await loadSheet(
          { kind: "file", path: path.join(folder, "sheet.csv"), isBundledSample: false },
          {
            timeoutMs: 30_000,
            now: () => NOW,
            names: "initial",
          },
        );
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    });

  it("lists and pages every valid row, newest first, marks what the next freeze would not take, and counts what it takes", async () => {
    const cache = monthCache();
    const first = await getParticipantsPage({ query: "", page: null, rule: DECEMBER, draws: [] }, cache);
    // 32 rows: two dated before 2 November, one repeat of an id: all 32 listed, 29 entries for the freeze.
    expect(first).toMatchObject({ listedCount: 32, matchCount: 32, pageCount: 4, entryCount: 29, countryCount: 8 });
    expect(first.draw).toEqual({ day: "2026-12-07", from: "2026-11-02", afterList: false });
    expect(first.rows[0]).toMatchObject({ id: "M-32", mark: null });
    const pages = await Promise.all(
      ["1", "2", "3", "4"].map((page) => getParticipantsPage({ query: "", page, rule: DECEMBER, draws: [] }, cache)),
    );
    const rows = pages.flatMap((page) => page.rows);
    expect(rows).toHaveLength(32);
    // The sheet's last row first, its first row last.
    expect(rows.at(-1)!.id).toBe("M-01");
    const marked = rows.filter((row) => row.mark !== null).map((row) => [row.id, row.mark]);
    // No draw took M-01 and M-02 (none is recorded): their marks name no draw.
    expect(marked).toEqual([
      ["m-10", { field: "id", text: "ID repetido" }],
      ["M-02", { field: "fecha", text: "fecha anterior" }],
      ["M-01", { field: "fecha", text: "fecha anterior" }],
    ]);
    const recent = await getRecentParticipants({ rule: DECEMBER, draws: [] }, cache);
    expect(recent.entryCount).toBe(29);
    expect(recent.rows).toEqual(rows.slice(0, 5));
  });

  /** The draw of 2 November 2026, which happened: its list took M-01, M-02 and M-03 (dated its own day), and M-01 won. */
  const november = (winners: string[], took = ["M-01", "M-02", "M-03"]): DrawThatTook => ({
    day: "2026-11-02",
    from: "2026-10-05",
    took: (id) => took.includes(id),
    winners,
    href: "/sorteos#sorteo-2026-11-02",
  });
  const search = async (query: string, draws: DrawThatTook[], rule = DECEMBER) =>
    (await getParticipantsPage({ query, page: null, rule, draws }, monthCache())).notInPlay.rows.map((row) => [
      row.id,
      row.reason,
      row.record?.href ?? null,
    ]);

  it("says why a row a search finds is not in play, naming no draw that did not take it", async () => {
    const cache = monthCache();
    const early = await getParticipantsPage({ query: "M-01", page: null, rule: DECEMBER, draws: [] }, cache);
    // Listed and marked, and explained below the table.
    expect(early).toMatchObject({ matchCount: 1, rows: [{ id: "M-01", mark: { text: "fecha anterior" } }] });
    expect(early.notInPlay.rows).toEqual([
      expect.objectContaining({
        id: "M-01",
        reason: "Tu participación del 30/10/2026 es anterior a los días de este sorteo, que empiezan el 2/11/2026.",
        record: null,
      }),
    ]);
    // The repeat is found too, written as typed, beside the entry it repeats.
    const repeated = await getParticipantsPage({ query: "m-10", page: null, rule: DECEMBER, draws: [] }, cache);
    expect(repeated.rows.map((row) => [row.id, row.mark?.text ?? null])).toEqual([
      ["m-10", "ID repetido"],
      ["M-10", null],
    ]);
    expect(repeated.notInPlay.rows.map((row) => [row.id, row.reason])).toEqual([
      ["m-10", "Repetida: el ID M-10 ya participa con otra participación del 10/11/2026, y cuenta una sola vez."],
    ]);
    // A search that finds only entries explains nothing.
    expect(
      (await getParticipantsPage({ query: "M-2", page: null, rule: DECEMBER, draws: [] }, cache)).notInPlay,
    ).toEqual({
      rows: [],
      more: 0,
    });
  });

  it("says what became of an entry a draw took: won, took part, in play, or not in its list", async () => {
    // November's draw froze M-03, dated its own day: it entered that draw, not this one.
    const afterNovember = { ...DECEMBER, previous: new Set(["M-03"]) };
    const drawn = [november(["M-01"])];
    expect(await search("M-0", drawn, afterNovember)).toEqual([
      ["M-03", "Participó del sorteo del 2/11/2026.", "/sorteos#sorteo-2026-11-02"],
      ["M-02", "Participó del sorteo del 2/11/2026.", "/sorteos#sorteo-2026-11-02"],
      ["M-01", "Ganó el sorteo del 2/11/2026.", "/sorteos#sorteo-2026-11-02"],
    ]);
    const listing = await getParticipantsPage(
      { query: "M-0", page: null, rule: afterNovember, draws: drawn },
      monthCache(),
    );
    expect(listing.entryCount).toBe(28);
    expect(listing.draw.afterList).toBe(true);
    expect(listing.notInPlay.rows[0]!.record).toEqual({
      href: "/sorteos#sorteo-2026-11-02",
      label: "Ver el sorteo del 2/11/2026",
    });
    expect(listing.rows.filter((row) => row.mark).map((row) => [row.id, row.mark!.text])).toEqual([
      ["M-03", "sorteo de noviembre"],
      ["M-02", "sorteo de noviembre"],
      ["M-01", "ganó el sorteo de noviembre"],
    ]);
    // Its round still ahead: in play for it. Redrawn: each round's winner, as the record says.
    expect(await search("M-01", [november([])])).toEqual([
      ["M-01", "Está en juego en el sorteo del 2/11/2026: su lista ya se cerró.", "/sorteos#sorteo-2026-11-02"],
    ]);
    expect((await search("M-0", [november(["M-01", "M-02"])])).map(([, reason]) => reason)).toEqual([
      "Ganó el resorteo 1 del sorteo del 2/11/2026.",
      "Ganó el sorteo del 2/11/2026. El premio no se reclamó a tiempo, así que se volvió a sortear.",
    ]);
    // Dated in its days, but not in its list.
    expect(await search("M-02", [november(["M-01"], ["M-01"])])).toEqual([
      [
        "M-02",
        "Tu participación del 1/11/2026 no está en la lista del sorteo del 2/11/2026, el que tomó las participaciones de esa fecha: llegó a la planilla después de que se cerrara la lista, o su ID ya participaba.",
        null,
      ],
    ]);
  });

  it("shows the bundled sample sheet whole, whatever its fixed dates", async () => {
    const sample = bundledSampleCache();
    const whole = await getParticipantsPage({ query: "", page: null, rule: DECEMBER, draws: [] }, sample);
    expect(whole).toMatchObject({ listedCount: 30, entryCount: 30 });
    expect(whole.rows.every((row) => row.mark === null)).toBe(true);
  });
});

describe("searchParticipants", () => {
  it("matches nombre or id as a substring, ignoring case and accents", async () => {
    const snapshot = await snapshotOf("ok");
    expect(searchParticipants(snapshot, "BENJAMIN").map((row) => row.id)).toEqual(["OL-24006"]);
    expect(searchParticipants(snapshot, "lucia").map((row) => row.nombre)).toEqual(["Lucía P."]);
    expect(searchParticipants(snapshot, "ol-2403").map((row) => row.id)).toEqual([
      "OL-24033",
      "OL-24032",
      "OL-24031",
      "OL-24030",
    ]);
    expect(searchParticipants(snapshot, "  mateo ").map((row) => row.id)).toEqual(["OL-24004"]);
  });

  it("never matches on the country or across nombre and id", async () => {
    const snapshot = await snapshotOf("ok");
    expect(searchParticipants(snapshot, "Chile")).toEqual([]);
    expect(searchParticipants(snapshot, "G.OL")).toEqual([]);
  });

  it("treats the query as text, never as a pattern", async () => {
    const snapshot = await snapshotOf("ok");
    expect(searchParticipants(snapshot, ".*")).toEqual([]);
    expect(searchParticipants(snapshot, "(")).toEqual([]);
    // "Juan Pablo D., hijo" is shown, and searched, as "Juan D.": the point is the text, not a pattern.
    expect(searchParticipants(snapshot, "n D.").map((row) => row.id)).toEqual(["OL-24011"]);
  });

  it("returns everything for an empty query and pages the result", async () => {
    const snapshot = await snapshotOf("ok");
    for (const blank of ["", "   "]) expect(searchParticipants(snapshot, blank)).toEqual(snapshot.participants);
    const all = searchParticipants(snapshot, "");
    expect(all).toHaveLength(30);
    const ids = (page: string) => pageParticipants(all, page).rows.map((row) => row.id);
    expect(ids("1")).toEqual(all.slice(0, 10).map((row) => row.id));
    expect(ids("3")).toEqual(all.slice(20, 30).map((row) => row.id));
    expect(pageParticipants(all, "3")).toMatchObject({ matchCount: 30, page: 3, pageCount: 3 });

    const withA = searchParticipants(snapshot, "a");
    expect(withA.length).toBeGreaterThan(10);
    expect(withA.length).toBeLessThan(30);
    const unmarked = (rows: typeof withA) => rows.map((row) => ({ ...row, mark: null }));
    expect(pageParticipants(withA, "1").rows).toEqual(unmarked(withA.slice(0, 10)));
    expect(pageParticipants(withA, "2").rows).toEqual(unmarked(withA.slice(10, 20)));
  });
});

describe("getParticipantsHealth", () => {
  it("reports nothing before the first refresh and never triggers one", async () => {
    const load = vi.fn(() => loadSheet(mockSheet("ok"), { timeoutMs: 30_000, now: () => NOW, names: "initial" }));
    const cache = cacheFor("ok", load);
    expect(getParticipantsHealth(cache, NOW, "url")).toEqual({
      count: 0,
      fetchedAt: null,
      ageSeconds: null,
      lastError: null,
      source: "url",
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(load).not.toHaveBeenCalled();
    expect(getParticipantsHealth(cache, NOW, "url").fetchedAt).toBeNull();
  });

  it("reports count, fetch time and age after a refresh", async () => {
    const cache = cacheFor("ok");
    await cache.get();
    expect(getParticipantsHealth(cache, NOW + 90_000, "url")).toEqual({
      count: 30,
      fetchedAt: new Date(NOW).toISOString(),
      ageSeconds: 90,
      lastError: null,
      source: "url",
    });
  });

  it("keeps the good copy's count and reports the refresh that failed after it", async () => {
    let clock = NOW;
    // The first refresh finds the sheet, every later one an HTTP 500.
    const sheets = [mockSheet("ok"), mockSheet("500")];
    let refreshes = 0;
    const cache = createParticipantsCache({
      load: () =>
        loadSheet(sheets[Math.min(refreshes++, 1)]!, { timeoutMs: 30_000, now: () => clock, names: "initial" }),
      ttlMs: 300_000,
      now: () => clock,
      log: () => undefined,
    });
    await cache.get();
    clock += 301_000;
    await cache.get();
    await vi.waitFor(() => expect(getParticipantsHealth(cache, clock).lastError).toBe("Error al cargar datos: 500"));
    expect(getParticipantsHealth(cache, clock)).toMatchObject({ count: 30, fetchedAt: new Date(NOW).toISOString() });
    expect(await getParticipantsPage({ query: "", page: null, rule: ruleNow(), draws: [] }, cache)).toMatchObject({
      listedCount: 30,
      error: null,
    });
  });

  it("reports the last error in visitor wording, never a URL", async () => {
    const cache = cacheFor("html");
    await cache.get();
    const health = getParticipantsHealth(cache, NOW);
    expect(health.lastError).toBe("La lista de participantes no llegó con datos válidos.");
    expect(JSON.stringify(health)).not.toContain("sheets.mock");
  });
});

describe("query length", () => {
  it("searches and echoes back only the first 100 characters of a longer query", async () => {
    // Within the first 100 characters the query is "lucía" and blanks; the x's come after.
    const first100 = "lucía".padEnd(100, " ");
    const listing = await getParticipantsPage(
      { query: first100 + "x".repeat(2900), page: null, rule: ruleNow(), draws: [] },
      cacheFor("ok"),
    );
    // Echoed as searched: the blanks around it go, as they do for the search itself.
    expect(listing.query).toBe("lucía");
    expect(listing.matchCount).toBe(1);
    expect(listing.rows.map((row) => row.nombre)).toEqual(["Lucía P."]);
  });

  it("echoes every spelling of a query alike: composed and trimmed, so they are one stored page", async () => {
    const decomposed = await getParticipantsPage(
      { query: "  Luci\u0301a ", page: null, rule: ruleNow(), draws: [] },
      cacheFor("ok"),
    );
    const composed = await getParticipantsPage(
      { query: "Luc\u00eda", page: null, rule: ruleNow(), draws: [] },
      cacheFor("ok"),
    );
    expect(decomposed.query).toBe("Luc\u00eda");
    expect(decomposed).toEqual(composed);
  });
});

describe("the process-wide cache", () => {
  it("is warmed at start-up from the configured sheet, then serves every page", async () => {
    const before = Date.now();
    warmParticipantsCache();
    await vi.waitFor(() => expect(getParticipantsHealth().fetchedAt).not.toBeNull(), { timeout: 20_000 });
    const after = Date.now();
    const { snapshot } = await loadSheet(env.sheetSource, { timeoutMs: 30_000, now: () => 0, names: "initial" });
    const health = getParticipantsHealth();
    expect(health).toMatchObject({ count: snapshot.participants.length, lastError: null });
    const fetchedAt = Date.parse(health.fetchedAt!);
    expect(fetchedAt, "stamped with the real clock").toBeGreaterThanOrEqual(before);
    expect(fetchedAt).toBeLessThanOrEqual(after);
    const recent = await getRecentParticipants({ rule: ruleNow(), draws: [] });
    expect(recent.rows).toEqual(snapshot.participants.slice(0, 5).map((row) => ({ ...row, mark: null })));
    expect((await getParticipantsPage({ query: "", page: null, rule: ruleNow(), draws: [] })).listedCount).toBe(
      snapshot.participants.length,
    );
  });

  it("logs a warm-up that fails; nothing waits on it", async () => {
    const printed = expectConsoleError();
    const failure = new Error("sheet down");
    warmParticipantsCache({
      get: () => Promise.reject(failure),
      replace: () => Promise.reject(failure),
      peek: () => undefined,
    });
    await vi.waitFor(() => expect(printed).toHaveBeenCalledWith(failure));
  });
});
