/**
 * Heap held by one sheet snapshot, per row, for the row shapes that cost most: what the row
 * cap in app/lib/participants/load-sheet.server.ts is fitted to (docs/performance.md, "Sheet
 * size"). Run with the garbage collector exposed:
 *
 *   node --expose-gc --import tsx test/bench/sheet-heap.ts
 */
import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { loadSheet } from "~/lib/participants/load-sheet.server";
import { generateSheet } from "../mocks/sheets";

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("run with node --expose-gc");

const ROWS = Number(process.env.HEAP_ROWS ?? 200_000);
/** The product's cap (load-sheet.server.ts), written here as the tests do. */
const ROW_CAP = 300_000;

/** The smallest valid rows, each distinct (unique nombre and id): the most rows per byte. */
function minimalSheet(rows: number): string {
  const lines = ["nombre,pais,id,fecha"];
  for (let index = 0; index < rows; index += 1) lines.push(`${index.toString(36)},a,${index.toString(36)},1`);
  return `${lines.join("\n")}\n`;
}

/**
 * Distinct rows of about 70 bytes: 300,000 of them (the row cap) fill the 20 MB body limit,
 * the shape that holds the most heap once the cap applies.
 */
function capFillingSheet(rows: number): string {
  const lines = ["nombre,pais,id,fecha"];
  for (let index = 0; index < rows; index += 1) {
    const unique = index.toString(36).padStart(6, "0");
    lines.push(`Participante número ${unique} de prueba,Argentina,OL-${unique},2026-10-01`);
  }
  return `${lines.join("\n")}\n`;
}

/** Rows whose nombre, pais and id sit at their length caps, in characters V8 stores in two bytes. */
function longestFieldsSheet(rows: number): string {
  const lines = ["nombre,pais,id,fecha"];
  for (let index = 0; index < rows; index += 1) {
    const unique = index.toString(36);
    lines.push(`${"ñ".repeat(100 - unique.length)}${unique},${"€".repeat(60)},${unique.padStart(32, "0")},1`);
  }
  return `${lines.join("\n")}\n`;
}

async function heapPerRow(name: string, csv: string, sheetRows: number) {
  const dir = mkdtempSync(path.join(tmpdir(), "sheet-heap-"));
  const file = path.join(dir, "sheet.csv");
  writeFileSync(file, csv);
  const bytesPerRow = statSync(file).size / sheetRows;
  gc!();
  const before = process.memoryUsage().heapUsed;
  const { snapshot } = await loadSheet(
    { kind: "file", path: file, isBundledSample: false },
    { timeoutMs: 120_000, now: Date.now, names: "initial" },
  );
  gc!();
  const held = process.memoryUsage().heapUsed - before;
  const rows = snapshot.participants.length;
  rmSync(dir, { recursive: true });
  const perRow = held / rows;
  const rowsIn20Mb = Math.floor((20 * 1024 * 1024) / bytesPerRow);
  const megabytes = (rowCount: number) => ((rowCount * perRow) / 1024 / 1024).toFixed(0);
  console.log(
    `${name.padEnd(16)} ${rows} rows, ${bytesPerRow.toFixed(1)} B of CSV and ${perRow.toFixed(0)} B of heap per row; ` +
      `a 20 MB sheet of them: ${rowsIn20Mb} rows, ${megabytes(rowsIn20Mb)} MB; ` +
      `within the ${ROW_CAP} row cap: ${megabytes(Math.min(rowsIn20Mb, ROW_CAP))} MB`,
  );
}

await heapPerRow("minimal", minimalSheet(ROWS), ROWS);
await heapPerRow("realistic", generateSheet(ROWS), ROWS);
await heapPerRow("cap-filling", capFillingSheet(ROWS), ROWS);
// About 420 bytes of CSV a row: a fifth as many rows stays under the 20 MB body limit.
await heapPerRow("longest fields", longestFieldsSheet(ROWS / 5), ROWS / 5);
