import { isIP } from "node:net";
import type { TrustsProxy } from "~/lib/network/trusted-proxies";

/**
 * Who sent a request, for the limits that count per client (docs/operations.md, "Behind a
 * proxy"). The peer, unless the peer is a proxy we trust: then X-Forwarded-For read from the
 * right, each trusted hop skipped, so a value a client wrote into the header before it reached
 * our proxies is never the one counted.
 */

/**
 * The header the edge names each request's client in for the app (its per-client limits);
 * whatever a client sent under this name is overwritten.
 */
export const CLIENT_HEADER = "x-opinion-labz-client";

/** `::ffff:192.0.2.1` is how Node shows an IPv4 peer on a dual-stack socket: the IPv4 address it is. */
function plainAddress(address: string): string {
  const unzoned = address.trim().replace(/%.*$/, "");
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(unzoned);
  return mapped ? mapped[1]! : unzoned;
}

/**
 * The client's address: the peer if it is not a trusted proxy; else the right-most address in
 * X-Forwarded-For that is not one either (the left-most if every hop is trusted). A hop that is
 * not an address at all ends the walk: nothing to its left was written by a proxy we trust.
 */
export function clientAddress(peer: string, forwardedFor: string | undefined, trusted: TrustsProxy): string {
  let client = plainAddress(peer);
  if (!trusted(client, 0) || !forwardedFor) return client;
  const hops = forwardedFor.split(",").map(plainAddress).reverse();
  for (const hop of hops) {
    if (isIP(hop) === 0) return client;
    client = hop;
    if (!trusted(hop, 0)) return hop;
  }
  return client;
}

/** The eight 16-bit groups of an IPv6 address, as numbers. */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase();
  // A trailing dotted IPv4 part ("::1.2.3.4") is two groups.
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const zeros = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill("0");
  return [...left, ...zeros, ...right].map((group) => parseInt(group, 16));
}

/**
 * What the per-client limits count: an IPv4 address, or an IPv6 address's /64, the block one
 * home or phone is given (RFC 6177), so one subscriber cannot be 2^64 clients.
 */
export function clientGroup(address: string): string {
  if (isIP(address) !== 6) return address;
  const network = ipv6Groups(address).slice(0, 4);
  return `${network.map((group) => group.toString(16)).join(":")}::/64`;
}
