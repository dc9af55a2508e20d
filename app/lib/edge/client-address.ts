import type { IncomingMessage } from "node:http";
import { isIP } from "node:net";
import ipaddr from "ipaddr.js";
import proxyAddr from "proxy-addr";
import type { TrustsProxy } from "~/lib/network/trusted-proxies";

/**
 * Who sent a request, for the limits that count per client (docs/operations.md, "Behind a
 * proxy"): the peer, unless the peer is a proxy we trust; then proxy-addr walks X-Forwarded-For
 * from the right, each trusted hop skipped, so a value a client wrote into the header before it
 * reached our proxies is never the one counted (docs/decisions/060-the-edge-on-the-fields-libraries.md).
 */

/**
 * The header the edge names each request's client in for the app (its per-client limits);
 * whatever a client sent under this name is overwritten.
 */
export const CLIENT_HEADER = "x-opinion-labz-client";

/** An address written with its port, as some load balancers write a hop: `203.0.113.7:51234`, `[2001:db8::1]:443`. */
const WITH_PORT = /^\[([^\]]+)\](?::\d{1,5})?$|^([\d.]+):\d{1,5}$/;

/**
 * A hop's address without its port or brackets. proxy-addr takes each hop as written: with a
 * port, a client's address is no address at all to it, and every such client would be counted
 * as the proxy (one bucket for all), or, port by port, as many.
 */
function withoutPort(hop: string): string {
  const [, bracketed, dotted] = WITH_PORT.exec(hop) ?? [];
  const address = bracketed ?? dotted;
  return address !== undefined && isIP(address) !== 0 ? address : hop;
}

/**
 * The client's address: the right-most hop that is not a trusted proxy. A hop that is not an
 * address at all ends the walk: nothing to its left was written by a proxy we trust, so the last
 * trusted hop is the client. A socket closed before its peer was read has none: "".
 */
export function clientAddress(request: Pick<IncomingMessage, "headers" | "socket">, trusts: TrustsProxy): string {
  const hops = proxyAddr
    .all(request as IncomingMessage, (hop, index) => trusts(withoutPort(hop), index))
    .map((hop) => withoutPort(hop ?? ""));
  const last = hops.at(-1) ?? "";
  return isIP(last) !== 0 ? last : (hops.at(-2) ?? "");
}

/** The bits of an IPv6 client's network that one subscriber holds: a /56 (RFC 6177; a home is often given a /56, a phone a /64). */
const IPV6_CLIENT_PREFIX = 56;

/**
 * What the per-client limits count: an IPv4 address (an IPv4-mapped one as the IPv4 address it
 * is), or an IPv6 address's /56, so one subscriber cannot be 256 clients, let alone 2^72.
 */
export function clientGroup(address: string): string {
  if (isIP(address) === 0) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === "ipv4") return parsed.toString();
  const bytes = parsed.toByteArray().map((byte, index) => (index < IPV6_CLIENT_PREFIX / 8 ? byte : 0));
  return `${ipaddr.fromByteArray(bytes).toString()}/${IPV6_CLIENT_PREFIX}`;
}
