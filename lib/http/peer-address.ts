import "server-only";
import { subscribe } from "node:diagnostics_channel";
import type { IncomingMessage } from "node:http";
import type { TLSSocket } from "node:tls";
import { PEER_ADDRESS_HEADER, PEER_PROTO_HEADER } from "@/lib/http/peer-headers";

let installed = false;

/**
 * Next's route handlers, pages and proxy never see the socket, only headers. Node announces each
 * request on the `http.server.request.start` channel before any handler runs; the peer's address
 * and protocol are written onto its headers there, so everything downstream can read them, and a
 * client sending these headers itself has them overwritten.
 */
export function installPeerAddressHeaders(): void {
  if (installed) return;
  installed = true;
  subscribe("http.server.request.start", (message) => {
    const request = (message as { request?: IncomingMessage }).request;
    if (!request) return;
    const socket = request.socket;
    request.headers[PEER_ADDRESS_HEADER] = socket?.remoteAddress ?? "";
    request.headers[PEER_PROTO_HEADER] = (socket as TLSSocket | undefined)?.encrypted ? "https" : "http";
  });
}
