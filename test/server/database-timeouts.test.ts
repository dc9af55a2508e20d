/**
 * A hung database holds nothing (docs/operations.md, "Data"): on a real PostgreSQL whose table
 * a test transaction keeps locked, a sign-up is cancelled by the statement timeout, answered
 * with the Spanish "try again", stores nothing, and the next one goes through once the lock is
 * gone.
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppServer, type AppServer } from "../support/app-server";
import { exportWaitlist, postSignUp, useDatabase } from "../support/waitlist";

/** PostgreSQL cancels a statement after 10 s (docs/operations.md, "Configuration"). */
const STATEMENT_TIMEOUT_MS = 10_000;

describe("a locked PostgreSQL", () => {
  const database = useDatabase("postgres");
  let app: AppServer;
  let lock: pg.Client | undefined;

  beforeAll(async () => {
    app = await startAppServer(database.env);
  });
  afterAll(async () => {
    await lock?.end().catch(() => undefined);
    await app?.stop();
  });

  it("answers a sign-up 503 'try again' once its statement times out, stores nothing, and takes the next one", async () => {
    lock = new pg.Client(database.env.DATABASE_URL);
    await lock.connect();
    await lock.query("begin");
    await lock.query("lock table rate_limits in exclusive mode");

    const startedAt = Date.now();
    const stuck = await postSignUp(app, { email: "colgada@example.com", client: "198.51.100.70" });
    const waitedMs = Date.now() - startedAt;
    expect(stuck.status).toBe(503);
    expect(await stuck.text()).toContain(
      "No pudimos guardar tu envío por un problema nuestro. Esperá un minuto y volvé a enviar el formulario.",
    );
    expect(waitedMs).toBeGreaterThanOrEqual(STATEMENT_TIMEOUT_MS - 1000);
    // Cancelled by the server's timeout, not the client's later one, on a machine however busy.
    expect(waitedMs).toBeLessThan(STATEMENT_TIMEOUT_MS + 20_000);
    expect(app.output()).toContain('"event":"forms.database_unavailable","form":"waitlist"');
    expect(app.output()).toContain("canceling statement due to statement timeout");

    await lock.query("commit");
    const next = await postSignUp(app, { email: "siguiente@example.com", client: "198.51.100.70" });
    expect(next.status).toBe(200);
    expect((await exportWaitlist(database.env)).map((row) => row.email)).toEqual(["siguiente@example.com"]);
  }, 60_000);
});
