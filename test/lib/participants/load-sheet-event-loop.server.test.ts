/**
 * docs/product.md, "Participants pipeline", step 3: a 100,000-row sheet is parsed incrementally and never blocks the event
 * loop for long. Here the whole body is already in memory, in 64 KB chunks as a socket
 * delivers them: the case where the stream → parser → loop chain could run on promise jobs
 * alone and starve every other request until the last row.
 */
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, beforeAll, expect, it } from "vitest";
import { loadSheet } from "~/lib/participants/load-sheet.server";
import { generateSheet } from "../../mocks/sheets";
import { countTurnsDuring } from "../../support/event-loop-turns";

const CHUNK_BYTES = 64 * 1024;
const body = new TextEncoder().encode(generateSheet(100_000));
const server = setupServer(
  http.get("http://sheet.test/large.csv", () => {
    let offset = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (offset >= body.byteLength) return controller.close();
        controller.enqueue(body.subarray(offset, offset + CHUNK_BYTES));
        offset += CHUNK_BYTES;
      },
    });
    return new HttpResponse(stream, { headers: { "content-type": "text/csv" } });
  }),
);
const url = "http://sheet.test/large.csv";

beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterAll(() => server.close());

it("gives other work a turn of the event loop at least every 1,000 rows of a 100,000-row sheet already in memory", async () => {
  // Counted in turns, not milliseconds: how long a turn lasts depends on how busy the
  // machine is (that figure is `npm run bench`'s), how often the loader yields does not.
  const {
    result: { snapshot },
    turns,
  } = await countTurnsDuring(() => loadSheet({ kind: "url", url }, { timeoutMs: 120_000, now: Date.now }));

  expect(snapshot.participants).toHaveLength(100_000);
  expect(snapshot.participants[0]!.id).toBe("P100000");
  expect(turns).toBeGreaterThanOrEqual(100_000 / 1_000);
}, 120_000);
