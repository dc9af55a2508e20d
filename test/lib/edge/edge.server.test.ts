import { readdirSync, readFileSync } from "node:fs";
import type { Server, ServerResponse } from "node:http";
import { createRequire } from "node:module";
import { connect, type AddressInfo } from "node:net";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { FORM_BODY_LIMITS, startEdge, type Edge } from "~/lib/edge/edge.server";
import type { TurnLimits } from "~/lib/edge/submission-turns";
import { CONTACT_LIMITS, EMAIL_MAX_LENGTH } from "~/lib/forms/fields";
import { ROOT } from "../../support/app-server";

/** The URL of a route file under Remix's flat routes: dots are slashes. */
const urlOf = (file: string) => `/${file.replace(/\.tsx?$/, "").replaceAll(".", "/")}`;

describe("FORM_BODY_LIMITS", () => {
  it("names exactly the routes that have an action: a POST anywhere else is refused by the edge", () => {
    const routes = path.join(ROOT, "app/routes");
    const withAction = readdirSync(routes)
      .filter((file) =>
        /export (const|async function|function) action\b/.test(readFileSync(path.join(routes, file), "utf8")),
      )
      .map(urlOf);
    expect([...FORM_BODY_LIMITS.keys()].sort()).toEqual(withAction.sort());
  });

  it("fits the longest contact message the form accepts, every character at its longest percent-encoded", () => {
    // A character of the Basic Multilingual Plane is at most 3 UTF-8 bytes, 9 percent-encoded.
    const longest = 9 * (CONTACT_LIMITS.name + CONTACT_LIMITS.message + EMAIL_MAX_LENGTH) + 200;
    expect(FORM_BODY_LIMITS.get("/contacto")).toBeGreaterThanOrEqual(longest);
    // A sign-up is an address, a checkbox and two short fields: a few KB.
    expect(FORM_BODY_LIMITS.get("/encuesta")).toBeLessThanOrEqual(4 * 1024);
  });
});

/** The express remix-serve's CLI uses, as serve.js hands it to the edge. */
const requireFromServe = createRequire(createRequire(import.meta.url).resolve("@remix-run/serve/dist/cli.js"));
const express = requireFromServe("express") as Parameters<Edge["inFrontOf"]>[0];

interface Answer {
  head: Promise<string>;
  closed: Promise<void>;
}

/** A form POST to /encuesta on a raw connection from `client` (through loopback, a trusted proxy): whole, or its body never finished. */
function post(origin: string, client: string, whole: boolean): Answer {
  const { hostname, port } = new URL(origin);
  const socket = connect(Number(port), hostname);
  let text = "";
  socket.setEncoding("utf8");
  socket.on("error", () => undefined);
  const head = new Promise<string>((resolve) =>
    socket.on("data", (chunk: string) => {
      text += chunk;
      if (text.includes("\r\n\r\n") && /\r\n\r\n[\s\S]*\n/.test(text)) resolve(text);
    }),
  );
  socket.write(
    `POST /encuesta HTTP/1.1\r\nHost: ${hostname}:${port}\r\nX-Forwarded-For: ${client}\r\n` +
      `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${whole ? 3 : 100}\r\n\r\n${whole ? "a=b" : "a="}`,
  );
  return { head, closed: new Promise((resolve) => socket.once("close", () => resolve())) };
}

describe("the edge in front of remix-serve's express, with pools of two", () => {
  const servers: Server[] = [];
  afterEach(() => {
    for (const server of servers.splice(0)) server.closeAllConnections();
    vi.restoreAllMocks();
  });

  /** An app of remix-serve's kind behind an edge with `limits`; its handler answers when `release` is called. */
  function appWith(limits: TurnLimits) {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const releases: (() => void)[] = [];
    const app = startEdge({ limits }).inFrontOf(express)() as unknown as {
      all: (path: string, handler: (req: unknown, res: ServerResponse) => void) => void;
      listen: (port: number, host: string) => Server;
    };
    app.all("*", (_req, res) => releases.push(() => res.end("handled\n")));
    const server = app.listen(0, "127.0.0.1");
    servers.push(server);
    const origin = new Promise<string>((resolve) =>
      server.once("listening", () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
    );
    return { origin, releases };
  }

  it("gives a newcomer the place of the newest slow body of the client holding the most, and closes that one", async () => {
    const { origin: listening } = appWith({ atOnce: 1, waiting: 1, arriving: 2, perClient: 2 });
    const origin = await listening;
    const first = post(origin, "203.0.113.1", false);
    const second = post(origin, "203.0.113.1", false);
    // Its share held: a third from the same client is refused for that, which shows both are in.
    await expect.poll(() => post(origin, "203.0.113.1", true).head).toMatch(/^HTTP\/1\.1 429 /);
    const visitor = post(origin, "198.51.100.7", false);
    expect(await second.head).toMatch(
      /^HTTP\/1\.1 503 [\s\S]*\r\nconnection: close\r\n[\s\S]*Estamos recibiendo muchos envíos/i,
    );
    await second.closed;
    expect(console.warn).toHaveBeenCalledWith(expect.stringContaining('"status":503,"reason":"displaced"'));
    // The older slow body and the visitor's hold one place each: now a third client is the one
    // refused, as shares are even, and neither of them is answered.
    const third = post(origin, "192.0.2.1", false);
    expect(await third.head).toMatch(/^HTTP\/1\.1 503 /);
    expect(console.warn).toHaveBeenLastCalledWith(expect.stringContaining('"status":503,"reason":"busy"'));
    void first.head.then(() => expect.unreachable("the older slow body keeps its place"));
    void visitor.head.then(() => expect.unreachable("the visitor keeps its place"));
  });

  it("gives a newcomer's whole body the place in line of the newest of the client waiting most, and its turn", async () => {
    const { origin: listening, releases } = appWith({ atOnce: 1, waiting: 2, arriving: 8, perClient: 4 });
    const origin = await listening;
    // One client's four whole bodies: one runs (held by the app), two wait, the line is full for the fourth.
    const flood = Array.from({ length: 4 }, () => post(origin, "203.0.113.1", true).head);
    const answered: string[] = [];
    for (const head of flood) void head.then((text) => answered.push(text));
    await expect.poll(() => answered.length).toBe(1);
    expect(answered[0]).toMatch(/^HTTP\/1\.1 503 /);
    await expect.poll(() => releases.length).toBe(1);
    // A visitor's whole body: the flood's newest in line gives way, answered 503 too.
    const visitor = post(origin, "198.51.100.7", true);
    await expect.poll(() => answered.length).toBe(2);
    expect(answered[1]).toMatch(/^HTTP\/1\.1 503 [\s\S]*Estamos recibiendo muchos envíos/);
    // Turns go round: the flood's oldest waiting, then the visitor.
    for (let turn = 0; turn < 2; turn++) {
      releases.shift()!();
      await expect.poll(() => releases.length).toBe(1);
    }
    await expect.poll(() => answered.filter((text) => /^HTTP\/1\.1 200 /.test(text))).toHaveLength(2);
    releases.shift()!();
    expect(await visitor.head).toMatch(/^HTTP\/1\.1 200 [\s\S]*handled/);
  });
});
