import { createHash } from "node:crypto";
import { CLIENT_HEADER } from "~/lib/edge/client-address";

/**
 * Who is submitting, for the per-client limit: the client the edge named, an IPv4 address or an
 * IPv6 /64, read through the trusted proxies (docs/operations.md, "Behind a proxy"). Hashed: the
 * table never holds an IP address.
 */
export function clientKey(request: Request): string {
  const client = request.headers.get(CLIENT_HEADER);
  // Every way the server runs (npm start, npm run dev, the image) passes through serve.js's edge.
  if (!client) throw new Error(`${CLIENT_HEADER} is missing: the server runs without serve.js's edge`);
  return createHash("sha256").update(client).digest("base64url").slice(0, 22);
}
