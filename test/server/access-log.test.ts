/**
 * The access log (remix-serve's morgan line per request, through serve.js) holds paths but
 * never what a visitor searched for: `q` is redacted on pages and on data requests alike.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppServer, type AppServer } from "../support/app-server";

const SECRET = "secretname";

describe("the access log", () => {
  let app: AppServer;
  beforeAll(async () => {
    app = await startAppServer();
  });
  afterAll(async () => {
    await app?.stop();
  });

  it("records the path and other parameters, with the search text replaced", async () => {
    const requests = [
      `/sorteos?q=${SECRET}`,
      `/sorteos?page=2&q=${SECRET}`,
      `/sorteos.data?q=${SECRET}&_routes=routes%2Fsorteos`,
      // The same parameter in spellings the app also reads as `q`.
      `/sorteos?%71=${SECRET}`,
      `/sorteos?q=${SECRET}&q=${SECRET}-again`,
      `/no/existe?q=${SECRET}`,
    ];
    for (const path of requests) await (await fetch(`${app.origin}${path}`)).text();
    // morgan writes its line once the response has finished; give the last one a moment.
    const deadline = Date.now() + 5000;
    while (!app.output().includes("GET /no/existe") && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));

    const log = app.output();
    expect(log).toMatch(/^GET \/sorteos\?q=REDACTED 200 /m);
    expect(log).toMatch(/^GET \/sorteos\?page=2&q=REDACTED 200 /m);
    expect(log).toMatch(/^GET \/sorteos\.data\?q=REDACTED&_routes=routes%2Fsorteos 200 /m);
    expect(log).toMatch(/^GET \/no\/existe\?q=REDACTED 404 /m);
    expect(log.match(/^GET \/sorteos\?q=REDACTED 200 /gm)).toHaveLength(3);
    expect(log).not.toContain(SECRET);
  });

  it("records a mail link without its token, which would let a reader confirm or delete the address", async () => {
    const token = "token-secreto-de-un-mail";
    for (const path of [`/avisos/confirmar?t=${token}`, `/avisos/baja?t=${token}`]) {
      await (await fetch(`${app.origin}${path}`, { redirect: "manual" })).text();
    }
    const deadline = Date.now() + 5000;
    while (!app.output().includes("GET /avisos/baja") && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(app.output()).toMatch(/^GET \/avisos\/confirmar\?t=REDACTED 303 /m);
    expect(app.output()).toMatch(/^GET \/avisos\/baja\?t=REDACTED 303 /m);
    expect(app.output()).not.toContain(token);
  });
});
