import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { EdgeRequest } from "~/lib/edge/edge-request";
import { answerFromMemory } from "~/lib/http/answer-from-memory.server";
import { storedAnswer } from "~/lib/http/document-store.server";
import type { StorableResponse } from "~/lib/http/stored-response.server";
import { noteShownDataChanged } from "~/lib/server/shown-data.server";

const PAGE = `<!DOCTYPE html><html><body>${"<p>hola</p>".repeat(100)}</body></html>`;

function storable(body: string): StorableResponse {
  return {
    status: 200,
    contentType: "text/html; charset=utf-8",
    state: "ready",
    inline: { scriptHashes: [], styleHashes: [] },
    body: Buffer.from(body),
  };
}

/** What Remix's path answers for `path`: the routes' headers (only the keeping mark) finished from the store. */
function throughTheRoutes(path: string, headers: Record<string, string> = {}, body = PAGE): Promise<Response> {
  const request = new Request(`http://localhost${path}`, { headers });
  return storedAnswer(request, new Headers({ "X-Keeping": "public" }), body, async () => storable(body));
}

/** A server that answers only from memory, 404 when it cannot, as the edge calls it before Remix. */
let server: Server;
let origin: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    const edgeRequest = Object.assign(req, {
      originalUrl: req.url!,
      get: (name: string) => req.headers[name.toLowerCase()] as string | undefined,
    }) as unknown as EdgeRequest;
    if (!answerFromMemory(edgeRequest, res)) res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
afterEach(() => vi.restoreAllMocks());

async function fromMemory(
  path: string,
  headers: Record<string, string> = {},
  method = "GET",
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${origin}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

/** The headers of an answer, without those of the connection (the Headers object lists its names in lower case). */
function answerHeaders(headers: IncomingHttpHeaders | Headers): Record<string, string> {
  const entries = headers instanceof Headers ? [...headers] : Object.entries(headers).map(([k, v]) => [k, String(v)]);
  return Object.fromEntries(entries.filter(([name]) => !["date", "connection", "keep-alive"].includes(name!)));
}

describe("answerFromMemory", () => {
  it.each([
    ["br", { "accept-encoding": "gzip, deflate, br" }],
    ["gzip", { "accept-encoding": "gzip" }],
    ["identity", {}],
  ])("answers a read the routes just gave with their status, headers and bytes (%s)", async (_coding, headers) => {
    const routes = await throughTheRoutes("/igual?q=x", headers);
    const memory = await fromMemory("/igual?q=x", headers);
    expect(memory.status).toBe(routes.status);
    expect(answerHeaders(memory.headers)).toEqual(answerHeaders(routes.headers));
    expect(memory.body.equals(Buffer.from(await routes.arrayBuffer()))).toBe(true);
  });

  it("answers 304 with the headers the routes' 304 has", async () => {
    const first = await throughTheRoutes("/revalidado", { "accept-encoding": "br" });
    const holding = { "accept-encoding": "br", "if-none-match": first.headers.get("etag")! };
    const routes = await throughTheRoutes("/revalidado", holding);
    const memory = await fromMemory("/revalidado", holding);
    expect(routes.status).toBe(304);
    expect(memory.status).toBe(304);
    expect(memory.body.length).toBe(0);
    expect(answerHeaders(memory.headers)).toEqual(answerHeaders(routes.headers));
  });

  it("answers only the very target the routes gave, and only GET", async () => {
    await throughTheRoutes("/exacto?q=x");
    expect((await fromMemory("/exacto?q=x")).status).toBe(200);
    for (const other of ["/exacto", "/exacto?q=x&page=2", "/exacto?q=y", "/exacto?q=x&utm_source=a"]) {
      expect((await fromMemory(other)).status, other).toBe(404);
    }
    expect((await fromMemory("/exacto?q=x", {}, "HEAD")).status, "a HEAD of a data URL runs an action").toBe(404);
  });

  it("asks the routes again once a second has passed since they gave it", async () => {
    // A whole number of milliseconds: with a fractional one, `givenAt + 1000 - givenAt` can come
    // out a hair under 1000 (it did once this worker's clock had run long enough).
    const givenAt = 5_000_000;
    const now = vi.spyOn(performance, "now").mockReturnValue(givenAt);
    await throughTheRoutes("/un-segundo");
    now.mockReturnValue(givenAt + 999);
    expect((await fromMemory("/un-segundo")).status).toBe(200);
    now.mockReturnValue(givenAt + 1000);
    expect((await fromMemory("/un-segundo")).status).toBe(404);
  });

  it("asks the routes again as soon as data a page shows has changed (a sheet refreshed, a draw recorded)", async () => {
    await throughTheRoutes("/cambia");
    expect((await fromMemory("/cambia")).status).toBe(200);
    noteShownDataChanged();
    expect((await fromMemory("/cambia")).status).toBe(404);
    await throughTheRoutes("/cambia", {}, `${PAGE}<p>nuevo</p>`);
    expect((await fromMemory("/cambia")).body.toString()).toContain("nuevo");
  });
});
