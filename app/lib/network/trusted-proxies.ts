import proxyAddr from "proxy-addr";

/**
 * TRUST_PROXY, the proxies whose X-Forwarded-For names the client (docs/operations.md, "Behind a
 * proxy"), read the way proxy-addr reads them: addresses, CIDRs, netmasks and its names
 * (`loopback`, `linklocal`, `uniquelocal`). The environment checks the value with it and the edge
 * walks X-Forwarded-For with it, so what start-up accepts is exactly what the edge believes
 * (docs/decisions/059-no-circles-a-flat-environment.md).
 */

/**
 * TRUST_PROXY's default: loopback and the private ranges (proxy-addr's `loopback` and
 * `uniquelocal`), where the examples' proxies sit (nginx and Varnish on the host, nginx on a
 * compose network). No public address is trusted unless configured.
 */
export const DEFAULT_TRUSTED_PROXIES = [
  "127.0.0.0/8",
  "10.0.0.0/8",
  "172.16.0.0/12",
  "192.168.0.0/16",
  "::1/128",
  "fc00::/7",
] as const;

/** Whether the hop at `address` is a trusted proxy: proxy-addr's compiled matcher. */
export type TrustsProxy = (address: string, hop: number) => boolean;

/** The first entry proxy-addr cannot read, or null when it reads every one. */
export function unreadableProxyEntry(entries: readonly string[]): string | null {
  for (const entry of entries) {
    try {
      proxyAddr.compile(entry);
    } catch {
      return entry;
    }
  }
  return null;
}

/** The matcher for TRUST_PROXY's entries, each already checked by the environment's schema. */
export function trustedProxies(entries: readonly string[]): TrustsProxy {
  return proxyAddr.compile([...entries]);
}
