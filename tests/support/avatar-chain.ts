import type { Address } from "viem";
import { deployContracts } from "./test-contracts";

// tests/support/contracts/avatar-nfts.sol's ERC-721 and ERC-1155 on anvil, for NFT avatars.

export interface AvatarChain {
  erc721: Address;
  erc1155: Address;
  /** Mints the next ERC-721 (ids count from 1 per deployment) with its tokenURI. */
  mint721: (to: string, uri: string) => Promise<bigint>;
  move721: (id: bigint, to: string) => Promise<void>;
  /** The ERC-1155's uri for every id (with ERC-1155's {id} placeholder if wanted). */
  setUri1155: (uri: string) => Promise<void>;
  mint1155: (to: string, id: bigint, amount: bigint) => Promise<void>;
  move1155: (from: string, to: string, id: bigint, amount: bigint) => Promise<void>;
}

export async function deployAvatarNfts(rpcUrl: string): Promise<AvatarChain> {
  const { addresses, send, read } = await deployContracts(rpcUrl, "avatar-nfts.sol", ["AvatarNft", "AvatarMulti"] as const);
  return {
    erc721: addresses.AvatarNft,
    erc1155: addresses.AvatarMulti,
    mint721: async (to, uri) => {
      await send("AvatarNft", "mint", [to, uri]);
      return (await read("AvatarNft", "minted")) as bigint;
    },
    move721: (id, to) => send("AvatarNft", "move", [id, to]),
    setUri1155: (uri) => send("AvatarMulti", "setUri", [uri]),
    mint1155: (to, id, amount) => send("AvatarMulti", "mint", [to, id, amount]),
    move1155: (from, to, id, amount) => send("AvatarMulti", "move", [from, to, id, amount]),
  };
}
