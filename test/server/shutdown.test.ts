/**
 * Graceful shutdown of the built server (remix-serve closes its listener on SIGTERM):
 * a request in flight still completes, new connections are refused, and the process
 * exits with code 0 soon after.
 */
import { connect } from "node:net";
import { delay, http, HttpResponse } from "msw";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppServer, type AppServer } from "../support/app-server";
import { startSheetServer, type SheetServer } from "../mocks/sheet-server";
import { SAMPLE_SHEET } from "../mocks/sheets";

const SHEET_DELAY_MS = 2000;
const SLOW_SHEET = "/sheet/slow.csv";
/** The newest participant of the sample sheet, i.e. its last row. */
const NEWEST = SAMPLE_SHEET.trim().split(/\r?\n/).at(-1)!.split(",")[0]!;

/** Resolves "refused" if a fresh TCP connection is refused, "accepted" if it connects. */
function tryConnect(port: number): Promise<"refused" | "accepted" | string> {
  return new Promise((resolve) => {
    const socket = connect({ host: "127.0.0.1", port });
    socket.once("connect", () => {
      socket.destroy();
      resolve("accepted");
    });
    socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code === "ECONNREFUSED" ? "refused" : String(error.code)));
  });
}

let sheets: SheetServer;

beforeAll(async () => {
  sheets = await startSheetServer({
    handlers: [
      http.get(`*${SLOW_SHEET}`, async () => {
        await delay(SHEET_DELAY_MS);
        return new HttpResponse(SAMPLE_SHEET, { headers: { "content-type": "text/csv; charset=utf-8" } });
      }),
    ],
  });
});
afterAll(async () => {
  await sheets?.close();
});

describe("graceful shutdown on SIGTERM", () => {
  let app: AppServer;

  afterAll(async () => {
    if (app?.process.exitCode === null) app.process.kill("SIGKILL");
  });

  it("finishes the request in flight, refuses new connections and exits 0 within 10 s", async () => {
    app = await startAppServer({ PARTICIPANTS_CSV_URL: sheets.url(SLOW_SHEET) });
    const port = Number(new URL(app.origin).port);
    expect(await tryConnect(port)).toBe("accepted");

    let settled = false;
    const inFlight = fetch(`${app.origin}/sorteos`).then(async (response) => {
      const body = await response.text();
      settled = true;
      return { status: response.status, body };
    });
    // Wait until the app is actually waiting on the slow sheet.
    while (sheets.hits(SLOW_SHEET) === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).toBe(false);

    const exit = app.process.exitCode === null ? new Promise<number | null>((resolve) => app.process.once("exit", resolve)) : null;
    const signalledAt = Date.now();
    app.process.kill("SIGTERM");

    // The listener closes while the sheet is still being fetched.
    let connection = await tryConnect(port);
    while (connection === "accepted" && Date.now() - signalledAt < 1000) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      connection = await tryConnect(port);
    }
    expect(connection).toBe("refused");
    expect(settled, "the in-flight request was still running when the listener closed").toBe(false);

    const { status, body } = await inFlight;
    const answeredAt = Date.now();
    expect(status).toBe(200);
    expect(body).toContain(NEWEST);
    expect(body.trimEnd().endsWith("</html>") || body.includes("</script>")).toBe(true);

    const code = await Promise.race([
      exit,
      new Promise<"timeout">((resolve) => setTimeout(resolve, 10_000 - (Date.now() - signalledAt), "timeout")),
    ]);
    expect(code, `exit within 10 s of SIGTERM; server output:\n${app.output()}`).toBe(0);
    expect(Date.now() - signalledAt).toBeLessThan(10_000);
    // Nothing is left to do once the last response is out: no lingering on idle timers.
    expect(Date.now() - answeredAt).toBeLessThan(2000);
    expect(await tryConnect(port)).toBe("refused");
  });
});
