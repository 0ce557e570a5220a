"use client";

import { createContext, useContext, type ReactNode } from "react";

/** Who is signed in, as the header and the write controls need it. */
export interface SessionViewer {
  id: number;
  name: string;
  image: string;
}

// The root layout reads the session on the server for every render (and again on
// router.refresh() after signing in or out), so the browser needs no session client of its own.
const ViewerContext = createContext<SessionViewer | null>(null);

export function ViewerProvider({ viewer, children }: { viewer: SessionViewer | null; children: ReactNode }) {
  return <ViewerContext value={viewer}>{children}</ViewerContext>;
}

/** The signed-in person, or null for a visitor. */
export function useViewer(): SessionViewer | null {
  return useContext(ViewerContext);
}
