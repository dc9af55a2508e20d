import { Readable, pipeline } from "node:stream";
import { parse, type Options } from "csv-parse";

const CSV_OPTIONS: Options = {
  bom: true,
  trim: true,
  relax_quotes: true,
  relax_column_count: true,
  skip_empty_lines: true,
  skip_records_with_empty_values: true,
  // One broken row (an unclosed quote, say) must not cost us the rest of the sheet.
  skip_records_with_error: true,
};

/**
 * csv-parse reads each chunk it is given in one synchronous call. A socket can hand over
 * 64 KB at once (about 1,500 rows); pieces of this size keep each call to a few milliseconds.
 */
const PIECE_BYTES = 16 * 1024;

async function* inPieces(body: AsyncIterable<Uint8Array>): AsyncIterable<Uint8Array> {
  for await (const chunk of body) {
    for (let offset = 0; offset < chunk.byteLength; offset += PIECE_BYTES) {
      yield chunk.subarray(offset, offset + PIECE_BYTES);
    }
  }
}

export interface ParsedRecords {
  /** Data records, header excluded, in sheet order. */
  records: AsyncIterable<string[]>;
  /** Rows csv-parse could not read at all; final once `records` is exhausted. */
  unreadable: () => number;
}

/**
 * Parses the CSV as its bytes arrive, so a large sheet is parsed a chunk at a time
 * between other requests instead of in one long synchronous call.
 */
export function parseSheet(body: AsyncIterable<Uint8Array>): ParsedRecords {
  const parser = parse(CSV_OPTIONS);
  let unreadable = 0;
  parser.on("skip", () => {
    unreadable += 1;
  });
  pipeline(Readable.from(inPieces(body)), parser, () => {
    // Errors surface to the consumer through the parser's async iterator.
  });

  async function* dataRecords(): AsyncIterable<string[]> {
    let isHeader = true;
    for await (const record of parser as AsyncIterable<string[]>) {
      if (isHeader) {
        isHeader = false;
        continue;
      }
      yield record;
    }
  }

  return { records: dataRecords(), unreadable: () => unreadable };
}
