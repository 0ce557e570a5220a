import { connect, getConnection, getConnectors, reconnect } from "wagmi/actions";
import type { Hex } from "viem";
import { wagmiConfig } from "@/lib/wallet/wagmi-config";

/** The browser wallet's connected address, connecting it (through wagmi) when it is not yet; `purpose` ends the no-wallet message. */
export async function connectedAddress(purpose: string): Promise<Hex> {
  let connection = getConnection(wagmiConfig);
  if (connection.status !== "connected") {
    await reconnect(wagmiConfig);
    connection = getConnection(wagmiConfig);
  }
  if (connection.status !== "connected" || !connection.address) {
    const connector = getConnectors(wagmiConfig)[0];
    if (!connector || typeof window === "undefined" || !("ethereum" in window)) throw new Error(`No wallet found in this browser: install one to ${purpose}.`);
    const connected = await connect(wagmiConfig, { connector });
    return connected.accounts[0];
  }
  return connection.address;
}
