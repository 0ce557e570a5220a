import type { Address } from "viem";
import { deployContracts } from "@/tests/support/test-contracts";
import { e2eRpcUrl } from "./e2e-chain";

// The NFT-avatar test contract (tests/support/contracts/avatar-nfts.sol's AvatarNft, an ERC-721
// with tokenURI) on the e2e chain.

/** Deploys the test ERC-721 and mints token 1 to `owner` with `tokenUri`; answers the contract's address. */
export async function deployAvatarNftWithToken(baseURL: string, owner: string, tokenUri: string): Promise<Address> {
  const { addresses, send } = await deployContracts(e2eRpcUrl(baseURL), "avatar-nfts.sol", ["AvatarNft"] as const);
  await send("AvatarNft", "mint", [owner, tokenUri]);
  return addresses.AvatarNft;
}
