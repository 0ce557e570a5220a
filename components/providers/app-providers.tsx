"use client";

import { QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { ViewerProvider, type SessionViewer } from "@/components/providers/viewer-context";
import { getQueryClient } from "@/lib/query/query-client";

export interface AppProvidersProps {
  children: ReactNode;
  viewer: SessionViewer | null;
}

export function AppProviders({ children, viewer }: AppProvidersProps) {
  const queryClient = getQueryClient();
  return (
    <ViewerProvider viewer={viewer}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </ViewerProvider>
  );
}
