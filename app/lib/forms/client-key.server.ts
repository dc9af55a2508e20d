import { CLIENT_HEADER, NETWORK_HEADER } from "~/lib/edge/client-address";
import type { Sender } from "~/lib/mail/mail-budget.server";

/** A header the edge writes on every request it passes on. */
function edgeHeader(request: Request, name: string): string {
  const value = request.headers.get(name);
  // Every way the server runs (npm start, npm run dev, the image) passes through serve.js's edge.
  if (!value) throw new Error(`${name} is missing: the server runs without serve.js's edge`);
  return value;
}

/**
 * Who is submitting, for the per-client limits: the client the edge named (an IPv4 address, or
 * the IPv6 block one subscriber is given), read through the trusted proxies (docs/operations.md,
 * "Behind a proxy"). Counted under a keyed hash (`counterKey`): no table holds an IP address.
 */
export function clientOf(request: Request): string {
  return edgeHeader(request, CLIENT_HEADER);
}

/** The client and its network (an IPv4 /24, an IPv6 /48), for the mail shares. */
export function senderOf(request: Request): Sender {
  return { client: clientOf(request), network: edgeHeader(request, NETWORK_HEADER) };
}
