"use client";

import { useEffect, useRef, useState } from "react";
import { loadDraftAction } from "@/lib/actions/draft-actions";
import type { DraftSnapshot } from "@/lib/views/draft-view";
import { DraftSaver, type DraftFieldsReader, type DraftPlace, type DraftSaverView } from "./draft-saver";

export type { DraftPlace } from "./draft-saver";

/** The draft stored under `key` when the composer opens: undefined while loading, null when there is none. */
export function useStoredDraft(key: string | undefined): DraftSnapshot | null | undefined {
  const [stored, setStored] = useState<{ key: string; draft: DraftSnapshot | null } | null>(null);
  useEffect(() => {
    if (!key) return;
    let live = true;
    loadDraftAction({ draftKey: key })
      .then((result) => live && setStored({ key, draft: result.ok ? result.data : null }))
      .catch(() => live && setStored({ key, draft: null }));
    return () => {
      live = false;
    };
  }, [key]);
  if (!key) return null;
  return stored?.key === key ? stored.draft : undefined;
}

export interface DraftAutosave extends DraftSaverView {
  changed(): void;
  settle(): Promise<void>;
  resume(): void;
  keepMine(): void;
  takeTheirs(): DraftSnapshot | null;
}

const NO_DRAFT: DraftAutosave = {
  state: "idle",
  conflict: null,
  changed: () => {},
  settle: async () => {},
  resume: () => {},
  keepMine: () => {},
  takeTheirs: () => null,
};

/**
 * A composer's draft saving (DraftSaver): at most every 2 s while it changes, and at once when the
 * page is hidden, left or the composer closes. Without a place, nothing is saved.
 */
export function useDraftAutosave(place: DraftPlace | undefined, startSequence: number, read: DraftFieldsReader): DraftAutosave {
  const readRef = useRef(read);
  useEffect(() => {
    readRef.current = read;
  });
  const [view, setView] = useState<DraftSaverView>({ state: "idle", conflict: null });
  const [saver] = useState(() => (place ? new DraftSaver(place, startSequence, readRef, setView) : null));

  useEffect(() => {
    if (!saver) return;
    const onHide = () => {
      if (document.visibilityState === "hidden") void saver.flush();
    };
    const onLeave = () => void saver.flush();
    document.addEventListener("visibilitychange", onHide);
    window.addEventListener("pagehide", onLeave);
    return () => {
      document.removeEventListener("visibilitychange", onHide);
      window.removeEventListener("pagehide", onLeave);
      void saver.flush();
    };
  }, [saver]);

  if (!saver) return NO_DRAFT;
  return {
    ...view,
    changed: () => saver.changed(),
    settle: () => saver.settle(),
    resume: () => saver.resume(),
    keepMine: () => saver.keepMine(),
    takeTheirs: () => saver.takeTheirs(),
  };
}
