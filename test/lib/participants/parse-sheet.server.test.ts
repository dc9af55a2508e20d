import { expect, it } from "vitest";
import { parseSheet } from "~/lib/participants/parse-sheet.server";

async function* asStream(body: Uint8Array): AsyncIterable<Uint8Array> {
  yield body;
}

async function recordsOf(body: Uint8Array): Promise<string[][]> {
  const records: string[][] = [];
  for await (const record of parseSheet(asStream(body)).records) records.push(record);
  return records;
}

it("reads a large chunk whole, however it is cut for the parser", async () => {
  // Multi-byte letters and quoted newlines land on every byte offset of the cuts.
  const rows = Array.from({ length: 3000 }, (_, row) => [`"José\nÑandú ${row}"`, "Perú", `ID-${row}`, "2026-01-02"]);
  const sheet = ["nombre,pais,id,fecha", ...rows.map((cells) => cells.join(","))].join("\n");
  const body = new TextEncoder().encode(sheet);
  expect(body.byteLength).toBeGreaterThan(100 * 1024);

  const records = await recordsOf(body);

  expect(records).toHaveLength(3000);
  expect(records.every((record, row) => record[0] === `José\nÑandú ${row}` && record[1] === "Perú")).toBe(true);
});
