import { describe, expect, it } from "vitest";
import { DEFAULT_TRUSTED_PROXIES, trustedProxies, unreadableProxyEntry } from "~/lib/network/trusted-proxies";

describe("unreadableProxyEntry", () => {
  it("reads addresses, CIDRs, netmasks and proxy-addr's names, and nothing else", () => {
    expect(
      unreadableProxyEntry(["10.0.0.0/8", "::1", "2001:db8:cd::/48", "10.0.0.0/255.0.0.0", "loopback", "uniquelocal"]),
    ).toBeNull();
    for (const bad of ["10.0.0.0/33", "::/129", "10.0.0.0/", "10.0.0.0/8/1", "nginx", "10.0.0.0/x", "", "1.2.3"]) {
      expect(unreadableProxyEntry(["127.0.0.1", bad]), bad).toBe(bad);
    }
  });
});

describe("trustedProxies", () => {
  it("trusts loopback and the private ranges by default, an IPv4-mapped peer as the IPv4 address it is", () => {
    const trusts = trustedProxies(DEFAULT_TRUSTED_PROXIES);
    for (const proxy of ["127.0.0.1", "10.1.2.3", "172.31.255.1", "192.168.0.2", "::1", "fd00::7", "::ffff:10.0.0.1"]) {
      expect(trusts(proxy, 0), proxy).toBe(true);
    }
    for (const client of ["198.51.100.1", "172.32.0.1", "2001:db8::1", "fe80::1", "::ffff:198.51.100.1", "unknown"]) {
      expect(trusts(client, 0), client).toBe(false);
    }
  });

  it("trusts only what it is given", () => {
    expect(trustedProxies([])("127.0.0.1", 0)).toBe(false);
    const cdn = trustedProxies(["203.0.113.0/24", "2001:db8:cd::/48"]);
    expect([cdn("203.0.113.40", 0), cdn("2001:db8:cd:1::5", 0), cdn("10.0.0.1", 0)]).toEqual([true, true, false]);
  });
});
