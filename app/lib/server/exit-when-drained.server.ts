import { subscribe, unsubscribe } from "node:diagnostics_channel";
import type { Server } from "node:http";
import { singleton } from "./singleton.server";

/**
 * remix-serve answers SIGTERM/SIGINT with `server.close()`: the listener closes, requests in
 * flight finish, and the process is meant to exit once the event loop is empty. But Remix's
 * single fetch starts a `streamTimeout` timer (10 s here) for every document and data
 * request and clears it only if the request is aborted, never when the response completes,
 * so after any recent request the loop stays busy for up to 10 s more for nothing.
 *
 * So after the signal we close keep-alive connections as they become idle, and once the HTTP
 * server has closed (its 'close' event: listener closed and every connection ended), nothing
 * is left to serve and we exit with code 0 at once.
 */
const REQUEST_START = "http.server.request.start";
const IDLE_SWEEP_MS = 200;

export function exitWhenDrainedAfterSignal(): void {
  // Development re-imports the server build on every change; register once per process.
  singleton("exit-when-drained", registerExitWhenDrained);
}

function registerExitWhenDrained(): true {
  let server: Server | undefined;
  const remember = (message: unknown) => {
    server = (message as { server: Server }).server;
    unsubscribe(REQUEST_START, remember);
  };
  subscribe(REQUEST_START, remember);

  const onSignal = () => {
    // Without a request served there is no pending timer: the process exits by itself.
    // 'close' comes after remix-serve's close() (called from its own listener for this
    // signal, before or after this one) once the last connection has ended.
    if (!server) return;
    server.once("close", () => process.exit(0));
    // close() only drops the connections idle at that moment; keep-alive connections whose
    // last response finishes later would otherwise linger until their client gives up.
    const target = server;
    setInterval(() => target.closeIdleConnections(), IDLE_SWEEP_MS).unref();
  };
  process.once("SIGTERM", onSignal);
  process.once("SIGINT", onSignal);
  return true;
}
