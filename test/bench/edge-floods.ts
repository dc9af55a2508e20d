/**
 * The edge under the floods of docs/decisions/049-the-edge-in-typed-modules.md and
 * docs/decisions/061-places-slow-clients-cannot-hold.md, for `npm run bench`: one address holding
 * 1,000 idle POSTs, then 64 addresses holding 8 slow bodies each, while other visitors sign up;
 * and repeated oversized bodies against the server's resident memory.
 */
import { readFileSync } from "node:fs";
import { connect, type Socket } from "node:net";
import { startAppServer, type AppServer } from "../support/app-server";
import { holdSlowBodies, slowClients, TRUSTED_PROXY } from "../support/slow-bodies";
import { postSignUp } from "../support/waitlist";

const IDLE_POSTS = 1000;
const VISITORS = 20;
const LARGE_BODIES = 200;
const LARGE_BODY_BYTES = 10 * 1024 * 1024;
const SLOW_CLIENTS = 64;
const SLOW_BODIES_EACH = 8;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** `count` sign-ups one after another, each from its own client: how long each took, in ms, and the statuses answered. */
async function signUpTimes(
  app: AppServer,
  label: string,
  count: number,
): Promise<{ times: number[]; statuses: string }> {
  const times: number[] = [];
  const statuses: number[] = [];
  for (let index = 0; index < count; index++) {
    const startedAt = performance.now();
    const response = await postSignUp(app, {
      email: `${label}-${index}@example.com`,
      client: `198.51.100.${index + 1}`,
    });
    await response.arrayBuffer();
    times.push(performance.now() - startedAt);
    statuses.push(response.status);
  }
  return { times, statuses: tally(statuses.map(String)) };
}

/** "20× 200" or "8× 408, 992× 429". */
const tally = (values: string[]) =>
  [...new Set(values)].map((value) => `${values.filter((other) => other === value).length}× ${value}`).join(", ");

const timeRow = (label: string, { times, statuses }: { times: number[]; statuses: string }, also = "") => [
  label,
  `${Math.round(median(times))} ms`,
  `${Math.round(Math.max(...times))} ms`,
  [`answered: ${statuses}`, also].filter(Boolean).join("; "),
];

/** A sign-up's headers from one address, and never its body; resolves to the status it was answered with. */
function idlePost(app: AppServer): { socket: Socket; status: Promise<string> } {
  const { hostname, port } = new URL(app.origin);
  const socket = connect(Number(port), hostname);
  socket.on("error", () => undefined);
  socket.write(
    `POST /encuesta HTTP/1.1\r\nHost: ${hostname}:${port}\r\nX-Forwarded-For: 203.0.113.66\r\n` +
      "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 40\r\n\r\n",
  );
  let answer = "";
  socket.on("data", (chunk: Buffer) => (answer += chunk.toString("latin1")));
  return {
    socket,
    status: new Promise((resolve) => socket.once("close", () => resolve(answer.slice(9, 12) || "closed"))),
  };
}

const residentMb = (app: AppServer) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${app.process.pid}/status`, "utf8"))![1]) / 1024;

/** Sends a chunked body of `bytes` to /contacto as fast as the server takes it, until it answers. */
function oversizedBody(app: AppServer, bytes: number): Promise<void> {
  const { hostname, port } = new URL(app.origin);
  const chunk = Buffer.alloc(64 * 1024, "a");
  const framed = Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from("\r\n")]);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    let sent = 0;
    let answered = false;
    socket.on("error", () => undefined);
    socket.once("data", () => {
      answered = true;
      socket.destroy();
      resolve();
    });
    socket.once("close", () => resolve());
    const feed = () => {
      while (!answered && sent < bytes) {
        sent += chunk.length;
        if (!socket.write(framed)) return socket.once("drain", feed);
      }
    };
    socket.write(
      `POST /contacto HTTP/1.1\r\nHost: ${hostname}:${port}\r\nContent-Type: application/x-www-form-urlencoded\r\n` +
        "Transfer-Encoding: chunked\r\n\r\n",
      feed,
    );
  });
}

export async function edgeFloodRows(): Promise<(string | number)[][]> {
  const app = await startAppServer({ FORM_MAILS_PER_HOUR: "100000", TRUST_PROXY: TRUSTED_PROXY });
  try {
    const alone = await signUpTimes(app, "alone", VISITORS);
    const idle = Array.from({ length: IDLE_POSTS }, () => idlePost(app));
    // Let the server see every one of them before the visitors come.
    await Promise.all(idle.map(({ socket }) => new Promise((resolve) => socket.once("connect", resolve))));
    const flooded = await signUpTimes(app, "flooded", VISITORS);
    const statuses = await Promise.all(idle.map(({ status }) => status));

    const attack = holdSlowBodies(app.origin, slowClients(SLOW_CLIENTS), SLOW_BODIES_EACH);
    // Their headers reach the server within a moment; each body's deadline is 5 s.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const slowed = await signUpTimes(app, "slowed", VISITORS);
    attack.stop();

    const before = residentMb(app);
    for (let index = 0; index < LARGE_BODIES; index++) await oversizedBody(app, LARGE_BODY_BYTES);
    const after = residentMb(app);
    return [
      timeRow(`${VISITORS} sign-ups, one at a time, idle server`, alone),
      timeRow(
        `the same while one address holds ${IDLE_POSTS} idle POSTs`,
        flooded,
        `idle POSTs answered: ${tally(statuses)}`,
      ),
      timeRow(`the same while ${SLOW_CLIENTS} addresses hold ${SLOW_BODIES_EACH} slow bodies each`, slowed),
      [
        `${LARGE_BODIES} chunked bodies of ${LARGE_BODY_BYTES / 1024 / 1024} MB to /contacto, one after another`,
        "",
        "",
        `resident memory ${Math.round(before)} MB before, ${Math.round(after)} MB after`,
      ],
    ];
  } finally {
    await app.stop();
  }
}
