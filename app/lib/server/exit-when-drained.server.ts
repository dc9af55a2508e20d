import { subscribe } from "node:diagnostics_channel";
import type { Server } from "node:http";
import type { Socket } from "node:net";
import { singleton } from "./singleton.server";

/**
 * remix-serve answers SIGTERM/SIGINT with `server.close()`: the listener closes, requests in
 * flight finish, and the process is meant to exit once the event loop is empty. Three things
 * keep it from doing so on time:
 *
 * - Remix's single fetch starts a `streamTimeout` timer (10 s here) for every document and
 *   data request and clears it only if the request is aborted, never when the response
 *   completes;
 * - keep-alive connections whose last response finishes after the signal stay open until
 *   their client gives up;
 * - `server.close()` also stops the timer that enforces Node's header and request timeouts, so
 *   a client sending one header line every few seconds holds its connection, and the process,
 *   until the orchestrator's SIGKILL cuts every response still in flight.
 *
 * So this module knows every connection from the start (node:net and node:http publish each
 * connection, request and finished response), and after the signal it closes, every 200 ms,
 * each connection that owes no response: idle ones and ones still sending their request. Once
 * the server has closed (listener closed and every connection ended) it exits with code 0 at
 * once; and whatever clients do, it exits with 0 after DRAIN_DEADLINE_MS, inside the 15 s stop
 * timeout docs/operations.md ("Stopping") asks for.
 */
const IDLE_SWEEP_MS = 200;

/**
 * Longer than the longest response (a page streams for at most 11 s, entry.server.tsx's
 * `streamTimeout` and its abort), and 3 s short of the 15 s stop timeout: on a busy machine the
 * timer was seen firing up to 2.5 s late.
 */
const DRAIN_DEADLINE_MS = 12_000;

/** How long the work registered with `onStop` may hold the exit (the server's report, one write). */
const STOP_WORK_MS = 2_000;

/**
 * Work to finish after SIGTERM/SIGINT before the process exits, alongside the responses in
 * flight, for at most 2 s: a server says in its report that it stopped, so the organizer's
 * commands stop counting it at once (app/lib/forms/server-health.server.ts).
 */
export function onStop(work: () => Promise<unknown>): void {
  singleton("stop-work", () => [] as (() => Promise<unknown>)[]).push(work);
}

interface Connections {
  server?: Server;
  /** Open connections, each with the number of responses it owes (0 or 1 without pipelining). */
  owed: Map<Socket, number>;
}

export function exitWhenDrainedAfterSignal(): void {
  // Development re-imports the server build on every change; register once per process.
  singleton("exit-when-drained", registerExitWhenDrained);
}

function trackConnections(): Connections {
  const connections: Connections = { owed: new Map() };
  const owe = (socket: Socket, change: number) => {
    if (connections.owed.has(socket)) connections.owed.set(socket, connections.owed.get(socket)! + change);
  };
  subscribe("net.server.socket", (message) => {
    const { socket } = message as { socket: Socket & { server?: unknown } };
    // Only the HTTP server's connections: the sheet fetch's sockets are clients, not published here.
    connections.server ??= socket.server as Server;
    connections.owed.set(socket, 0);
    socket.once("close", () => connections.owed.delete(socket));
  });
  subscribe("http.server.request.start", (message) => owe((message as { socket: Socket }).socket, 1));
  subscribe("http.server.response.finish", (message) => owe((message as { socket: Socket }).socket, -1));
  return connections;
}

function registerExitWhenDrained(): true {
  const connections = trackConnections();

  const closeConnectionsOwedNothing = () => {
    for (const [socket, owed] of connections.owed) if (owed <= 0) socket.destroy();
  };

  const onSignal = () => {
    const work = singleton("stop-work", () => [] as (() => Promise<unknown>)[]);
    // With work to finish, the exit waits for it (at most STOP_WORK_MS); without, it is at once.
    const workDone =
      work.length === 0
        ? null
        : Promise.race([
            Promise.allSettled(work.map((task) => task())),
            new Promise((resolve) => setTimeout(resolve, STOP_WORK_MS).unref()),
          ]);
    const exit = () => (workDone ? void workDone.then(() => process.exit(0)) : process.exit(0));
    // 'close' comes after remix-serve's close() (called from its own listener for this
    // signal, before or after this one) once the last connection has ended.
    connections.server?.once("close", exit);
    setInterval(closeConnectionsOwedNothing, IDLE_SWEEP_MS).unref();
    // Unref'd: a process with nothing left to do exits by itself before the deadline.
    setTimeout(() => {
      for (const socket of connections.owed.keys()) socket.destroy();
      process.exit(0);
    }, DRAIN_DEADLINE_MS).unref();
  };
  process.once("SIGTERM", onSignal);
  process.once("SIGINT", onSignal);
  return true;
}
