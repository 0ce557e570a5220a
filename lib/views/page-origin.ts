import "server-only";
import { headers } from "next/headers";
import { readForwardedOrigin } from "@/lib/http/forwarded-origin";

/**
 * The origin this page was requested on, so canonical and Open Graph URLs are absolute without
 * a configured site URL. The Host header is client input: only a plain host[:port] is trusted.
 */
export async function readPageOrigin(): Promise<URL> {
  return new URL(readForwardedOrigin(await headers(), new URL("http://localhost")));
}
