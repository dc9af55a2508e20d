import { CLIENT_HEADER } from "~/lib/edge/client-address";

/**
 * Who is submitting, for the per-client limits: the client the edge named (an IPv4 address, or
 * the IPv6 block one subscriber is given), read through the trusted proxies (docs/operations.md,
 * "Behind a proxy"). Counted under a keyed hash (`counterKey`): no table holds an IP address.
 */
export function clientOf(request: Request): string {
  const client = request.headers.get(CLIENT_HEADER);
  // Every way the server runs (npm start, npm run dev, the image) passes through serve.js's edge.
  if (!client) throw new Error(`${CLIENT_HEADER} is missing: the server runs without serve.js's edge`);
  return client;
}
