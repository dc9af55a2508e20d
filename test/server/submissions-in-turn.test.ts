/**
 * Form submissions take turns in the launcher (serve.js): a few reach the app at once, the rest
 * wait in arrival order, and past a bound a newcomer is told to come back. A real PostgreSQL
 * holds the sign-ups up: a test transaction locks the table every submission writes first.
 */
import { connect } from "node:net";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppServer, type AppServer } from "../support/app-server";
import { exportWaitlist, postSignUp, useDatabase } from "../support/waitlist";

/** Submissions the app handles at once, and how many may wait (docs/operations.md, "Sign-ups and limits"). */
const AT_ONCE = 4;
const WAITING = 256;
const REFUSED = 2;
/** How long a turn waits for its form's body (docs/operations.md, "Sign-ups and limits"). */
const BODY_WITHIN_S = 10;

describe("form submissions in turn, on PostgreSQL", () => {
  const database = useDatabase("postgres");
  let app: AppServer;
  let lock: pg.Client;

  beforeAll(async () => {
    // Hundreds of sign-ups in a minute: above the site's hourly mail ceiling, which is not
    // what this file tests (waitlist.test.ts does).
    app = await startAppServer({ ...database.env, FORM_MAILS_PER_HOUR: "100000" });
  });
  afterAll(async () => {
    await lock?.end().catch(() => undefined);
    await app?.stop();
  });

  /** Server connections waiting for the test's lock: the submissions that reached the database. */
  const waitingOnLock = async () =>
    Number(
      (
        await lock.query<{ count: string }>(
          "select count(*) from pg_stat_activity where wait_event_type = 'Lock' and pid <> pg_backend_pid()",
        )
      ).rows[0]!.count,
    );

  it(`lets ${AT_ONCE} at a time reach the app, keeps ${WAITING} waiting in turn, refuses the rest with 503, and stores every one it kept`, async () => {
    lock = new pg.Client(database.env.DATABASE_URL);
    await lock.connect();
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
    // The site answers meanwhile: pages, and /healthz's own query.
    const health = await fetch(`${app.origin}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ database: { kind: "postgres", answers: true } });
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

  it(`cuts off a body still arriving ${BODY_WITHIN_S} s into its turn, so trickling connections cannot hold every turn`, async () => {
    const { hostname, port } = new URL(app.origin);
    const body = "email=lento%40example.com&consentimiento=si";
    const cutOff: Promise<void>[] = [];
    const written: Promise<void>[] = [];
    for (let index = 0; index < AT_ONCE; index++) {
      const socket = connect(Number(port), hostname);
      socket.on("error", () => undefined);
      cutOff.push(new Promise<void>((resolve) => socket.once("close", () => resolve())));
      // Headers, and half the body it announces: then nothing more.
      written.push(
        new Promise<void>((resolve) =>
          socket.write(
            `POST /encuesta HTTP/1.1\r\nHost: ${app.origin.slice("http://".length)}\r\n` +
              `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\n\r\n` +
              body.slice(0, body.length / 2),
            () => resolve(),
          ),
        ),
      );
    }
    // Their bytes are with the server before this request's, so by the time it is answered the
    // server has read their headers and given them every turn: the sign-up below comes fifth.
    await Promise.all(written);
    expect((await fetch(`${app.origin}/healthz`)).status).toBe(200);
    const startedAt = Date.now();
    const answer = await postSignUp(app, { email: "a-tiempo@example.com", client: "198.51.100.250" });
    expect(answer.status).toBe(200);
    // It waited for a turn: the trickling ones held all four until they were cut off.
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual((BODY_WITHIN_S - 1) * 1000);
    await Promise.all(cutOff);
  }, 120_000);
});
