import { sendTransaction } from "wagmi/actions";
import { encodeFunctionData, erc20Abi, parseUnits, type Hex } from "viem";
import { connectedAddress } from "@/components/wallet/connected-address";
import type { TipTokenView } from "@/lib/views/tip-view";
import { wagmiConfig } from "@/lib/wallet/wagmi-config";

// A tip's transfer (contract section 19), sent by the connected browser wallet through wagmi: an
// ERC-20 transfer call or a native send to the author's wallet. Loaded only when someone tips.

/** The amount typed in the token's units ("1.5") as base units; an error in words when it is not a positive amount. */
export function toBaseUnits(amount: string, token: TipTokenView): bigint {
  const text = amount.trim();
  if (!/^\d+(\.\d+)?$/.test(text)) throw new Error("Enter an amount such as 1 or 0.5");
  const units = parseUnits(text, token.decimals);
  if (units <= 0n) throw new Error("Enter an amount above 0");
  return units;
}

/** Sends the transfer; answers its transaction hash once the wallet has sent it. */
export async function sendTip(token: TipTokenView, recipient: string, units: bigint): Promise<Hex> {
  const account = await connectedAddress("tip");
  const to = recipient as Hex;
  if (token.type === "native") return sendTransaction(wagmiConfig, { account, to, value: units });
  const data = encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [to, units] });
  return sendTransaction(wagmiConfig, { account, to: token.contractAddress as Hex, data });
}
