"use client";

import type { ReactNode } from "react";
import { ViewerProvider, type SessionViewer } from "@/components/providers/viewer-context";

export interface AppProvidersProps {
  children: ReactNode;
  viewer: SessionViewer | null;
}

// No QueryClient here: it is provided only around the islands that use it (QueryProvider).
export function AppProviders({ children, viewer }: AppProvidersProps) {
  return <ViewerProvider viewer={viewer}>{children}</ViewerProvider>;
}
