/**
 * Clients that send one request each and never read the answer, their receive window kept at the
 * kernel's minimum (test/support/never_reading_clients.py): the attack of
 * docs/decisions/080-no-connection-holds-a-turn-it-does-not-use.md, for
 * test/server/submissions-in-turn.test.ts and `npm run load`.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { createInterface } from "node:readline";
import { formStartAgo } from "./waitlist";

const PYTHON = "/usr/bin/python3";
const SCRIPT = path.join(import.meta.dirname, "never_reading_clients.py");

export interface NeverReadingClients {
  /** Resolves once every request has been written to its socket. */
  sent: Promise<void>;
  /** Resolves with each connection's time from its request to the server closing it, in ms, in the clients' order. */
  closed: Promise<number[]>;
  stop: () => void;
}

/** Opens one never-reading connection to `origin` per request in `requests` (each the raw bytes of an HTTP request). */
export function neverReadingClients(origin: string, requests: string[]): NeverReadingClients {
  const { hostname, port } = new URL(origin);
  const child = spawn(PYTHON, [SCRIPT, hostname, port, String(requests.length)], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  child.stdin.end(requests.map((request) => JSON.stringify(request)).join("\n") + "\n");
  const closedAfter: number[] = [];
  let sentCount = 0;
  let onSent: () => void;
  let onClosed: (times: number[]) => void;
  const sent = new Promise<void>((resolve) => (onSent = resolve));
  const closed = new Promise<number[]>((resolve) => (onClosed = resolve));
  createInterface({ input: child.stdout }).on("line", (line) => {
    const event = JSON.parse(line) as { event: "sent" | "closed"; index: number; afterMs?: number };
    if (event.event === "sent" && ++sentCount === requests.length) onSent();
    if (event.event === "closed") {
      closedAfter[event.index] = event.afterMs!;
      if (closedAfter.filter((time) => time !== undefined).length === requests.length) onClosed(closedAfter);
    }
  });
  return { sent, closed, stop: () => child.kill() };
}

/**
 * `count` sign-ups (`<prefix>-<n>@example.com`) as a browser without JavaScript posts them, each
 * a whole raw request from `client` through the trusted proxy on loopback: its answer is the page.
 */
export function rawSignUps(origin: string, count: number, prefix: string, client: string): string[] {
  const { host } = new URL(origin);
  return Array.from({ length: count }, (_, index) => {
    const body = new URLSearchParams({
      email: `${prefix}-${index}@example.com`,
      consentimiento: "si",
      sitio_web: "",
      inicio: formStartAgo(5000),
    }).toString();
    return (
      `POST /encuesta HTTP/1.1\r\nHost: ${host}\r\nX-Forwarded-For: ${client}\r\nAccept: text/html\r\n` +
      `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`
    );
  });
}
