import "server-only";

/**
 * The origin the client called, for links in responses. Next.js rebuilds `request.url` with its
 * own idea of the host name, so the Host header (or a proxy's X-Forwarded-* headers) is used.
 */
export function readRequestOrigin(request: Request): string {
  const url = new URL(request.url);
  const host = request.headers.get("x-forwarded-host")?.split(",")[0]?.trim() || request.headers.get("host") || url.host;
  const forwardedProto = request.headers.get("x-forwarded-proto")?.split(",")[0]?.trim();
  const proto = forwardedProto === "http" || forwardedProto === "https" ? forwardedProto : url.protocol.replace(":", "");
  // A Host header is client input: keep only what a host[:port] can contain.
  return /^[A-Za-z0-9.\-[\]:]+$/.test(host) ? `${proto}://${host}` : url.origin;
}
