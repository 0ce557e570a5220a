import { isIPv4, isIPv6 } from "node:net";
import { getEnv } from "@/lib/env";
import { PEER_ADDRESS_HEADER } from "@/lib/http/peer-headers";

/** AGORA_TRUSTED_PROXY_HOPS, or 1 for the deprecated AGORA_TRUST_PROXY=1. */
export function readTrustedProxyHops(): number {
  const env = getEnv();
  return env.AGORA_TRUSTED_PROXY_HOPS ?? (env.AGORA_TRUST_PROXY === "1" ? 1 : 0);
}

/** The client's address as rate limits count it, under this server's proxy setting. */
export function readClientAddress(headers: Headers): string {
  return clientAddressFrom(headers, readTrustedProxyHops());
}

/**
 * The address a request came from, as rate limits count it.
 *
 * With no trusted proxy (hops 0) it is the TCP peer's address, which the client cannot choose
 * (lib/http/peer-address.ts writes it onto the request). Behind N trusted proxies, each of them
 * appends the address it received the request from to X-Forwarded-For, so the Nth entry from the
 * right is the one the outermost trusted proxy wrote: the client's real address. Entries further
 * left are whatever the client sent and are never used.
 */
export function clientAddressFrom(headers: Headers, trustedHops: number): string {
  const peer = normalizeAddress(headers.get(PEER_ADDRESS_HEADER) ?? "") || "unknown";
  if (trustedHops <= 0) return peer;
  const entries = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) return peer;
  // Fewer entries than hops: the request skipped a proxy; the leftmost was still written by one.
  return normalizeAddress(entries[Math.max(0, entries.length - trustedHops)]!) || peer;
}

/**
 * One budget per host: IPv4-mapped IPv6 becomes plain IPv4, and an IPv6 address counts by its
 * /64 (one host usually holds a whole /64, so single addresses would be free fresh budgets).
 * Anything that is no address (a proxy writing "unknown" or a port) is kept as written.
 */
export function normalizeAddress(raw: string): string {
  let address = raw.trim();
  if (address.startsWith("[")) address = address.slice(1, address.indexOf("]") > 0 ? address.indexOf("]") : undefined);
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (isIPv4(address)) return address;
  if (isIPv6(address)) return `${expandIPv6(address).slice(0, 4).join(":")}::/64`;
  // "1.2.3.4:5678" from a proxy that appends ports.
  const withPort = /^(\d+\.\d+\.\d+\.\d+):\d+$/.exec(address);
  return withPort ? withPort[1]! : address.toLowerCase();
}

function expandIPv6(address: string): string[] {
  const withoutZone = address.split("%")[0]!;
  const [head, tail] = withoutZone.includes("::") ? withoutZone.split("::") : [withoutZone, undefined];
  const headGroups = head ? head.split(":") : [];
  const tailGroups = tail ? tail.split(":") : [];
  const missing = tail === undefined ? 0 : 8 - headGroups.length - tailGroups.length;
  return [...headGroups, ...Array<string>(missing).fill("0"), ...tailGroups].map((group) => Number.parseInt(group || "0", 16).toString(16));
}
