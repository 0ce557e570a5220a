import "server-only";
import { subscribe } from "node:diagnostics_channel";
import type { IncomingMessage } from "node:http";
import type { TLSSocket } from "node:tls";
import { isPageRenderRequest, PAGE_RENDER_HEADER } from "@/lib/http/page-render-token";
import { FLIGHT_REQUEST_HEADER, PEER_ADDRESS_HEADER, PEER_PROTO_HEADER } from "@/lib/http/peer-headers";

let installed = false;

// The App Router's own requests, as Next tells them apart (RSC_HEADER, the prefetch headers, _rsc).
function isFlightRequest(request: IncomingMessage): boolean {
  const headers = request.headers;
  return (
    headers.rsc !== undefined ||
    headers["next-router-prefetch"] !== undefined ||
    headers["next-router-state-tree"] !== undefined ||
    /[?&]_rsc=/.test(request.url ?? "")
  );
}

/**
 * Next's route handlers, pages and proxy never see the socket, only headers. Node announces each
 * request on the `http.server.request.start` channel before any handler runs; the peer's address
 * and protocol are written onto its headers there, so everything downstream can read them, and a
 * client sending these headers itself has them overwritten. The guest page cache's own render
 * request (lib/http/page-render-token.ts) carries the original client's, which stay.
 */
export function installPeerAddressHeaders(): void {
  if (installed) return;
  installed = true;
  subscribe("http.server.request.start", (message) => {
    const request = (message as { request?: IncomingMessage }).request;
    if (!request || isPageRenderRequest(request.headers[PAGE_RENDER_HEADER])) return;
    const socket = request.socket;
    request.headers[PEER_ADDRESS_HEADER] = socket?.remoteAddress ?? "";
    request.headers[PEER_PROTO_HEADER] = (socket as TLSSocket | undefined)?.encrypted ? "https" : "http";
    if (isFlightRequest(request)) request.headers[FLIGHT_REQUEST_HEADER] = "1";
    else delete request.headers[FLIGHT_REQUEST_HEADER];
  });
}
