import "server-only";
import { headers } from "next/headers";

/**
 * The origin this page was requested on, so canonical and Open Graph URLs are absolute without
 * a configured site URL. The Host header is client input: only a plain host[:port] is trusted.
 */
export async function readPageOrigin(): Promise<URL> {
  const list = await headers();
  const host = list.get("x-forwarded-host")?.split(",")[0]?.trim() || list.get("host") || "localhost";
  const proto = list.get("x-forwarded-proto")?.split(",")[0]?.trim() === "https" ? "https" : "http";
  return new URL(/^[A-Za-z0-9.\-[\]:]+$/.test(host) ? `${proto}://${host}` : "http://localhost");
}
