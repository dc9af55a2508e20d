/**
 * Requests shaped the way the internet sends them, against the built server behind its
 * launcher (serve.js): each answered in bounded time, with the page of its path whatever Host
 * says, malformed ones refused with one log line and never a stack trace.
 */
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refusalsLogged, startAppServer, type AppServer } from "../support/app-server";
import { BROWSER_USER_AGENT } from "../support/browser";
import { rawGet } from "../support/raw-http";

const BROWSER = { "user-agent": BROWSER_USER_AGENT };
/** 7,000 segments: 14 KB, under Node's 16 KB header limit. */
const DEEP_PATH = `/${"a/".repeat(7000)}`;
/** 2,000 segments: 4 KB, within the launcher's limit, so the app itself routes it. */
const DEEP_PATH_WITHIN_LIMIT = `/${"a/".repeat(1999)}a`;
/** The Kubernetes example's readiness probe gives up after 1 s (deploy/kubernetes.yaml). */
const READINESS_TIMEOUT_MS = 1000;

let app: AppServer;

beforeAll(async () => {
  app = await startAppServer();
  await rawGet(app.origin, "/", BROWSER);
});
afterAll(async () => {
  await app?.stop();
});

/** Sends `request` as raw bytes (no client library tidies it up) and returns the whole answer. */
function rawExchange(request: string): Promise<string> {
  const { hostname, port } = new URL(app.origin);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) }, () => socket.end(request));
    let answer = "";
    socket.setEncoding("latin1");
    socket.on("data", (chunk: string) => (answer += chunk));
    socket.on("end", () => resolve(answer));
    socket.on("error", reject);
  });
}

const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

describe("bounded work per request", () => {
  it("answers /healthz at once while requests for 7,000- and 2,000-segment paths are in flight", async () => {
    const deep = [DEEP_PATH, DEEP_PATH_WITHIN_LIMIT, DEEP_PATH, DEEP_PATH_WITHIN_LIMIT].map((path) =>
      rawGet(app.origin, path, BROWSER),
    );
    // Let the deep requests reach the server first.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const startedAt = performance.now();
    const health = await rawGet(app.origin, "/healthz");
    const healthMs = performance.now() - startedAt;
    expect(health.status).toBe(200);
    expect(healthMs, "healthz waited behind the deep paths").toBeLessThan(READINESS_TIMEOUT_MS);
    expect((await Promise.all(deep)).map((answer) => answer.status)).toEqual([414, 404, 414, 404]);
  });

  it("refuses a request target longer than any URL of the site with 414 and one log line", async () => {
    const before = app.output().length;
    const answer = await rawGet(app.origin, `/sorteos?q=${"a".repeat(5000)}`, BROWSER);
    expect(answer.status).toBe(414);
    expect(answer.body.toString("utf8")).toBe("La dirección es demasiado larga.\n");
    const [logged, ...more] = await refusalsLogged(app, before, 1);
    expect(more).toEqual([]);
    expect(logged).toContain('"reason":"target-length"');
    expect(logged).not.toContain("a".repeat(300));
  });

  it("still serves a long search and many tracking keys within the limit", async () => {
    const tracking = Array.from({ length: 40 }, (_, index) => `utm_${index}=x`).join("&");
    const answer = await rawGet(app.origin, `/sorteos?q=${"María ".repeat(30)}&${tracking}`, BROWSER);
    expect(answer.status).toBe(200);
  });
});

describe("the page comes from the path", () => {
  it.each([
    ["localhost#", "/sorteos"],
    ["localhost/sorteos?", "/"],
    ["[", "/sorteos"],
    ["localhost%23", "/sorteos"],
    ["localhost:99999", "/"],
    ["[1:2]", "/"],
  ])("answers Host %j with 400 and one log line, never a stack trace or another page", async (host, path) => {
    const before = app.output().length;
    const answer = await rawGet(app.origin, path, { ...BROWSER, host });
    expect(answer.status).toBe(400);
    expect(answer.body.toString("utf8")).toBe("Pedido inválido.\n");
    // Plain text that no browser may sniff into a page, run scripts from or frame.
    expect(answer.headers["x-content-type-options"]).toBe("nosniff");
    expect(answer.headers["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(await refusalsLogged(app, before, 1)).toEqual([expect.stringContaining('"reason":"host"')]);
    expect(app.output().slice(before)).not.toMatch(/\n\s+at /);
  });

  it("answers a plain foreign Host with the page of the path", async () => {
    const answer = await rawGet(app.origin, "/sorteos", { ...BROWSER, host: "evil.example:8080" });
    expect(answer.status).toBe(200);
    expect(titleOf(answer.body.toString("utf8"))).toContain("Sorteos");
  });

  it("refuses a target that is not a path (absolute form, asterisk, a raw backslash)", async () => {
    for (const target of ["http://evil.example/sorteos", "*", "/\\evil.example/Sorteos"]) {
      const answer = await rawExchange(`GET ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
      expect(answer, target).toMatch(/^HTTP\/1\.1 400 /);
    }
  });

  it("ignores a port in X-Forwarded-Host that no URL can hold", async () => {
    const answer = await rawGet(app.origin, "/sorteos", { ...BROWSER, "x-forwarded-host": "a:99999999" });
    expect(answer.status).toBe(200);
  });

  it.each(["/sorteos%0aX", "/sorteos%0dx", "/%E2%80%A8x", "/sorteos%00", "/sorteos%ff", "/%", "/sorteos%E2%80"])(
    "answers the odd path %s with the 404 page, and logs no stack trace",
    async (path) => {
      const before = app.output().length;
      let answer = await rawGet(app.origin, path, BROWSER);
      // Upper-case letters first go to their lower-case spelling (below).
      if (answer.status === 301) answer = await rawGet(app.origin, answer.headers.location!, BROWSER);
      expect(answer.status).toBe(404);
      const html = answer.body.toString("utf8");
      expect(titleOf(html)).toBe("Página no encontrada | Opinion Labz");
      expect(html).not.toContain("Unexpected Application Error");
      await expect.poll(() => app.output().slice(before)).toContain('"event":"not_found"');
      expect(app.output().slice(before)).not.toMatch(/\n\s+at /);
    },
  );

  it.each([
    ["/sorteos/", "/sorteos"],
    ["/Sorteos", "/sorteos"],
    ["/%73orteos?q=ana", "/sorteos?q=ana"],
    ["//sorteos//", "/sorteos"],
    ["//evil.example/", "/evil.example"],
  ])("sends %s to its one spelling %s with 301", async (path, location) => {
    // Raw bytes: a URL parser would read "//sorteos" as a host.
    const answer = await rawExchange(`GET ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 301 /);
    expect(/\r\nLocation: ([^\r]*)\r\n/i.exec(answer)?.[1]).toBe(location);
  });
});

describe("static files", () => {
  it("carry nosniff and Cross-Origin-Resource-Policy: same-origin, /build and public/ alike", async () => {
    const html = (await rawGet(app.origin, "/", BROWSER)).body.toString("utf8");
    const asset = /href="(\/build\/[^"]+\.js)"/.exec(html)?.[1];
    expect(asset).toBeTruthy();
    for (const path of [asset!, "/favicon.svg", "/og-image.png", "/icon-512.png"]) {
      const { status, headers } = await rawGet(app.origin, path);
      expect(status, path).toBe(200);
      expect(headers["x-content-type-options"], path).toBe("nosniff");
      expect(headers["cross-origin-resource-policy"], path).toBe("same-origin");
    }
  });

  it("let a mail client on another origin load the logo mails show, and only that", async () => {
    const { status, headers } = await rawGet(app.origin, "/icon-192.png");
    expect(status).toBe(200);
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["cross-origin-resource-policy"]).toBe("cross-origin");
  });
});
