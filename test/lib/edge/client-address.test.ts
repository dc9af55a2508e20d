import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { clientAddress, clientGroup, clientNetwork } from "~/lib/edge/client-address";
import { DEFAULT_TRUSTED_PROXIES, trustedProxies } from "~/lib/network/trusted-proxies";

const examples = trustedProxies(DEFAULT_TRUSTED_PROXIES);
const none = trustedProxies([]);

/** A request from `peer` (undefined: a socket closed before its peer was read) carrying `forwardedFor`. */
const from = (peer: string | undefined, forwardedFor?: string) =>
  ({
    socket: { remoteAddress: peer },
    headers: forwardedFor === undefined ? {} : { "x-forwarded-for": forwardedFor },
  }) as unknown as IncomingMessage;

describe("clientAddress", () => {
  it("is the peer when the peer is no trusted proxy, whatever X-Forwarded-For says", () => {
    expect(clientAddress(from("203.0.113.9", "198.51.100.1"), examples)).toBe("203.0.113.9");
    expect(clientAddress(from("::ffff:203.0.113.9"), examples)).toBe("::ffff:203.0.113.9");
  });

  it("reads X-Forwarded-For from the right behind a trusted proxy: an address a client wrote first is never counted", () => {
    expect(clientAddress(from("127.0.0.1", "198.51.100.1"), examples)).toBe("198.51.100.1");
    // A client that sends its own header: the proxy appends the real peer after it.
    expect(clientAddress(from("172.18.0.3", "1.2.3.4, 198.51.100.1"), examples)).toBe("198.51.100.1");
    // Two proxies: the CDN's edge (private here) is skipped as trusted; a dual-stack peer too.
    expect(clientAddress(from("::ffff:127.0.0.1", "1.2.3.4, 198.51.100.1, 10.0.0.7"), examples)).toBe("198.51.100.1");
  });

  it("takes the left-most hop when every hop is trusted, and stops at one that is no address", () => {
    expect(clientAddress(from("127.0.0.1", "10.1.1.1, 192.168.0.2"), examples)).toBe("10.1.1.1");
    expect(clientAddress(from("127.0.0.1", "198.51.100.1, unknown, 10.0.0.7"), examples)).toBe("10.0.0.7");
    expect(clientAddress(from("127.0.0.1", ""), examples)).toBe("127.0.0.1");
    // A socket closed before its peer was read has none: it is counted as such, never as a proxy.
    expect(clientAddress(from(undefined, "198.51.100.1"), examples)).toBe("");
  });

  it("reads a hop written with its port, or an IPv6 hop in brackets, as the address", () => {
    expect(clientAddress(from("127.0.0.1", "203.0.113.7:51234"), examples)).toBe("203.0.113.7");
    expect(clientAddress(from("127.0.0.1", "[2001:db8::1]:443"), examples)).toBe("2001:db8::1");
    expect(clientAddress(from("127.0.0.1", "[2001:db8::1]"), examples)).toBe("2001:db8::1");
    // A trusted hop written with its port is still trusted, and skipped.
    expect(clientAddress(from("127.0.0.1", "198.51.100.1, 10.0.0.7:8080"), examples)).toBe("198.51.100.1");
    // What only looks like an address with a port is no address: the walk ends at the proxy.
    for (const hop of ["203.0.113.7:", "203.0.113.7:123456", "[2001:db8::1]x", "1.2.3:80", "[nginx]:80"]) {
      expect(clientAddress(from("127.0.0.1", hop), examples), hop).toBe("127.0.0.1");
    }
  });

  it("trusts only what TRUST_PROXY lists", () => {
    expect(clientAddress(from("127.0.0.1", "198.51.100.1"), none)).toBe("127.0.0.1");
    const cdn = trustedProxies(["203.0.113.0/24", "2001:db8:cd::/48"]);
    expect(clientAddress(from("203.0.113.40", "198.51.100.1"), cdn)).toBe("198.51.100.1");
    expect(clientAddress(from("2001:db8:cd:1::5", "2001:db8:1:2::3"), cdn)).toBe("2001:db8:1:2::3");
    expect(clientAddress(from("10.0.0.1", "198.51.100.1"), cdn)).toBe("10.0.0.1");
  });
});

describe("clientGroup", () => {
  it("counts an IPv6 client by its /56 and an IPv4 client by its address", () => {
    expect(clientGroup("2001:db8:1:2aff:aaaa::1")).toBe("2001:db8:1:2a00::/56");
    // Every /64 of one /56 is one client: 256 of them cannot pass for 256 clients.
    expect(clientGroup("2001:db8:1:2a00::1")).toBe(clientGroup("2001:db8:1:2aff:ffff:ffff:ffff:ffff"));
    expect(clientGroup("2001:db8:1:2b00::1")).not.toBe(clientGroup("2001:db8:1:2aff::1"));
    expect(clientGroup("2001:DB8:0:0:1::1")).toBe("2001:db8::/56");
    expect(clientGroup("::1")).toBe("::/56");
    expect(clientGroup("64:ff9b::198.51.100.1")).toBe("64:ff9b::/56");
    // A dotted IPv4 tail is two groups: it decides how many zeros "::" stands for.
    expect(clientGroup("1::3:4:5:6:198.51.100.1")).toBe("1:0:3::/56");
    expect(clientGroup("198.51.100.1")).toBe("198.51.100.1");
  });

  it("counts an IPv4-mapped client as the IPv4 address it is, and a zoned one by its /56", () => {
    expect(clientGroup("::ffff:198.51.100.7")).toBe("198.51.100.7");
    expect(clientGroup("::FFFF:198.51.100.7")).toBe("198.51.100.7");
    // Only the mapped prefix is IPv4: an address that merely ends in a dotted part stays IPv6.
    expect(clientGroup("2001:db8::ffff:198.51.100.7")).toBe("2001:db8::/56");
    expect(clientGroup("fe80::1%eth0")).toBe("fe80::/56");
    expect(clientGroup("")).toBe("");
  });
});

describe("clientNetwork", () => {
  it("counts an IPv4 client's network by its /24 and an IPv6 client's by its /48", () => {
    expect(clientNetwork("198.51.100.7")).toBe("198.51.100.0/24");
    expect(clientNetwork("198.51.100.250")).toBe(clientNetwork("198.51.100.1"));
    expect(clientNetwork("198.51.101.1")).not.toBe(clientNetwork("198.51.100.1"));
    expect(clientNetwork("::ffff:198.51.100.7")).toBe("198.51.100.0/24");
    // 256 /56s of one /48 are one network.
    expect(clientNetwork("2001:db8:1:ff00::1")).toBe("2001:db8:1::/48");
    expect(clientNetwork("2001:db8:1:0::1")).toBe(clientNetwork("2001:db8:1:ffff:ffff::1"));
    expect(clientNetwork("2001:db8:2::1")).not.toBe(clientNetwork("2001:db8:1::1"));
    expect(clientNetwork("")).toBe("");
  });
});
