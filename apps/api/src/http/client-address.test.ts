import type { Context } from "hono";
import { describe, expect, it } from "vitest";
import { UNKNOWN_ADDRESS, addressKey, clientAddress } from "./client-address.js";

/** Just what clientAddress reads of Hono's context: the Node socket and one header. */
function contextOf(remoteAddress: string | undefined, forwardedFor?: string): Context {
  return {
    env: remoteAddress === undefined ? undefined : { incoming: { socket: { remoteAddress } } },
    req: {
      header: (name: string) => (name === "x-forwarded-for" ? forwardedFor : undefined),
    },
  } as unknown as Context;
}

describe("addressKey", () => {
  it("keeps an IPv4 address as it is, also written as an IPv4-mapped IPv6 address", () => {
    expect(addressKey("198.51.100.7")).toBe("198.51.100.7");
    expect(addressKey("::ffff:198.51.100.7")).toBe("198.51.100.7");
    expect(addressKey("::FFFF:198.51.100.7")).toBe("198.51.100.7");
  });

  it("counts an IPv6 address by its /64, however it is written", () => {
    const key = "2001:db8:0:1::/64";
    expect(addressKey("2001:db8:0:1::1")).toBe(key);
    expect(addressKey("2001:0DB8:0000:0001:ffff:ffff:ffff:ffff")).toBe(key);
    expect(addressKey("[2001:db8:0:1::9]")).toBe(key);
    expect(addressKey("2001:db8:0:1::9%eth0")).toBe(key);
    expect(addressKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressKey("::1")).toBe("0:0:0:0::/64");
    expect(addressKey("64:ff9b::198.51.100.7")).toBe("64:ff9b:0:0::/64");
  });
});

describe("clientAddress", () => {
  it("is the socket's peer when no proxy is trusted, whatever X-Forwarded-For says", () => {
    expect(clientAddress(contextOf("203.0.113.1", "192.0.2.1"), 0)).toBe("203.0.113.1");
  });

  it("is the entry the outermost trusted proxy wrote, counting hops from the right", () => {
    const c = contextOf("10.0.0.2", "6.6.6.6, 192.0.2.1, 10.0.0.1");
    expect(clientAddress(c, 1)).toBe("10.0.0.1");
    expect(clientAddress(c, 2)).toBe("192.0.2.1");
  });

  it("takes the leftmost entry there is when fewer proxies passed the request on", () => {
    expect(clientAddress(contextOf("10.0.0.1", "192.0.2.1"), 3)).toBe("192.0.2.1");
    expect(clientAddress(contextOf("192.0.2.9"), 1)).toBe("192.0.2.9");
  });

  it("falls back to the proxy nearer us when the chosen entry is not an address", () => {
    expect(clientAddress(contextOf("10.0.0.2", "junk, 10.0.0.1"), 2)).toBe("10.0.0.1");
  });

  it("is 'unknown' for a request with no socket (made in-process)", () => {
    expect(clientAddress(contextOf(undefined), 0)).toBe(UNKNOWN_ADDRESS);
  });
});
