import { BlockList, isIP } from "node:net";

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

/**
 * TRUST_PROXY's default: loopback and the private ranges, where the examples' proxies sit
 * (nginx and Varnish on the host, nginx on a compose network). No public address is trusted
 * unless configured.
 */
export const DEFAULT_TRUSTED_PROXIES = [
  "127.0.0.0/8",
  "10.0.0.0/8",
  "172.16.0.0/12",
  "192.168.0.0/16",
  "::1/128",
  "fc00::/7",
] as const;

/** An IPv4 or IPv6 address, or one with a prefix length ("10.0.0.0/8", "2001:db8::/32"). */
export function parseProxyEntry(entry: string): { address: string; prefix: number; family: "ipv4" | "ipv6" } | null {
  const [address = "", prefixText, extra] = entry.trim().split("/");
  const version = isIP(address);
  if (version === 0 || extra !== undefined) return null;
  const bits = version === 4 ? 32 : 128;
  const prefix = prefixText === undefined ? bits : Number(prefixText);
  if (!/^\d{1,3}$/.test(prefixText ?? String(bits)) || prefix > bits) return null;
  return { address, prefix, family: version === 4 ? "ipv4" : "ipv6" };
}

/** The matcher for TRUST_PROXY's entries, each already checked by parseProxyEntry. */
export function trustedProxies(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const parsed = parseProxyEntry(entry);
    if (!parsed) throw new Error(`not an address or CIDR: ${entry}`);
    list.addSubnet(parsed.address, parsed.prefix, parsed.family);
  }
  return list;
}

/** `::ffff:192.0.2.1` is how Node shows an IPv4 peer on a dual-stack socket: the IPv4 address it is. */
function plainAddress(address: string): string {
  const unzoned = address.trim().replace(/%.*$/, "");
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(unzoned);
  return mapped ? mapped[1]! : unzoned;
}

function isTrusted(address: string, trusted: BlockList): boolean {
  const version = isIP(address);
  return version !== 0 && trusted.check(address, version === 4 ? "ipv4" : "ipv6");
}

/**
 * The client's address: the peer if it is not a trusted proxy; else the right-most address in
 * X-Forwarded-For that is not one either (the left-most if every hop is trusted). A hop that is
 * not an address at all ends the walk: nothing to its left was written by a proxy we trust.
 */
export function clientAddress(peer: string, forwardedFor: string | undefined, trusted: BlockList): string {
  let client = plainAddress(peer);
  if (!isTrusted(client, trusted) || !forwardedFor) return client;
  const hops = forwardedFor.split(",").map(plainAddress).reverse();
  for (const hop of hops) {
    if (isIP(hop) === 0) return client;
    client = hop;
    if (!isTrusted(hop, trusted)) return hop;
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
