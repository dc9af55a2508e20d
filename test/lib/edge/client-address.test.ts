import { describe, expect, it } from "vitest";
import { clientAddress, clientGroup } from "~/lib/edge/client-address";
import { DEFAULT_TRUSTED_PROXIES, trustedProxies } from "~/lib/network/trusted-proxies";

const examples = trustedProxies(DEFAULT_TRUSTED_PROXIES);

describe("clientAddress", () => {
  it("is the peer when the peer is no trusted proxy, whatever X-Forwarded-For says", () => {
    expect(clientAddress("203.0.113.9", "198.51.100.1", examples)).toBe("203.0.113.9");
    expect(clientAddress("::ffff:203.0.113.9", undefined, examples)).toBe("203.0.113.9");
  });

  it("reads X-Forwarded-For from the right behind a trusted proxy: an address a client wrote first is never counted", () => {
    expect(clientAddress("127.0.0.1", "198.51.100.1", examples)).toBe("198.51.100.1");
    // A client that sends its own header: the proxy appends the real peer after it.
    expect(clientAddress("172.18.0.3", "1.2.3.4, 198.51.100.1", examples)).toBe("198.51.100.1");
    // Two proxies: the CDN's edge (private here) is skipped as trusted.
    expect(clientAddress("::1", "1.2.3.4, 198.51.100.1, 10.0.0.7", examples)).toBe("198.51.100.1");
  });

  it("takes the left-most hop when every hop is trusted, and stops at one that is no address", () => {
    expect(clientAddress("127.0.0.1", "10.1.1.1, 192.168.0.2", examples)).toBe("10.1.1.1");
    expect(clientAddress("127.0.0.1", "198.51.100.1, unknown, 10.0.0.7", examples)).toBe("10.0.0.7");
    expect(clientAddress("127.0.0.1", "", examples)).toBe("127.0.0.1");
  });

  it("reads a peer as the address it is: a zone dropped, an IPv4-mapped one as IPv4, nothing else unwrapped", () => {
    const none = trustedProxies([]);
    expect(clientAddress("fe80::1%eth0", undefined, none)).toBe("fe80::1");
    expect(clientAddress("::FFFF:198.51.100.7", undefined, none)).toBe("198.51.100.7");
    // Only the mapped prefix is IPv4: an address that merely ends in a dotted part stays IPv6.
    expect(clientAddress("2001:db8::ffff:198.51.100.7", undefined, none)).toBe("2001:db8::ffff:198.51.100.7");
    // A socket closed before its peer was read has none: it is counted as such, never as a proxy.
    expect(clientAddress("", "198.51.100.1", examples)).toBe("");
  });

  it("trusts only what TRUST_PROXY lists", () => {
    const none = trustedProxies([]);
    expect(clientAddress("127.0.0.1", "198.51.100.1", none)).toBe("127.0.0.1");
    const cdn = trustedProxies(["203.0.113.0/24", "2001:db8:cd::/48"]);
    expect(clientAddress("203.0.113.40", "198.51.100.1", cdn)).toBe("198.51.100.1");
    expect(clientAddress("2001:db8:cd:1::5", "2001:db8:1:2::3", cdn)).toBe("2001:db8:1:2::3");
    expect(clientAddress("10.0.0.1", "198.51.100.1", cdn)).toBe("10.0.0.1");
  });
});

describe("clientGroup", () => {
  it("counts an IPv6 client by its /64 and an IPv4 client by its address", () => {
    expect(clientGroup("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(clientGroup("2001:db8:1:2:ffff:ffff:ffff:ffff")).toBe("2001:db8:1:2::/64");
    expect(clientGroup("2001:DB8:0:0:1::1")).toBe("2001:db8:0:0::/64");
    expect(clientGroup("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(clientGroup("::1")).toBe("0:0:0:0::/64");
    expect(clientGroup("64:ff9b::198.51.100.1")).toBe("64:ff9b:0:0::/64");
    // A dotted IPv4 tail is two groups: it decides how many zeros "::" stands for.
    expect(clientGroup("1::3:4:5:6:198.51.100.1")).toBe("1:0:3:4::/64");
    expect(clientGroup("198.51.100.1")).toBe("198.51.100.1");
  });
});
