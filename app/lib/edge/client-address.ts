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

/** The header the edge names each request's network in (clientNetwork), overwritten the same way. */
export const NETWORK_HEADER = "x-opinion-labz-network";

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
 * The network a client is part of, for the shares counted per network (docs/operations.md,
 * "Behind a proxy"): an IPv4 /24, an IPv6 /48 (a site's allocation: 256 subscribers' /56s).
 */
const NETWORK_PREFIX = { ipv4: 24, ipv6: 48 } as const;

/** `address` with every bit past its first `bits` cleared, written with the prefix length. */
function prefixOf(parsed: ipaddr.IPv4 | ipaddr.IPv6, bits: number): string {
  const bytes = parsed.toByteArray().map((byte, index) => {
    const kept = Math.min(8, Math.max(0, bits - index * 8));
    return byte & ((0xff << (8 - kept)) & 0xff);
  });
  return `${ipaddr.fromByteArray(bytes).toString()}/${bits}`;
}

/**
 * What the per-client limits count: an IPv4 address (an IPv4-mapped one as the IPv4 address it
 * is), or an IPv6 address's /56, so one subscriber cannot be 256 clients, let alone 2^72.
 */
export function clientGroup(address: string): string {
  if (isIP(address) === 0) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === "ipv4") return parsed.toString();
  return prefixOf(parsed, IPV6_CLIENT_PREFIX);
}

/**
 * What the per-network shares count: an IPv4 address's /24 (an IPv4-mapped one as its IPv4
 * /24), an IPv6 address's /48; forty addresses of one /24, or 256 /56s of one /48, are one network.
 */
export function clientNetwork(address: string): string {
  if (isIP(address) === 0) return address;
  const parsed = ipaddr.process(address);
  return prefixOf(parsed, parsed.kind() === "ipv4" ? NETWORK_PREFIX.ipv4 : NETWORK_PREFIX.ipv6);
}
