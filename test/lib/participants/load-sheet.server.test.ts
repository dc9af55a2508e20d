import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { http, HttpResponse } from "msw";
import { describe, expect, it, vi } from "vitest";
import { fetchSheet } from "~/lib/participants/fetch-sheet.server";
import { loadSheet } from "~/lib/participants/load-sheet.server";
import { parseSheet } from "~/lib/participants/parse-sheet.server";
import { generateSheet } from "../../mocks/sheets";
import { countTurnsDuring } from "../../support/event-loop-turns";
import { MOCK_ORIGIN, mockSheet, useSheetMocks } from "../../support/msw";

const server = useSheetMocks();
const FETCHED_AT = Date.UTC(2026, 10, 22, 15);
// Generous: the time limit is not what these tests check (one test sets its own, short).
const options = { timeoutMs: 30_000, now: () => FETCHED_AT, names: "full" } as const;
const MEGABYTE = 1024 * 1024;
const ROW_CHARACTER = "x".charCodeAt(0);

async function* chunksOf(text: string, size: number): AsyncIterable<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  for (let offset = 0; offset < bytes.length; offset += size) yield bytes.subarray(offset, offset + size);
}

async function collect(records: AsyncIterable<string[]>): Promise<string[][]> {
  const all: string[][] = [];
  for await (const record of records) all.push(record);
  return all;
}

describe("parseSheet", () => {
  it("parses records split across arbitrary chunk boundaries, multi-byte characters included", async () => {
    const text = '\uFEFFnombre,pais,id,fecha\r\n"Pérez, José",Perú,1,2026-1-1\r\n"Ana\nMaría",México,2,x\r\n';
    for (const size of [1, 2, 3, 7, 1024]) {
      const { records } = parseSheet(chunksOf(text, size));
      expect(await collect(records)).toEqual([
        ["Pérez, José", "Perú", "1", "2026-1-1"],
        ["Ana\nMaría", "México", "2", "x"],
      ]);
    }
  });

  it("skips the header, blank and all-empty rows", async () => {
    const { records } = parseSheet(chunksOf("h1,h2,h3,h4\n\n , , , \na,b,c,d\n\n", 5));
    expect(await collect(records)).toEqual([["a", "b", "c", "d"]]);
  });

  it("yields nothing for an empty body or a header alone", async () => {
    expect(await collect(parseSheet(chunksOf("", 4)).records)).toEqual([]);
    expect(await collect(parseSheet(chunksOf("nombre,pais,id,fecha\r\n", 4)).records)).toEqual([]);
  });

  it("counts a row it cannot read instead of failing the sheet", async () => {
    const parsed = parseSheet(chunksOf('h,h,h,h\na,b,c,d\n"broken,e,f,g\n', 8));
    expect(await collect(parsed.records)).toEqual([["a", "b", "c", "d"]]);
    expect(parsed.unreadable()).toBe(1);
  });
});

describe("loadSheet", () => {
  it("applies every parse and validation rule to the tricky sheet, newest first", async () => {
    const { snapshot, status } = await loadSheet(mockSheet("tricky"), options);
    expect(status).toBe(200);
    expect(snapshot.participants).toEqual([
      // Dates as the spec shows them: yyyy-m-d as dd/mm/yyyy, anything else as written.
      { nombre: "Last", pais: "España", id: "T-8", fecha: "31/12/2026" },
      { nombre: "Extra", pais: "Colombia", id: "T-7", fecha: "03/02/2026" },
      { nombre: "Sol la Ríos", pais: "Perú", id: "T-4", fecha: "ayer" },
      { nombre: "Luis", pais: "Chile", id: "T-3", fecha: "20/11/2026" },
      { nombre: "Ana\nMaría", pais: "México", id: "T-2", fecha: "05/01/2026" },
      { nombre: "Pérez, Juan", pais: "Argentina", id: "T-1", fecha: "05/01/2026" },
    ]);
    expect(snapshot.dropped).toBe(2);
    expect(snapshot.fetchedAt).toBe(FETCHED_AT);
    expect(snapshot.countryCount).toBe(6);
  });

  it("keeps the sample sheet's valid rows and drops its invalid ones", async () => {
    const { snapshot } = await loadSheet(mockSheet("ok"), options);
    expect(snapshot.participants).toHaveLength(30);
    expect(snapshot.dropped).toBe(3);
    expect(snapshot.participants[0]?.nombre).toBe("Micaela G.");
    // "Argentina" and "argentina" are one country.
    expect(snapshot.countryCount).toBe(8);
  });

  it("follows redirects, as Google answers a published sheet with a 307", async () => {
    const { snapshot } = await loadSheet(mockSheet("redirect"), options);
    expect(snapshot.participants).toHaveLength(30);
  });

  it("returns an empty list for an empty sheet or a header alone", async () => {
    expect((await loadSheet(mockSheet("empty"), options)).snapshot.participants).toEqual([]);
    expect((await loadSheet(mockSheet("header-only"), options)).snapshot.participants).toEqual([]);
  });

  it("refuses a sheet of more than 300,000 participants as invalid, and reads one of exactly that many", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "sheet-"));
    const file = path.join(dir, "sheet.csv");
    const source = { kind: "file", path: file, isBundledSample: false } as const;
    writeFileSync(file, generateSheet(300_001));
    await expect(loadSheet(source, { ...options, timeoutMs: 60_000 })).rejects.toMatchObject({
      kind: "invalid",
      publicMessage: "La lista de participantes no llegó con datos válidos.",
    });
    writeFileSync(file, generateSheet(300_000));
    expect((await loadSheet(source, { ...options, timeoutMs: 60_000 })).snapshot.participants).toHaveLength(300_000);
  }, 120_000);

  it("reads a local file path", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "sheet-"));
    const file = path.join(dir, "sheet.csv");
    writeFileSync(file, generateSheet(25));
    const { snapshot, status } = await loadSheet({ kind: "file", path: file, isBundledSample: false }, options);
    expect(status).toBeNull();
    expect(snapshot.participants).toHaveLength(25);
    expect(snapshot.participants[0]?.id).toBe("P000025");
  });

  it.each([
    ["500", "http", "Error al cargar datos: 500"],
    ["429", "http", "Error al cargar datos: 429"],
    ["404", "http", "Error al cargar datos: 404"],
    ["html", "invalid", "La lista de participantes no llegó con datos válidos."],
    ["html-as-csv", "invalid", "La lista de participantes no llegó con datos válidos."],
  ] as const)("rejects scenario %s as %s with %j", async (scenario, kind, publicMessage) => {
    await expect(loadSheet(mockSheet(scenario), options)).rejects.toMatchObject({ kind, publicMessage });
  });

  it("names the reason in the logged message, which only the server log sees", async () => {
    await expect(loadSheet(mockSheet("500"), options)).rejects.toMatchObject({
      message: "upstream answered 500",
      status: 500,
    });
    await expect(loadSheet(mockSheet("html"), options)).rejects.toMatchObject({
      message: "upstream sent text/html, not CSV",
    });
    await expect(loadSheet(mockSheet("html-as-csv"), options)).rejects.toMatchObject({
      message: "body is an HTML page",
    });
  });

  it.each([
    [
      "an XHTML content type",
      "application/xhtml+xml",
      "nombre,pais,id,fecha\n",
      "upstream sent application/xhtml+xml, not CSV",
    ],
    [
      "a sign-in page after a BOM and blank lines",
      "text/csv",
      "\uFEFF\n  \n<!DOCTYPE html><html><body>Sign in</body></html>",
      "body is an HTML page",
    ],
    ["a sign-in page right after a BOM", "text/csv", "\uFEFF<html><body>Sign in</body></html>", "body is an HTML page"],
    ["a bare <html> start", "text/plain", "<html lang=en><head></head></html>", "body is an HTML page"],
  ])("refuses %s as invalid data", async (_label, contentType, body, message) => {
    server.use(
      http.get(
        `${MOCK_ORIGIN}/sheet/page.csv`,
        () => new HttpResponse(body, { headers: { "content-type": contentType } }),
      ),
    );
    await expect(loadSheet({ kind: "url", url: `${MOCK_ORIGIN}/sheet/page.csv` }, options)).rejects.toMatchObject({
      kind: "invalid",
      message,
    });
  });

  it("keeps a sheet that merely mentions HTML further in, and asks upstream for CSV", async () => {
    let accept: string | null = null;
    // Split so that a later chunk starts with what would mark an HTML page at the start.
    const chunks = ["nombre,pais,id,fecha\nAna ", "<html> B.,Chile,H-1,2026-10-01\n"].map((chunk) =>
      new TextEncoder().encode(chunk),
    );
    server.use(
      http.get(`${MOCK_ORIGIN}/sheet/mentions-html.csv`, ({ request }) => {
        accept = request.headers.get("accept");
        return new HttpResponse(
          new ReadableStream({
            pull: (controller) => {
              const next = chunks.shift();
              if (next) controller.enqueue(next);
              else controller.close();
            },
          }),
        );
      }),
    );
    const { snapshot } = await loadSheet({ kind: "url", url: `${MOCK_ORIGIN}/sheet/mentions-html.csv` }, options);
    expect(snapshot.participants.map((row) => row.nombre)).toEqual(["Ana <html> B."]);
    expect(accept).toMatch(/^text\/csv\b/);
  });

  it("accepts a body of exactly 20 MB", async () => {
    const header = "nombre,pais,id,fecha\n";
    const filler = "x".repeat(20 * MEGABYTE - header.length);
    server.use(
      http.get(
        `${MOCK_ORIGIN}/sheet/exactly-20-mb.csv`,
        () => new HttpResponse(header + filler, { headers: { "content-length": String(20 * MEGABYTE) } }),
      ),
    );
    const { snapshot } = await loadSheet(
      { kind: "url", url: `${MOCK_ORIGIN}/sheet/exactly-20-mb.csv` },
      { ...options, timeoutMs: 60_000 },
    );
    // The one row is a single endless cell: read, then dropped as invalid.
    expect(snapshot).toMatchObject({ participants: [], dropped: 1 });
  }, 60_000);

  it("gives up on a sheet that never answers once the time limit passes", async () => {
    const started = Date.now();
    await expect(loadSheet(mockSheet("hang"), { ...options, timeoutMs: 150 })).rejects.toMatchObject({
      name: "TimeoutError",
    });
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it("refuses a sheet whose declared length is over 20 MB without reading its body", async () => {
    let megabytesSent = 0;
    server.use(
      http.get(`${MOCK_ORIGIN}/sheet/declared.csv`, () => {
        const stream = new ReadableStream<Uint8Array>({
          pull(controller) {
            megabytesSent += 1;
            controller.enqueue(new Uint8Array(MEGABYTE).fill(ROW_CHARACTER));
          },
        });
        return new HttpResponse(stream, {
          headers: { "content-type": "text/csv", "content-length": String(21 * MEGABYTE) },
        });
      }),
    );
    await expect(loadSheet({ kind: "url", url: `${MOCK_ORIGIN}/sheet/declared.csv` }, options)).rejects.toMatchObject({
      kind: "invalid",
      publicMessage: "La lista de participantes no llegó con datos válidos.",
      message: `upstream declares ${21 * MEGABYTE} bytes`,
    });
    // A stream pulls its first chunk or two on its own; reading the body would pull 21.
    expect(megabytesSent).toBeLessThan(5);
  });

  it("stops reading a body with no declared length once it passes 20 MB", async () => {
    // One header line, then a field that never ends: the parser has nothing to emit, so
    // the body is pulled as fast as it arrives and only the byte limit can stop it.
    const header = new TextEncoder().encode("nombre,pais,id,fecha\n");
    const filler = new Uint8Array(MEGABYTE).fill(ROW_CHARACTER);
    let megabytesSent = 0;
    server.use(
      http.get(`${MOCK_ORIGIN}/sheet/streamed.csv`, () => {
        const stream = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(header);
          },
          pull(controller) {
            megabytesSent += 1;
            controller.enqueue(filler);
          },
        });
        return new HttpResponse(stream, { headers: { "content-type": "text/csv" } });
      }),
    );
    const generousLimit = { ...options, timeoutMs: 60_000 };
    await expect(
      loadSheet({ kind: "url", url: `${MOCK_ORIGIN}/sheet/streamed.csv` }, generousLimit),
    ).rejects.toMatchObject({
      kind: "invalid",
      publicMessage: "La lista de participantes no llegó con datos válidos.",
      message: `body exceeds ${20 * MEGABYTE} bytes`,
    });
    expect(megabytesSent).toBeGreaterThan(20);
    expect(megabytesSent).toBeLessThan(30);
  }, 60_000);

  it("gives other work a turn at least every 1,000 and at most every 100 rows of a sheet already in memory", async () => {
    // The whole body arrives as one chunk, so only the loader's own pauses let other work
    // in. Counted in turns, not milliseconds (load-sheet-event-loop.server.test.ts does
    // the same over 100,000 rows).
    const rows = 5000;
    server.use(http.get(`${MOCK_ORIGIN}/sheet/one-chunk.csv`, () => new HttpResponse(generateSheet(rows))));
    const {
      result: { snapshot },
      turns,
    } = await countTurnsDuring(() => loadSheet({ kind: "url", url: `${MOCK_ORIGIN}/sheet/one-chunk.csv` }, options));
    expect(snapshot.participants).toHaveLength(rows);
    expect(turns).toBeGreaterThanOrEqual(rows / 1000);
    expect(turns, "a pause per row would make a large sheet take many times longer").toBeLessThanOrEqual(rows / 100);
  });

  it("lets go of the body of an answer it refuses, and copes with one that has none", async () => {
    // fetch itself is replaced here: msw hands the loader a copy of the body, so only the
    // stream given to the Response shows whether the loader let go of it.
    let cancelled = false;
    const errorPage = new ReadableStream<Uint8Array>({
      pull: (controller) => controller.enqueue(new Uint8Array(1024)),
      cancel: () => {
        cancelled = true;
      },
    });
    const fetchStub = vi.fn(async () => new Response(errorPage, { status: 502 }));
    vi.stubGlobal("fetch", fetchStub);
    try {
      await expect(
        loadSheet({ kind: "url", url: `${MOCK_ORIGIN}/sheet/error-page.csv` }, options),
      ).rejects.toMatchObject({ status: 502 });
    } finally {
      vi.unstubAllGlobals();
    }
    expect(fetchStub).toHaveBeenCalledTimes(1);
    expect(cancelled).toBe(true);

    server.use(
      http.get(`${MOCK_ORIGIN}/sheet/bare-error.csv`, () => new HttpResponse(null, { status: 503 })),
      http.get(`${MOCK_ORIGIN}/sheet/no-body.csv`, () => new HttpResponse(null, { status: 200 })),
    );
    await expect(loadSheet({ kind: "url", url: `${MOCK_ORIGIN}/sheet/bare-error.csv` }, options)).rejects.toMatchObject(
      {
        kind: "http",
        status: 503,
      },
    );
    expect(
      (await loadSheet({ kind: "url", url: `${MOCK_ORIGIN}/sheet/no-body.csv` }, options)).snapshot.participants,
    ).toEqual([]);
  });

  it("stops reading a local file when the time limit has passed", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "sheet-"));
    const file = path.join(dir, "sheet.csv");
    writeFileSync(file, generateSheet(25));
    const { body } = await fetchSheet({ kind: "file", path: file, isBundledSample: false }, AbortSignal.abort());
    await expect(
      collect(
        (async function* () {
          for await (const chunk of body) yield [String(chunk.length)];
        })(),
      ),
    ).rejects.toMatchObject({
      name: "AbortError",
    });
  });

  it("counts both invalid rows and rows it cannot read as dropped", async () => {
    const body =
      'nombre,pais,id,fecha\nAna,Chile,A-1,2026-10-01\nSin id,Chile,,2026-10-01\n"roto,Chile,B-2,2026-10-01\n';
    server.use(http.get(`${MOCK_ORIGIN}/sheet/dropped.csv`, () => new HttpResponse(body)));
    const { snapshot } = await loadSheet({ kind: "url", url: `${MOCK_ORIGIN}/sheet/dropped.csv` }, options);
    expect(snapshot.participants.map((row) => row.id)).toEqual(["A-1"]);
    expect(snapshot.dropped).toBe(2);
  });
});
