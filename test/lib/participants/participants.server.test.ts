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
    const recent = await getRecentParticipants(cacheFor("ok"));
    expect(recent.rows.map((row) => row.id)).toEqual(["OL-24033", "OL-24032", "OL-24031", "OL-24030", "OL-24029"]);
    expect(recent).toMatchObject({ fetchedAt: NOW, error: null, sample: false });
  });

  it("says so when the rows are the bundled sample sheet", async () => {
    const sample = bundledSampleCache();
    expect(await getRecentParticipants(sample)).toMatchObject({ sample: true, error: null });
    expect(await getParticipantsPage({ query: "", page: null }, sample)).toMatchObject({
      sample: true,
      totalCount: 30,
    });
  });

  it("is empty, without error, for a sheet with no rows", async () => {
    expect(await getRecentParticipants(cacheFor("header-only"))).toEqual({
      rows: [],
      fetchedAt: NOW,
      error: null,
      sample: false,
    });
  });

  it("carries the visitor-facing message and no rows when the sheet fails", async () => {
    expect(await getRecentParticipants(cacheFor("500"))).toEqual({
      rows: [],
      fetchedAt: null,
      error: "Error al cargar datos: 500",
      sample: false,
    });
  });
});

describe("getParticipantsPage (/sorteos)", () => {
  it("returns one page of 10 plus the counts", async () => {
    const listing = await getParticipantsPage({ query: "", page: "2" }, cacheFor("ok"));
    expect(listing).toMatchObject({
      page: 2,
      pageCount: 3,
      firstRow: 11,
      matchCount: 30,
      totalCount: 30,
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
    const listing = await getParticipantsPage({ query: "", page: "2000" }, cache);
    expect(listing).toMatchObject({ page: 2000, pageCount: 2000, totalCount: 20_000 });
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
      expect((await getParticipantsPage({ query: "", page: raw }, cache)).page).toBe(expected);
    }
  });

  it("reports the failure with no rows and zero counts when there is no good copy", async () => {
    expect(await getParticipantsPage({ query: "ana", page: "3" }, cacheFor("429"))).toEqual({
      rows: [],
      matchCount: 0,
      page: 1,
      pageCount: 1,
      firstRow: 0,
      totalCount: 0,
      countryCount: 0,
      query: "ana",
      fetchedAt: null,
      error: "Error al cargar datos: 429",
      sample: false,
      since: null,
    });
  });

  it("after a recorded draw, lists, searches and counts only what the next draw will count", async () => {
    // The draw of 28 October took OL-24030, dated that day; rows dated after it are the next draw's.
    const after = { day: "2026-10-28", ids: new Set(["OL-24029", "OL-24030"]) };
    const listing = await getParticipantsPage({ query: "", page: null, after }, cacheFor("ok"));
    expect(listing.rows.map((row) => row.id)).toEqual(["OL-24033", "OL-24032", "OL-24031"]);
    expect(listing).toMatchObject({ matchCount: 3, totalCount: 3, countryCount: 3, since: "2026-10-28" });
    // A search finds only what is in play.
    const found = await getParticipantsPage({ query: "ol-2403", page: null, after }, cacheFor("ok"));
    expect(found.rows.map((row) => row.id)).toEqual(["OL-24033", "OL-24032", "OL-24031"]);
    // A row dated the draw's day that its list does not hold came after the freeze: the next draw's.
    const afternoon = { day: "2026-10-28", ids: new Set<string>() };
    const withAfternoon = await getParticipantsPage({ query: "", page: null, after: afternoon }, cacheFor("ok"));
    expect(withAfternoon.rows.map((row) => row.id)).toEqual(["OL-24033", "OL-24032", "OL-24031", "OL-24030"]);
    // 26/10/2026 is read like 2026-10-26; OL-24027, dated the day, is in no list given.
    const written = await getParticipantsPage(
      { query: "", page: null, after: { day: "2026-10-25", ids: new Set<string>() } },
      cacheFor("ok"),
    );
    expect(written.rows.map((row) => row.id)).toContain("OL-24028");
    expect(written.totalCount).toBe(7);
  });

  it("shows the bundled sample sheet whole, whatever the last draw's day: its dates are fixed", async () => {
    const sample = bundledSampleCache();
    const after = { day: "2026-11-30", ids: new Set<string>() };
    expect(await getParticipantsPage({ query: "", page: null, after }, sample)).toMatchObject({
      totalCount: 30,
      since: null,
    });
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
    expect(pageParticipants(withA, "1").rows).toEqual(withA.slice(0, 10));
    expect(pageParticipants(withA, "2").rows).toEqual(withA.slice(10, 20));
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
    expect(await getParticipantsPage({ query: "", page: null }, cache)).toMatchObject({ totalCount: 30, error: null });
  });

  it("reports the last error in visitor wording, never a URL", async () => {
    const cache = cacheFor("html");
    await cache.get();
    const health = getParticipantsHealth(cache, NOW);
    expect(health.lastError).toBe("La planilla de participantes no devolvió datos válidos.");
    expect(JSON.stringify(health)).not.toContain("sheets.mock");
  });
});

describe("query length", () => {
  it("searches and echoes back only the first 100 characters of a longer query", async () => {
    // Within the first 100 characters the query is "lucía" and blanks; the x's come after.
    const first100 = "lucía".padEnd(100, " ");
    const listing = await getParticipantsPage({ query: first100 + "x".repeat(2900), page: null }, cacheFor("ok"));
    // Echoed as searched: the blanks around it go, as they do for the search itself.
    expect(listing.query).toBe("lucía");
    expect(listing.matchCount).toBe(1);
    expect(listing.rows.map((row) => row.nombre)).toEqual(["Lucía P."]);
  });

  it("echoes every spelling of a query alike: composed and trimmed, so they are one stored page", async () => {
    const decomposed = await getParticipantsPage({ query: "  Luci\u0301a ", page: null }, cacheFor("ok"));
    const composed = await getParticipantsPage({ query: "Luc\u00eda", page: null }, cacheFor("ok"));
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
    const recent = await getRecentParticipants();
    expect(recent.rows).toEqual(snapshot.participants.slice(0, 5));
    expect((await getParticipantsPage({ query: "", page: null })).totalCount).toBe(snapshot.participants.length);
  });

  it("logs a warm-up that fails; nothing waits on it", async () => {
    const printed = expectConsoleError();
    const failure = new Error("sheet down");
    warmParticipantsCache({ get: () => Promise.reject(failure), peek: () => undefined });
    await vi.waitFor(() => expect(printed).toHaveBeenCalledWith(failure));
  });
});
