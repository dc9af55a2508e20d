/**
 * The JavaScript each page makes a browser download, gzip, measured as `npm run bench` reports
 * it (test/support/page-bytes.ts) on the built server: no page may grow past what it loads
 * today (docs/performance.md, "Targets and latest figures"). The ceilings are this test's own
 * figures, in KB of 1,024 bytes; lower one when a page gets lighter.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppServer, type AppServer } from "../support/app-server";
import { measureBytes } from "../support/page-bytes";

const CEILINGS_KB: [path: string, kb: number][] = [
  // +0.1 and +0.2 KB on 2026-11-28: the visitor's local time beside Argentina's (65 and 162 bytes,
  // docs/decisions/079-the-header-without-javascript.md); the rest of that change was paid for.
  ["/", 109.2],
  ["/sorteos", 118.5],
  ["/encuesta", 96.3],
  ["/bases-y-condiciones", 100.2],
  ["/privacidad", 99.0],
  ["/contacto", 97.9],
  ["/avisos/confirmar", 94.6],
  ["/avisos/baja", 94.6],
];

let app: AppServer;
beforeAll(async () => {
  app = await startAppServer({});
});
afterAll(async () => {
  await app?.stop();
});

describe("JavaScript per page, gzip", () => {
  it.each(CEILINGS_KB)("%s loads at most %d KB", async (path, kb) => {
    const { js } = await measureBytes(app.origin, path);
    expect(js).toBeGreaterThan(0);
    expect(js).toBeLessThanOrEqual(kb * 1024);
  });
});
