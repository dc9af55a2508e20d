import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";

/**
 * The header the edge says in whether a form was posted by the page's script (to its `.data`
 * URL, as Remix's `<Form>` does with JavaScript): "1", or "0" for a plain browser POST. Whatever
 * a client sent under this name is overwritten.
 */
export const SCRIPTED_HEADER = "x-opinion-labz-scripted";

/** What Express adds to a request that the edge, the static files and Remix's adapter read. */
export interface EdgeRequest extends IncomingMessage {
  url: string;
  method: string;
  originalUrl: string;
  path: string;
  protocol: string;
  hostname: string;
  get(name: string): string | undefined;
}

type Next = (error?: unknown) => void;

/** An Express middleware or handler, as remix-serve's app calls it. */
export type EdgeHandler = (req: EdgeRequest, res: ServerResponse, next: Next) => unknown;

/** A request like `req`, whose body is `bytes` already read: what Remix's adapter receives. */
export function withBody(req: EdgeRequest, bytes: Buffer): EdgeRequest {
  const body = Readable.from([bytes], { objectMode: false });
  return Object.assign(body, {
    method: req.method,
    headers: req.headers,
    url: req.url,
    originalUrl: req.originalUrl,
    path: req.path,
    protocol: req.protocol,
    hostname: req.hostname,
    get: (name: string) => req.get(name),
  }) as unknown as EdgeRequest;
}
