import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { getResponse, type RequestHandler } from "msw";
import { handlers as defaultHandlers } from "./handlers";

export interface SheetServer {
  origin: string;
  url: (path: string) => string;
  /** How many requests each path received. */
  hits: (path: string) => number;
  close: () => Promise<void>;
}

function toFetchRequest(req: IncomingMessage, origin: string, signal: AbortSignal): Request {
  return new Request(new URL(req.url ?? "/", origin), {
    method: req.method,
    headers: req.headers as HeadersInit,
    signal,
  });
}

async function respond(res: ServerResponse, response: Response | undefined): Promise<void> {
  if (!response) {
    res.writeHead(404).end("no mock for this path");
    return;
  }
  res.writeHead(response.status, Object.fromEntries(response.headers));
  if (!response.body) {
    res.end();
    return;
  }
  Readable.fromWeb(response.body as never)
    .on("error", () => res.destroy())
    .pipe(res);
}

/**
 * Serves msw handlers over real HTTP on loopback, so a separately started app server
 * (which msw cannot intercept) fetches the same mocked sheets the unit tests use.
 */
export async function startSheetServer({
  handlers = defaultHandlers,
  port = 0,
}: { handlers?: RequestHandler[]; port?: number } = {}): Promise<SheetServer> {
  const counts = new Map<string, number>();
  let origin = "";
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    counts.set(path, (counts.get(path) ?? 0) + 1);
    const aborted = new AbortController();
    res.on("close", () => aborted.abort());
    getResponse(handlers, toFetchRequest(req, origin, aborted.signal))
      .then((response) => respond(res, response))
      .catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    url: (path) => `${origin}${path}`,
    hits: (path) => counts.get(path) ?? 0,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
