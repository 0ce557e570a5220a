import { describe, expect, it } from "vitest";
import { clientAddressFrom, normalizeAddress } from "@/lib/http/client-address";

const request = (peer: string, forwardedFor?: string) =>
  new Headers({ "x-agora-peer-address": peer, ...(forwardedFor === undefined ? {} : { "x-forwarded-for": forwardedFor }) });

describe("client address", () => {
  it("is the TCP peer with no trusted proxy, whatever X-Forwarded-For says", () => {
    expect(clientAddressFrom(request("192.0.2.7", "203.0.113.1"), 0)).toBe("192.0.2.7");
    expect(clientAddressFrom(request("::ffff:192.0.2.7"), 0)).toBe("192.0.2.7");
    expect(clientAddressFrom(new Headers(), 0)).toBe("unknown");
  });

  it("behind one proxy is the entry that proxy appended (the rightmost), never a client-chosen one on its left", () => {
    expect(clientAddressFrom(request("10.0.0.2", "203.0.113.1, 198.51.100.9"), 1)).toBe("198.51.100.9");
    expect(clientAddressFrom(request("10.0.0.2", "198.51.100.9"), 1)).toBe("198.51.100.9");
  });

  it("behind N proxies is the Nth entry from the right", () => {
    // client forged 203.0.113.1; the outer proxy saw 198.51.100.9; the inner proxy saw the outer one.
    expect(clientAddressFrom(request("10.0.0.3", "203.0.113.1, 198.51.100.9, 10.0.0.2"), 2)).toBe("198.51.100.9");
    // Two X-Forwarded-For headers read as one list.
    const headers = request("10.0.0.3", "203.0.113.1");
    headers.append("x-forwarded-for", "198.51.100.9, 10.0.0.2");
    expect(clientAddressFrom(headers, 2)).toBe("198.51.100.9");
  });

  it("falls back to the leftmost entry when there are fewer than the hops, and to the peer when there are none", () => {
    expect(clientAddressFrom(request("10.0.0.3", "198.51.100.9"), 2)).toBe("198.51.100.9");
    expect(clientAddressFrom(request("10.0.0.3"), 1)).toBe("10.0.0.3");
    expect(clientAddressFrom(request("10.0.0.3", " , "), 1)).toBe("10.0.0.3");
  });

  it("counts an IPv6 client by its /64 and strips ports and brackets", () => {
    expect(normalizeAddress("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(normalizeAddress("2001:db8:1:2:bbbb:cccc:dddd:eeee")).toBe("2001:db8:1:2::/64");
    expect(normalizeAddress("[2001:db8::1]")).toBe("2001:db8:0:0::/64");
    expect(normalizeAddress("::1")).toBe("0:0:0:0::/64");
    expect(normalizeAddress("198.51.100.9:4711")).toBe("198.51.100.9");
    expect(normalizeAddress("Unknown")).toBe("unknown");
  });
});
