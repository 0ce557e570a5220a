"use client";

import type { ReactNode } from "react";
import { WagmiProvider } from "wagmi";
import { QueryProvider } from "@/components/providers/query-provider";
import { wagmiConfig } from "@/lib/wallet/wagmi-config";

/**
 * Wallet connection lives only where someone signs in, so wagmi and viem stay off reading pages.
 * wagmi reads the chain through TanStack Query, hence the query client under it.
 */
export function WalletProvider({ children }: { children: ReactNode }) {
  return (
    <WagmiProvider config={wagmiConfig}>
      <QueryProvider>{children}</QueryProvider>
    </WagmiProvider>
  );
}
