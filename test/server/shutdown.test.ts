/**
 * Graceful shutdown of the built server (remix-serve closes its listener on SIGTERM):
 * a request in flight still completes, new connections are refused, and the process
 * exits with code 0 soon after.
 */
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { holdSlowSheet, sheetPath } from "../mocks/handlers";
import { startAppServer, type AppServer } from "../support/app-server";
import { BROWSER_USER_AGENT } from "../support/browser";
import { startSheetServer, type SheetServer } from "../mocks/sheet-server";
import { sampleParticipants } from "../mocks/sheets";

const SLOW_SHEET = sheetPath("slow");
/**
 * Remix keeps a 10 s stream timer alive after every response; exiting well before it fires
 * shows the server does not wait for it (see app/lib/server/exit-when-drained.server.ts).
 */
const EXIT_AFTER_LAST_RESPONSE_MS = 5000;
const NEWEST = (await sampleParticipants())[0]!.nombre;

/** Resolves "refused" if a fresh TCP connection is refused, "accepted" if it connects. */
function tryConnect(port: number): Promise<"refused" | "accepted" | string> {
  return new Promise((resolve) => {
    const socket = connect({ host: "127.0.0.1", port });
    socket.once("connect", () => {
      socket.destroy();
      resolve("accepted");
    });
    socket.once("error", (error: NodeJS.ErrnoException) =>
      resolve(error.code === "ECONNREFUSED" ? "refused" : String(error.code)),
    );
  });
}

let sheets: SheetServer;

beforeAll(async () => {
  sheets = await startSheetServer();
});
afterAll(async () => {
  await sheets?.close();
});

describe("graceful shutdown on SIGTERM", () => {
  let app: AppServer;

  afterAll(async () => {
    if (app?.process.exitCode === null) app.process.kill("SIGKILL");
  });

  it("finishes the request in flight, refuses new connections and exits 0 once it is out", async () => {
    // The sheet answers when this test says so: the request is in flight for as long as needed.
    const sheet = holdSlowSheet();
    onTestFinished(sheet.restore);
    app = await startAppServer({ PARTICIPANTS_CSV_URL: sheets.url(SLOW_SHEET) });
    const port = Number(new URL(app.origin).port);
    expect(await tryConnect(port)).toBe("accepted");

    // A browser's request streams: its headers and the page shell arrive at once, the rows once
    // the sheet answers. With the headers in, the response is in flight (the sheet was asked
    // for at start-up already, so the sheet's hits cannot tell).
    const response = await fetch(`${app.origin}/sorteos`, { headers: { "user-agent": BROWSER_USER_AGENT } });
    let settled = false;
    const inFlight = response.text().then((body) => {
      settled = true;
      return { status: response.status, body };
    });
    expect(sheets.hits(SLOW_SHEET)).toBe(1);
    expect(settled).toBe(false);

    const exit =
      app.process.exitCode === null ? new Promise<number | null>((resolve) => app.process.once("exit", resolve)) : null;
    const signalledAt = Date.now();
    app.process.kill("SIGTERM");

    // The listener closes while the sheet is still being fetched. A connection that reaches
    // it while it closes is reset rather than refused: ask again until connections are refused.
    let connection = await tryConnect(port);
    while (connection !== "refused" && Date.now() - signalledAt < 10_000) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      connection = await tryConnect(port);
    }
    expect(connection).toBe("refused");
    expect(settled, "the in-flight request was still running when the listener closed").toBe(false);
    expect(app.process.exitCode, "still running while a response is owed").toBeNull();

    sheet.release();
    const { status, body } = await inFlight;
    const answeredAt = Date.now();
    expect(status).toBe(200);
    expect(body).toContain(NEWEST);
    // The whole document: after </html>, Remix closes its data stream once every deferred value
    // is out, in the last script React streams. Every page has a `</script>`: that proved nothing.
    expect(body).toContain("</html>");
    expect(body.trimEnd()).toMatch(/<\/script>$/);
    expect(body.slice(body.indexOf("</html>"))).toContain("window.__remixContext.streamController.close();");

    const code = await Promise.race([
      exit,
      new Promise<"timeout">((resolve) => setTimeout(resolve, EXIT_AFTER_LAST_RESPONSE_MS, "timeout")),
    ]);
    // Nothing is left to do once the last response is out: no lingering on idle timers.
    expect(code, `exit 0 soon after the last response; server output:\n${app.output()}`).toBe(0);
    expect(Date.now() - answeredAt).toBeLessThan(EXIT_AFTER_LAST_RESPONSE_MS);
    expect(await tryConnect(port)).toBe("refused");
  });

  it("closes a client still sending its headers, finishes the response in flight and exits 0", async () => {
    const sheet = holdSlowSheet();
    onTestFinished(sheet.restore);
    app = await startAppServer({ PARTICIPANTS_CSV_URL: sheets.url(SLOW_SHEET) });
    const { hostname, port } = new URL(app.origin);

    // One header line every 2 s: never a whole request, never idle long enough for a timeout.
    const slow = connect({ host: hostname, port: Number(port) });
    await new Promise((resolve) => slow.once("connect", resolve));
    slow.write("GET /sorteos HTTP/1.1\r\nHost: localhost\r\n");
    const drip = setInterval(() => slow.write("X-Slow: 1\r\n"), 2000);
    onTestFinished(() => {
      clearInterval(drip);
      slow.destroy();
    });
    slow.on("error", () => undefined);
    const slowClosed = new Promise<number>((resolve) => slow.once("close", () => resolve(Date.now())));

    const response = await fetch(`${app.origin}/sorteos`, { headers: { "user-agent": BROWSER_USER_AGENT } });
    const inFlight = response.text();
    const exit = new Promise<number | null>((resolve) => app.process.once("exit", resolve));
    const signalledAt = Date.now();
    app.process.kill("SIGTERM");

    // Closed by the server well before the response it is not owed, while the other is still owed.
    expect((await slowClosed) - signalledAt).toBeLessThan(5000);
    expect(app.process.exitCode, "still running while a response is owed").toBeNull();

    sheet.release();
    const body = await inFlight;
    const answeredAt = Date.now();
    expect(response.status).toBe(200);
    expect(body).toContain(NEWEST);
    const code = await Promise.race([
      exit,
      new Promise<"timeout">((resolve) => setTimeout(resolve, EXIT_AFTER_LAST_RESPONSE_MS, "timeout")),
    ]);
    expect(code, `exit 0 soon after the last response; server output:\n${app.output()}`).toBe(0);
    expect(Date.now() - answeredAt).toBeLessThan(EXIT_AFTER_LAST_RESPONSE_MS);
  });
});
