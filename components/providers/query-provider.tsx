"use client";

import { QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { getQueryClient } from "@/lib/query/query-client";

/**
 * The tab's one QueryClient, provided around the interactive islands that use it (write pages'
 * forms, the wallet, and the lazily loaded menus, dialogs, composer and "load more" of reading
 * pages) rather than at the root, so reading pages download no react-query before interaction.
 * Nesting is harmless: every provider hands down the same client.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={getQueryClient()}>{children}</QueryClientProvider>;
}
