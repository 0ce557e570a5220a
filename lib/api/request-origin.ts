import "server-only";
import { readForwardedOrigin } from "@/lib/http/forwarded-origin";

/**
 * The origin the client called, for links in responses. Next.js rebuilds `request.url` with its
 * own idea of the host name, so the Host header (or a trusted proxy's X-Forwarded-* headers) is used.
 */
export function readRequestOrigin(request: Request): string {
  return readForwardedOrigin(request.headers, new URL(request.url));
}
