import type { TipToken } from "@/lib/schemas/tip-schemas";

// Tips on the web (contract section 19): the tokens a group takes tips in, for the Tip button and
// the settings section. Safe on the client (types and a pure mapping only).

export interface TipTokenView {
  chainId: number;
  type: "erc20" | "native";
  /** "" for a native token. */
  contractAddress: string;
  symbol: string;
  decimals: number;
}

export function toTipTokenView(token: TipToken): TipTokenView {
  return { chainId: token.chain_id, type: token.type, contractAddress: token.contract_address, symbol: token.symbol, decimals: token.decimals };
}

/** A tip as the list under a post shows it. */
export interface PostTipView {
  id: number;
  username: string;
  symbol: string;
  amount: string;
  chainId: number;
  txHash: string;
}
