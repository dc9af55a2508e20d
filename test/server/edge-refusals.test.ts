/**
 * What the edge (app/lib/edge, wired by serve.js) answers itself, against the built server: a
 * form body over its cap, declared or chunked; a form posted from another site; a POST to a page
 * without a form; Remix v1's data requests. Each one short answer and its log line, no stack
 * trace; a real form's longest body still reaches the app.
 */
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refusalsLogged, startAppServer, type AppServer } from "../support/app-server";
import { rawRequest } from "../support/raw-http";
import { formStartAgo, postForm } from "../support/waitlist";

let app: AppServer;

beforeAll(async () => {
  app = await startAppServer();
});
afterAll(async () => {
  await app?.stop();
});

/** The caps of docs/operations.md ("Sign-ups and limits"): a sign-up's body, a contact message's. */
const SIGN_UP_MAX_BYTES = 4 * 1024;

/** Sends the request's head, then `bodyChunk` over and over until the server has answered; returns the answer's head and body. */
function sendUntilAnswered(head: string, bodyChunk: string | null): Promise<{ head: string; body: string }> {
  const { hostname, port } = new URL(app.origin);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let answer = "";
    let answered = false;
    socket.setEncoding("utf8");
    socket.on("error", (error) => (answered ? undefined : reject(error)));
    socket.on("data", (chunk: string) => {
      answer += chunk;
      const [answerHead = "", body = ""] = answer.split("\r\n\r\n");
      const length = /\r\ncontent-length: (\d+)/i.exec(answerHead)?.[1];
      if (length !== undefined && Buffer.byteLength(body) >= Number(length)) {
        answered = true;
        socket.destroy();
        resolve({ head: answerHead, body });
      }
    });
    const feed = () => {
      while (bodyChunk !== null && !answered && !socket.destroyed) {
        if (!socket.write(bodyChunk)) return socket.once("drain", feed);
      }
    };
    socket.write(head, feed);
  });
}

const formHead = (path: string, framing: string) =>
  `POST ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\n${framing}\r\n\r\n`;

describe("form bodies over their cap", () => {
  it("refuses a declared length over the cap with 413 before a byte of the body is sent", async () => {
    const answer = await sendUntilAnswered(formHead("/encuesta", `Content-Length: ${SIGN_UP_MAX_BYTES + 1}`), null);
    expect(answer.head).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer.body).toBe("El formulario es demasiado largo. Acortá el mensaje y volvé a enviarlo.\n");
    const declared400Mb = await sendUntilAnswered(
      formHead("/contacto", `Content-Length: ${400 * 1024 * 1024}`),
      "a".repeat(64 * 1024),
    );
    expect(declared400Mb.head).toMatch(/^HTTP\/1\.1 413 /);
  });

  it("refuses a chunked body with 413 as it passes the cap, while the client is still sending", async () => {
    const chunk = `2000\r\n${"a".repeat(0x2000)}\r\n`;
    const answer = await sendUntilAnswered(formHead("/contacto", "Transfer-Encoding: chunked"), chunk);
    expect(answer.head).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer.body).toBe("El formulario es demasiado largo. Acortá el mensaje y volvé a enviarlo.\n");
  });

  it("lets the longest contact message reach the app: 5,000 characters of 3 UTF-8 bytes each", async () => {
    const response = await postForm(
      app,
      "/contacto",
      { nombre: "Ana", email: "ana@example.com", mensaje: "€".repeat(5000) },
      { client: "198.51.100.31" },
    );
    expect(response.status).toBe(200);
  });
});

describe("short refusals", () => {
  const refusalHeaders = (headers: Record<string, string | string[] | undefined>) => {
    expect(headers["cache-control"]).toBe("no-store");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(headers["content-type"]).toBe("text/plain; charset=utf-8");
  };

  it("answers a form posted from another site with 403 and one log line", async () => {
    const from = app.output().length;
    for (const path of ["/encuesta", "/contacto.data", "/avisos/baja?t=x"]) {
      const answer = await rawRequest(app.origin, path, {
        method: "POST",
        headers: { origin: "https://evil.example", "content-type": "application/x-www-form-urlencoded" },
        body: "email=victima%40example.com&consentimiento=si",
      });
      expect(answer.status).toBe(403);
      expect(answer.body.toString()).toBe("Este formulario solo se puede enviar desde su página en nuestro sitio.\n");
      refusalHeaders(answer.headers);
    }
    const lines = await refusalsLogged(app, from, 3);
    expect(lines).toHaveLength(3);
    expect(JSON.parse(lines[0]!)).toEqual({
      event: "request_refused",
      status: 403,
      reason: "cross-origin",
      value: "/encuesta",
    });
    expect(app.output().slice(from)).not.toMatch(/\n\s+at /);
  });

  it("answers HEAD as GET: a data URL from another site 403 with one log line, its own page's data and pages as GET does", async () => {
    const from = app.output().length;
    for (const method of ["HEAD", "GET"] as const) {
      const answer = await rawRequest(app.origin, "/encuesta.data", {
        method,
        headers: { origin: "https://evil.example" },
      });
      expect(answer.status, method).toBe(403);
      expect(answer.body.toString()).toBe(
        method === "GET" ? "Estos datos son solo para las páginas de nuestro sitio.\n" : "",
      );
      refusalHeaders(answer.headers);
    }
    const lines = await refusalsLogged(app, from, 2);
    expect(lines).toHaveLength(2);
    expect(JSON.parse(lines[0]!)).toEqual({
      event: "request_refused",
      status: 403,
      reason: "cross-origin-data",
      value: "/encuesta.data",
    });
    // Without a foreign Origin, a HEAD is a GET without its body: never a form's submission.
    for (const path of ["/encuesta.data", "/encuesta", "/avisos/baja.data"]) {
      const [head, get] = [await rawRequest(app.origin, path, { method: "HEAD" }), await rawRequest(app.origin, path)];
      expect(head.status, path).toBe(get.status);
      expect(head.status, path).toBe(200);
      expect(head.body.length).toBe(0);
    }
    expect(app.output().slice(from)).not.toMatch(/\n\s+at /);
  });

  it("still takes a form from its own page, behind a proxy on another port too", async () => {
    const answer = await rawRequest(app.origin, "/encuesta", {
      method: "POST",
      headers: {
        origin: "http://localhost:8080",
        host: "localhost:8080",
        "content-type": "application/x-www-form-urlencoded",
      },
      body: `email=propio%40example.com&consentimiento=si&sitio_web=&inicio=${formStartAgo(5000)}`,
    });
    expect(answer.status).toBe(200);
  });

  it("answers a POST, PUT or DELETE to a page without a form with 405 and one log line", async () => {
    const from = app.output().length;
    for (const [method, path] of [
      ["POST", "/"],
      ["POST", "/sorteos"],
      ["PUT", "/encuesta"],
      ["DELETE", "/contacto"],
    ] as const) {
      const answer = await rawRequest(app.origin, path, { method, body: "x=1" });
      expect(answer.status, `${method} ${path}`).toBe(405);
      expect(answer.headers.allow).toBe("GET, HEAD");
      expect(answer.body.toString()).toBe("Esta página no recibe formularios.\n");
      refusalHeaders(answer.headers);
    }
    expect(await refusalsLogged(app, from, 4)).toHaveLength(4);
    expect(app.output().slice(from)).not.toMatch(/\n\s+at /);
  });

  it("answers Remix v1's ?_data= with 400 and one log line, no stack trace", async () => {
    const from = app.output().length;
    const answer = await rawRequest(app.origin, "/sorteos?_data=routes%2Fsorteos");
    expect(answer.status).toBe(400);
    refusalHeaders(answer.headers);
    const lines = await refusalsLogged(app, from, 1);
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ status: 400, reason: "data-request" });
    expect(app.output().slice(from)).not.toMatch(/\n\s+at /);
  });
});
