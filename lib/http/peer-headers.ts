// Headers written onto every request by lib/http/peer-address.ts, overwriting whatever the client
// sent under these names: the TCP peer's address and whether the connection is TLS.
export const PEER_ADDRESS_HEADER = "x-agora-peer-address";
export const PEER_PROTO_HEADER = "x-agora-peer-proto";
