import { createWalletClient, http, parseEther, type Address, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { anvilChain, compileContracts, deployContracts } from "./test-contracts";

// Tip tests (contract section 19) on anvil: two ERC-20 tip tokens (tests/support/contracts/tip-token.sol;
// the second is left off the group's list) and transfers sent from test users' own keys.

const chain = anvilChain;

export interface TipChain {
  listed: Address;
  unlisted: Address;
  /** Gives the wallet 10 ETH for gas and native tips, and `amount` of the token. */
  fund: (wallet: string, token: Address, amount: bigint) => Promise<void>;
  /** An ERC-20 transfer signed by `key`, mined; `gas` set so a transfer that reverts is still sent. */
  transfer20: (key: Hex, token: Address, to: string, amount: bigint) => Promise<Hex>;
  sendNative: (key: Hex, to: string, value: bigint) => Promise<Hex>;
  mine: (blocks: number) => Promise<void>;
  snapshot: () => Promise<Hex>;
  revert: (id: Hex) => Promise<void>;
}

export async function deployTipTokens(rpcUrl: string): Promise<TipChain> {
  const { addresses, send, reader } = await deployContracts(rpcUrl, "tip-token.sol", ["TipToken"] as const);
  const second = await deployContracts(rpcUrl, "tip-token.sol", ["TipToken"] as const);
  const { abi } = compileContracts("tip-token.sol", ["TipToken"] as const).TipToken;
  const rpc = (method: string, params: unknown[]) => reader.request({ method, params } as never) as Promise<unknown>;
  const walletOf = (key: Hex) => createWalletClient({ account: privateKeyToAccount(key), chain, transport: http(rpcUrl) });
  const mined = async (hash: Hex) => {
    await reader.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    return hash;
  };
  return {
    listed: addresses.TipToken,
    unlisted: second.addresses.TipToken,
    fund: async (wallet, token, amount) => {
      await rpc("anvil_setBalance", [wallet, `0x${parseEther("10").toString(16)}`]);
      if (token === addresses.TipToken) await send("TipToken", "mint", [wallet, amount]);
      else await second.send("TipToken", "mint", [wallet, amount]);
    },
    transfer20: async (key, token, to, amount) =>
      mined(await walletOf(key).writeContract({ address: token, abi, functionName: "transfer", args: [to, amount], gas: 100_000n } as never)),
    sendNative: async (key, to, value) => mined(await walletOf(key).sendTransaction({ to: to as Address, value })),
    mine: async (blocks) => {
      await rpc("anvil_mine", [`0x${blocks.toString(16)}`]);
    },
    snapshot: async () => (await rpc("evm_snapshot", [])) as Hex,
    revert: async (id) => {
      await rpc("evm_revert", [id]);
    },
  };
}
