import { request, type IncomingHttpHeaders } from "node:http";

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** The body exactly as it crossed the wire: still compressed if it was. */
  body: Buffer;
}

/**
 * A request that leaves the body as sent (fetch would decompress it) and sends exactly the
 * headers given (fetch adds its own Accept-Encoding).
 */
export function rawRequest(
  origin: string,
  path: string,
  { method = "GET", headers = {}, body }: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(new URL(path, origin), { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(body);
  });
}

export const rawGet = (origin: string, path: string, headers: Record<string, string> = {}) =>
  rawRequest(origin, path, { headers });
