// Headers written onto every request by lib/http/peer-address.ts, overwriting whatever the client
// sent under these names: the TCP peer's address and whether the connection is TLS.
export const PEER_ADDRESS_HEADER = "x-agora-peer-address";
export const PEER_PROTO_HEADER = "x-agora-peer-proto";
// Set when the request is one of the App Router's own (an RSC payload: navigation, prefetch,
// refresh). Next strips those request headers and the _rsc parameter before proxy.ts runs, and
// the guest page cache (lib/http/guest-page-cache.ts) must leave such requests alone.
export const FLIGHT_REQUEST_HEADER = "x-agora-flight";
