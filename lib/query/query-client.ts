import { QueryClient } from "@tanstack/react-query";

let browserClient: QueryClient | undefined;

function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // Pages are server-rendered, so data already on screen is fresh for a while.
      queries: { staleTime: 30_000, refetchOnWindowFocus: false, retry: 1 },
      mutations: { retry: 0 },
    },
  });
}

/** One client per browser tab; a fresh one per server render so users never share a cache. */
export function getQueryClient(): QueryClient {
  if (typeof window === "undefined") return createQueryClient();
  browserClient ??= createQueryClient();
  return browserClient;
}
