"use client";

import { createContext, useContext, useEffect, type ReactNode } from "react";
import { useSplicedReader } from "@/components/providers/reader-splice";
import { READER_PENDING_STYLE_ID, type ReaderState } from "@/lib/views/reader-state";

/** Who is signed in, as the header and the write controls need it. */
export interface SessionViewer {
  id: number;
  name: string;
  image: string;
}

interface ViewerValue {
  viewer: SessionViewer | null;
  /** The reader's spliced state, when the layout was rendered as a kept page's (else null). */
  spliced: ReaderState | null;
}

// The root layout reads the session on the server for every render (and again on
// router.refresh() after signing in or out), so the browser needs no session client of its own.
// A kept page's layout was rendered for nobody (`kept`): who is signed in then comes from the
// state spliced into the page, until a refresh renders the layout for the request again.
const ViewerContext = createContext<ViewerValue>({ viewer: null, spliced: null });

export function ViewerProvider({ viewer, kept, children }: { viewer: SessionViewer | null; kept: boolean; children: ReactNode }) {
  const splice = useSplicedReader();
  const spliced = kept ? splice : null;
  const value = { viewer: kept ? (spliced?.viewer ?? null) : viewer, spliced };
  // The reader's controls show from now on: the guest's invitations may show again where they apply (after signing out).
  useEffect(() => {
    if (splice) document.getElementById(READER_PENDING_STYLE_ID)?.remove();
  }, [splice]);
  return <ViewerContext value={value}>{children}</ViewerContext>;
}

/** The signed-in person, or null for a visitor. */
export function useViewer(): SessionViewer | null {
  return useContext(ViewerContext).viewer;
}

/** A kept page's spliced reader state: null for a guest, while hydrating, and once the layout was rendered for the request. */
export function useSplicedState(): ReaderState | null {
  return useContext(ViewerContext).spliced;
}

/** The bell's count and cursor from a kept page's spliced state. */
export function useSplicedBell(): ReaderState["bell"] | null {
  return useSplicedState()?.bell ?? null;
}
