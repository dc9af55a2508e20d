/**
 * Form submissions take turns at the edge (app/lib/edge, wired by serve.js): a few reach the app
 * at once, the rest wait, a client holds only its share, and past a bound a newcomer is told to
 * come back. A real PostgreSQL
 * holds the sign-ups up: a test transaction locks the table every submission writes first.
 */
import { connect, type Socket } from "node:net";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { startAppServer, type AppServer } from "../support/app-server";
import { neverReadingClients, rawSignUps } from "../support/never-reading-clients";
import { exportWaitlist, postForm, postSignUp, useDatabase } from "../support/waitlist";

/** Submissions the app handles at once, and how many may wait (docs/operations.md, "Sign-ups and limits"). */
const AT_ONCE = 4;
const WAITING = 256;
const REFUSED = 2;
/** Places one client holds at once, and how long a form's body may take after its headers (docs/operations.md, "Sign-ups and limits"). */
const PER_CLIENT = 8;
const BODY_WITHIN_S = 5;
/** How long a connection may stay without sending a request's headers. */
const IDLE_CONNECTION_S = 10;
/** The attack was 1,000 (npm run bench measures that); enough here to pass one client's share many times over. */
const IDLE_POSTS = 60;
/** How long an answer handed over may wait for its client to read it (docs/operations.md, "Sign-ups and limits"). */
const SEND_DEADLINE_S = 10;
/** The attack held every turn with as many connections as there are turns. */
const NEVER_READING = 4;

describe("form submissions in turn, on PostgreSQL", () => {
  const database = useDatabase("postgres");
  let app: AppServer;
  let lock: pg.Client;

  beforeAll(async () => {
    // Hundreds of sign-ups in a minute: above the site's hourly mail ceiling, which is not
    // what this file tests (waitlist.test.ts does).
    // The lock below holds the sign-ups as long as the test needs: longer than the statement
    // timeout on a busy machine, which database-timeouts.test.ts tests.
    app = await startAppServer({
      ...database.env,
      FORM_MAILS_PER_HOUR: "100000",
      DATABASE_STATEMENT_TIMEOUT_MS: "120000",
    });
  });
  afterAll(async () => {
    await app?.stop();
  });

  /**
   * Server connections waiting for the test's lock with a submission's first write: the
   * submissions that reached the database. This file's database only (other files' databases
   * share the cluster, and may lock too), and sign-ups only: the forms sweep the app starts with
   * deletes old rate windows, and on a busy machine its delete may come after the lock.
   */
  const waitingOnLock = async () =>
    Number(
      (
        await lock.query<{ count: string }>(
          `select count(*) from pg_stat_activity
           where wait_event_type = 'Lock' and datname = current_database() and pid <> pg_backend_pid()
             and query like 'insert into "rate_limits"%'`,
        )
      ).rows[0]!.count,
    );

  it(`lets ${AT_ONCE} at a time reach the app, keeps ${WAITING} waiting in turn, refuses the rest with 503, and stores every one it kept`, async () => {
    lock = new pg.Client(database.env.DATABASE_URL);
    await lock.connect();
    // Pass or fail, the lock goes with the test: a failure must not hold the next test's sign-ups.
    onTestFinished(() => lock.end());
    await lock.query("begin");
    await lock.query("lock table rate_limits in exclusive mode");

    const total = AT_ONCE + WAITING + REFUSED;
    const answered: number[] = [];
    const submissions = Array.from({ length: total }, (_, index) =>
      postSignUp(app, {
        email: `turno${index}@example.com`,
        // A client each, so the per-client limit of 30 is never what answers.
        client: `198.51.${Math.floor(index / 250)}.${(index % 250) + 1}`,
      }).then(async (response) => {
        answered.push(index);
        return {
          status: response.status,
          retryAfter: response.headers.get("retry-after"),
          text: await response.text(),
        };
      }),
    );

    // Only the refused can answer while the lock is held.
    await expect.poll(() => answered.length, { timeout: 60_000 }).toBe(REFUSED);
    await expect.poll(waitingOnLock, { timeout: 30_000 }).toBe(AT_ONCE);
    // The site answers meanwhile: pages, and /healthz, whose database is still reachable: the
    // server's reports (one write every 5 s, late after 1 s) go on while one table is locked. A
    // report may be late while 262 submissions crowd a busy machine: the next one is awaited.
    await expect
      .poll(async () => {
        const health = await fetch(`${app.origin}/healthz`);
        expect(health.status).toBe(200);
        return ((await health.json()) as { database: unknown }).database;
      })
      .toEqual({ kind: "postgres", answers: true });
    expect((await fetch(`${app.origin}/`)).status).toBe(200);
    expect(answered).toHaveLength(REFUSED);
    expect(await waitingOnLock()).toBe(AT_ONCE);

    await lock.query("commit");
    const answers = await Promise.all(submissions);
    const refused = answers.filter((answer) => answer.status === 503);
    expect(refused).toHaveLength(REFUSED);
    for (const answer of refused) {
      expect(answer.retryAfter).toBe("60");
      expect(answer.text).toContain("Esperá un minuto y volvé a enviar el formulario");
    }
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(AT_ONCE + WAITING);
    expect(await exportWaitlist(database.env)).toHaveLength(AT_ONCE + WAITING);
    expect(app.output()).toContain('"event":"request_refused","status":503,"reason":"busy"');
  }, 180_000);

  it(`while one address holds ${IDLE_POSTS} idle POSTs, signs up a visitor from another address within 2 s, and frees every place within ${BODY_WITHIN_S} s`, async () => {
    const idle = Array.from({ length: IDLE_POSTS }, () => idlePost(app, "203.0.113.66"));
    // An idle connection that never sends a request line is not kept either.
    const silent = silentConnection(app);
    // Every place the address may hold is taken before the visitor comes: the rest are refused.
    const answered: RawAnswer[] = [];
    for (const post of idle) void post.answer.then((answer) => answered.push(answer));
    await expect.poll(() => answered.length).toBe(IDLE_POSTS - PER_CLIENT);
    const refused = [...answered];
    for (const answer of refused) {
      expect(answer.head).toMatch(/^HTTP\/1\.1 429 /);
      expect(answer.head).toMatch(/\r\nretry-after: 60\r\n/i);
      expect(answer.body).toContain("Recibimos muchos envíos desde tu conexión. Esperá un minuto");
    }

    const startedAt = Date.now();
    const visitor = await postSignUp(app, { email: "a-tiempo@example.com", client: "198.51.100.250" });
    expect(visitor.status).toBe(200);
    expect(Date.now() - startedAt).toBeLessThan(2000);

    // The held ones are cut off once their body is late, counted from their arrival.
    const held = (await Promise.all(idle.map((post) => post.answer))).filter((answer) => !refused.includes(answer));
    expect(held).toHaveLength(PER_CLIENT);
    for (const answer of held) {
      expect(answer.head).toMatch(/^HTTP\/1\.1 408 /);
      expect(answer.body).toContain("El formulario tardó demasiado en llegar");
      expect(answer.closedAfterMs).toBeGreaterThanOrEqual((BODY_WITHIN_S - 1) * 1000);
    }
    expect((await silent).closedAfterMs).toBeLessThan(IDLE_CONNECTION_S * 1000 + 5000);
    expect(app.output()).toContain('"event":"request_refused","status":408,"reason":"late"');
    expect(app.output()).toContain('"event":"request_refused","status":429,"reason":"client-share"');
  }, 120_000);

  it(`answers a visitor's sign-up, message, mail-link button and one-click unsubscribe while ${NEVER_READING} connections never read their answers, and closes those at ${SEND_DEADLINE_S} s`, async () => {
    const visitor = "lee-su-respuesta@example.com";
    expect((await postSignUp(app, { email: visitor, client: "198.51.100.241" })).status).toBe(200);
    const token = await tokenOf(visitor);

    // Each posts a whole sign-up without JavaScript, so its answer is the page: it never drains
    // through a window of a few bytes. One client, as the attack was.
    const attack = neverReadingClients(app.origin, rawSignUps(app.origin, NEVER_READING, "no-lee", "203.0.113.77"));
    onTestFinished(() => attack.stop());
    let closed = false;
    const closedAfter = attack.closed.then((times) => ((closed = true), times));
    await attack.sent;
    // Their answers were handed over (their sign-ups stored) before the visitor comes.
    await expect
      .poll(async () => (await exportWaitlist(database.env)).filter((row) => row.email.startsWith("no-lee-")).length)
      .toBe(NEVER_READING);

    const answers = {
      signUp: await postSignUp(app, { email: "otra-visita@example.com", client: "198.51.100.242" }),
      message: await postForm(
        app,
        "/contacto",
        { nombre: "Ana", email: "ana-turnos@example.com", mensaje: "Hola" },
        { client: "198.51.100.243" },
      ),
      button: await fetch(`${app.origin}/avisos/confirmar`, {
        method: "POST",
        headers: { "x-forwarded-for": "198.51.100.241", accept: "text/html" },
        body: new URLSearchParams({ t: token }),
      }),
      oneClick: await fetch(`${app.origin}/avisos/baja?t=${token}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": "198.51.100.244" },
        body: "List-Unsubscribe=One-Click",
      }),
    };
    expect(closed, "the visitor was answered only once the never-reading connections were gone").toBe(false);
    expect(Object.fromEntries(Object.entries(answers).map(([name, answer]) => [name, answer.status]))).toEqual({
      signUp: 200,
      message: 200,
      button: 200,
      oneClick: 200,
    });
    expect((await exportWaitlist(database.env)).find((row) => row.email === visitor)?.status).toBe("unsubscribed");

    // Each never-reading connection is closed once its answer waited the deadline; a busy machine
    // only makes that later.
    for (const afterMs of await closedAfter) {
      expect(afterMs).toBeGreaterThanOrEqual(SEND_DEADLINE_S * 1000);
      expect(afterMs).toBeLessThan((SEND_DEADLINE_S + 20) * 1000);
    }
    expect(app.output().match(/"event":"send_deadline","seconds":10,"value":"\/encuesta"/g)).toHaveLength(
      NEVER_READING,
    );
  }, 120_000);

  /** The mail-link token of `email`'s waitlist row. */
  const tokenOf = async (email: string) => {
    const client = new pg.Client(database.env.DATABASE_URL);
    await client.connect();
    try {
      return (await client.query<{ token: string }>("select token from waitlist where email = $1", [email])).rows[0]!
        .token;
    } finally {
      await client.end();
    }
  };
});

interface RawAnswer {
  head: string;
  body: string;
  closedAfterMs: number;
}

/** Reads a raw connection to its close: what the server wrote, and when it closed it. */
function answerOf(socket: Socket): Promise<RawAnswer> {
  const openedAt = Date.now();
  let text = "";
  socket.setEncoding("utf8");
  socket.on("data", (chunk: string) => (text += chunk));
  socket.on("error", () => undefined);
  return new Promise((resolve) =>
    socket.once("close", () => {
      const [head = "", body = ""] = text.split("\r\n\r\n");
      resolve({ head, body, closedAfterMs: Date.now() - openedAt });
    }),
  );
}

/** A sign-up's headers from `client` (through loopback, a trusted proxy), and never its body. */
function idlePost(app: AppServer, client: string): { answer: Promise<RawAnswer> } {
  const { hostname, port } = new URL(app.origin);
  const socket = connect(Number(port), hostname);
  socket.write(
    `POST /encuesta HTTP/1.1\r\nHost: ${hostname}:${port}\r\nX-Forwarded-For: ${client}\r\n` +
      "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 40\r\n\r\n",
  );
  return { answer: answerOf(socket) };
}

/** A connection that sends nothing at all. */
function silentConnection(app: AppServer): Promise<RawAnswer> {
  const { hostname, port } = new URL(app.origin);
  return answerOf(connect(Number(port), hostname));
}
