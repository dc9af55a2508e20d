/**
 * Places slow clients cannot hold (docs/decisions/061-places-slow-clients-cannot-hold.md), against
 * the built server: 64 client addresses each keep 8 form POSTs whose body never comes (each one
 * sent again as soon as the server cuts it), and a visitor from another address signs up on
 * every try. The clients are IPv6 /56s and IPv4 sources named by the trusted proxy's
 * X-Forwarded-For (with ports and brackets as load balancers write them), and sources connecting
 * straight to the server (test/support/slow-bodies.ts).
 */
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { startAppServer, type AppServer } from "../support/app-server";
import { holdSlowBodies, probe, slowClients, TRUSTED_PROXY, type SlowClient } from "../support/slow-bodies";
import { exportWaitlist, postForm, postSignUp, useDatabase } from "../support/waitlist";

/** Places one client holds at once (docs/operations.md, "Sign-ups and limits"). */
const PER_CLIENT = 8;
/** The attack the edge must hold against; 32 such clients took every place before. */
const CLIENTS = 64;
/** Bodies arriving, all clients (docs/operations.md, "Sign-ups and limits"), and the attack that filled them. */
const ARRIVING = 1024;
const WIDE_ATTACK = 1100;
const VISITORS = [
  "192.0.2.10",
  "192.0.2.11:50123",
  "2001:db8:ff:100::7",
  "[2001:db8:ff:200::7]:443",
  "192.0.2.12:443",
  "[2001:db8:ff:300::9]",
  "192.0.2.13",
  "2001:db8:ff:400::1",
];

describe(`${CLIENTS} clients holding ${PER_CLIENT} slow form bodies each`, () => {
  const database = useDatabase("embedded");
  const clients = slowClients(CLIENTS);
  let app: AppServer;
  let attack: { stop: () => void } | undefined;

  beforeAll(async () => {
    app = await startAppServer({ ...database.env, TRUST_PROXY: TRUSTED_PROXY });
  });
  afterAll(async () => {
    attack?.stop();
    await app?.stop();
  });

  /** Every client holds its whole share right now: one more POST from each is refused for that. */
  const everyShareHeld = () =>
    Promise.all(
      clients.map((client, index) =>
        expect.poll(() => probe(app.origin, client, 1000 + index), { timeout: 30_000 }).toBe("429"),
      ),
    );

  it(`still signs a visitor up on each of ${VISITORS.length} tries, from an address written any way`, async () => {
    expect(clients).toHaveLength(CLIENTS);
    attack = holdSlowBodies(app.origin, clients, PER_CLIENT);
    for (const [index, client] of VISITORS.entries()) {
      // Half the tries against the first round of slow bodies, half once the server has cut them
      // by their deadline and the clients have sent them again.
      if (index === VISITORS.length / 2) {
        await expect
          .poll(app.output, { timeout: 30_000 })
          .toContain('"event":"request_refused","status":408,"reason":"late"');
      }
      await everyShareHeld();
      const answer = await postSignUp(app, { email: `visita${index}@dominio${index}.example`, client });
      expect(answer.status, `try ${index + 1}, from ${client}`).toBe(200);
      expect(await answer.text()).toContain("te llega un email para confirmarla");
    }
    const stored = (await exportWaitlist(database.env)).map((row) => row.email);
    expect(stored.filter((email) => email.startsWith("visita"))).toHaveLength(VISITORS.length);
    // One client's extra POSTs were refused as its own; no one was told the site is full.
    expect(app.output()).toContain('"event":"request_refused","status":429,"reason":"client-share"');
    expect(app.output()).not.toContain('"reason":"busy"');
  }, 180_000);

  it("counts each port-written or bracketed address as its own client, never as the proxy", async () => {
    // The proxy's own bucket: were those clients read as the proxy, it would be full by now.
    const answer = await postForm(
      app,
      "/contacto",
      { nombre: "Ana", email: "ana@example.com", mensaje: "Hola" },
      { client: TRUSTED_PROXY },
    );
    expect(answer.status).toBe(200);
  });

  it(`signs a visitor up while ${WIDE_ATTACK} IPv6 /56s of 5 /48s hold a slow body each, more than the ${ARRIVING} bodies the edge keeps arriving`, async () => {
    // Alone: the 64 clients above held 8 each, which a full pool takes back from anyway.
    attack?.stop();
    const wide: SlowClient[] = Array.from({ length: WIDE_ATTACK }, (_, index) => ({
      localAddress: TRUSTED_PROXY,
      forwardedFor: () =>
        `2001:db8:${(0xa0 + Math.floor(index / 256)).toString(16)}:${(index % 256).toString(16)}00::1`,
    }));
    const flood = holdSlowBodies(app.origin, wide, 1);
    onTestFinished(() => flood.stop());
    const from = app.output().length;
    // The pool is full once the server takes a place back from one of the five networks.
    await expect.poll(() => app.output().slice(from), { timeout: 60_000 }).toContain('"reason":"displaced"');
    const answer = await postSignUp(app, { email: "entre-mil@dominio-mil.example", client: "192.0.2.200" });
    expect(answer.status).toBe(200);
  }, 120_000);
});
