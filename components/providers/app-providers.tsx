"use client";

import type { ReactNode } from "react";
import { ViewerProvider, type SessionViewer } from "@/components/providers/viewer-context";

export interface AppProvidersProps {
  children: ReactNode;
  viewer: SessionViewer | null;
  /** The layout was rendered as a kept page's, for nobody: the reader comes from the page's spliced state. */
  kept: boolean;
}

// No QueryClient here: it is provided only around the islands that use it (QueryProvider).
export function AppProviders({ children, viewer, kept }: AppProvidersProps) {
  return (
    <ViewerProvider viewer={viewer} kept={kept}>
      {children}
    </ViewerProvider>
  );
}
