import "server-only";
import { parseAbi, type Address } from "viem";
import { clientFor } from "@/lib/services/chain-balances";

// Who holds an NFT (contract section 19's avatars), read with viem on the chains of AGORA_RPC_URLS:
// ERC-721 by ownerOf, ERC-1155 by balanceOf. Which standard a contract follows is asked through
// ERC-165, and for contracts that do not answer it, by trying ownerOf and then balanceOf.

export type NftStandard = "erc721" | "erc1155";

export interface NftToken {
  chainId: number;
  /** Lower-case 0x address. */
  contract: string;
  /** Decimal string (uint256). */
  tokenId: string;
}

const erc165Abi = parseAbi(["function supportsInterface(bytes4 interfaceId) view returns (bool)"]);
const erc721Abi = parseAbi(["function ownerOf(uint256 tokenId) view returns (address)", "function tokenURI(uint256 tokenId) view returns (string)"]);
const erc1155Abi = parseAbi(["function balanceOf(address account, uint256 id) view returns (uint256)", "function uri(uint256 id) view returns (string)"]);
const INTERFACE_IDS = { erc721: "0x80ac58cd", erc1155: "0xd9b67a26" } as const;

const REFUSALS = new Set(["ContractFunctionRevertedError", "ContractFunctionZeroDataError"]);

/**
 * A call the contract refused (a revert, or no code at the address), as opposed to a chain that
 * did not answer. Told by the errors' names: a bundle may hold more than one copy of viem's classes.
 */
function isRefusedCall(error: unknown): boolean {
  for (let cause = error, depth = 0; cause && depth < 10; depth++) {
    if (REFUSALS.has((cause as { name?: string }).name ?? "")) return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}

async function readOrRefused<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (error) {
    if (isRefusedCall(error)) return null;
    throw error;
  }
}

/** The token's standard, or null when the contract answers as neither. Throws when the chain does not answer. */
export async function detectNftStandard(token: NftToken): Promise<NftStandard | null> {
  const client = clientFor(token.chainId);
  const address = token.contract as Address;
  const supports = (id: `0x${string}`) => readOrRefused(client.readContract({ address, abi: erc165Abi, functionName: "supportsInterface", args: [id] }));
  const [is721, is1155] = await Promise.all([supports(INTERFACE_IDS.erc721), supports(INTERFACE_IDS.erc1155)]);
  if (is721) return "erc721";
  if (is1155) return "erc1155";
  const id = BigInt(token.tokenId);
  if ((await readOrRefused(client.readContract({ address, abi: erc721Abi, functionName: "ownerOf", args: [id] }))) !== null) return "erc721";
  const probe = client.readContract({ address, abi: erc1155Abi, functionName: "balanceOf", args: [address, id] });
  return (await readOrRefused(probe)) !== null ? "erc1155" : null;
}

/** Whether one of `wallets` (lower-case addresses) holds the token now. Throws when the chain does not answer. */
export async function holdsNft(token: NftToken, standard: NftStandard, wallets: readonly string[]): Promise<boolean> {
  if (wallets.length === 0) return false;
  const client = clientFor(token.chainId);
  const address = token.contract as Address;
  const id = BigInt(token.tokenId);
  if (standard === "erc721") {
    const owner = await readOrRefused(client.readContract({ address, abi: erc721Abi, functionName: "ownerOf", args: [id] }));
    return owner !== null && wallets.includes(owner.toLowerCase());
  }
  const balances = await Promise.all(
    wallets.map((wallet) => readOrRefused(client.readContract({ address, abi: erc1155Abi, functionName: "balanceOf", args: [wallet as Address, id] }))),
  );
  return balances.some((balance) => balance !== null && balance > 0n);
}

/** The token's metadata address (tokenURI, or uri with ERC-1155's {id} filled in), or null when the contract has none. */
export async function readNftMetadataUri(token: NftToken, standard: NftStandard): Promise<string | null> {
  const client = clientFor(token.chainId);
  const address = token.contract as Address;
  const id = BigInt(token.tokenId);
  if (standard === "erc721") return readOrRefused(client.readContract({ address, abi: erc721Abi, functionName: "tokenURI", args: [id] }));
  const uri = await readOrRefused(client.readContract({ address, abi: erc1155Abi, functionName: "uri", args: [id] }));
  return uri === null ? null : uri.replaceAll("{id}", id.toString(16).padStart(64, "0"));
}
