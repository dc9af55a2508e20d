/**
 * Graceful shutdown of the built server (remix-serve closes its listener on SIGTERM):
 * a request in flight still completes, new connections are refused, and the process
 * exits with code 0 soon after.
 */
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppServer, type AppServer } from "../support/app-server";
import { BROWSER_USER_AGENT } from "../support/browser";
import { startHeldSheet, type HeldSheet } from "../mocks/held-sheet";
import { SAMPLE_SHEET } from "../mocks/sheets";

/** The product's promise for a stop (docs/operations.md); the usual figure is well under 1 s. */
const STOP_WITHIN_MS = 5000;
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

let held: HeldSheet;

beforeAll(async () => {
  held = await startHeldSheet();
});
afterAll(async () => {
  held?.release();
  await held?.sheets.close();
});

describe("graceful shutdown on SIGTERM", () => {
  let app: AppServer;

  afterAll(async () => {
    if (app?.process.exitCode === null) app.process.kill("SIGKILL");
  });

  it("finishes the request in flight, refuses new connections and exits 0 within 5 s", async () => {
    app = await startAppServer({ PARTICIPANTS_CSV_URL: held.url, PARTICIPANTS_TIMEOUT_MS: "30000" });
    const port = Number(new URL(app.origin).port);
    expect(await tryConnect(port)).toBe("accepted");

    // The shell has arrived (a browser gets it at once; a crawler would wait for the whole page).
    const response = await fetch(`${app.origin}/sorteos`, { headers: { "user-agent": BROWSER_USER_AGENT } });
    let settled = false;
    const inFlight = response.text().then((body) => {
      settled = true;
      return { status: response.status, body };
    });
    // The sheet was asked for at start-up and is held: the page is waiting on it.
    expect(held.hits()).toBe(1);
    expect(settled).toBe(false);

    const exit = app.process.exitCode === null ? new Promise<number | null>((resolve) => app.process.once("exit", resolve)) : null;
    const signalledAt = Date.now();
    app.process.kill("SIGTERM");

    // The listener closes while the sheet is still being fetched.
    let connection = await tryConnect(port);
    while (connection === "accepted" && Date.now() - signalledAt < 3000) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      connection = await tryConnect(port);
    }
    expect(connection).toBe("refused");
    expect(settled, "the in-flight request was still running when the listener closed").toBe(false);
    held.release();

    const { status, body } = await inFlight;
    const answeredAt = Date.now();
    expect(status).toBe(200);
    expect(body).toContain(NEWEST);
    expect(body.trimEnd().endsWith("</html>") || body.includes("</script>")).toBe(true);

    const code = await Promise.race([
      exit,
      new Promise<"timeout">((resolve) => setTimeout(resolve, STOP_WITHIN_MS - (Date.now() - signalledAt), "timeout")),
    ]);
    expect(code, `exit within 5 s of SIGTERM; server output:\n${app.output()}`).toBe(0);
    expect(Date.now() - signalledAt).toBeLessThan(STOP_WITHIN_MS);
    // Nothing is left to do once the last response is out: no lingering on idle timers (one
    // would hold the process for the 10 s stream limit); the bound allows for a busy machine.
    expect(Date.now() - answeredAt).toBeLessThan(4000);
    expect(await tryConnect(port)).toBe("refused");
  });
});
