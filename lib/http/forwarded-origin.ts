import { readTrustedProxyHops } from "@/lib/http/client-address";
import { PEER_PROTO_HEADER } from "@/lib/http/peer-headers";

const HOST_PATTERN = /^[A-Za-z0-9.\-[\]:]+$/;

function firstValue(headers: Headers, name: string): string | undefined {
  return headers.get(name)?.split(",")[0]?.trim() || undefined;
}

/**
 * The origin the client called, for links in answers and pages. X-Forwarded-Host and -Proto are
 * believed only behind a trusted proxy (AGORA_TRUSTED_PROXY_HOPS > 0), which sets them; without
 * one they are client input, and the Host header and the connection's own protocol are used.
 * `fallback` is the origin to answer when the host is no plain host[:port].
 */
export function readForwardedOrigin(headers: Headers, fallback: URL): string {
  const behindProxy = readTrustedProxyHops() > 0;
  const host = (behindProxy ? firstValue(headers, "x-forwarded-host") : undefined) || headers.get("host") || fallback.host;
  const forwardedProto = behindProxy ? firstValue(headers, "x-forwarded-proto") : undefined;
  const peerProto = headers.get(PEER_PROTO_HEADER);
  const proto =
    forwardedProto === "http" || forwardedProto === "https"
      ? forwardedProto
      : peerProto === "https" || peerProto === "http"
        ? peerProto
        : fallback.protocol.replace(":", "");
  return HOST_PATTERN.test(host) ? `${proto}://${host}` : fallback.origin;
}
