"use client";

import type { DraftAutosave } from "./use-draft-autosave";
import type { DraftSnapshot } from "@/lib/views/draft-view";
import "./drafts.css";

const WORDS = { idle: "", saving: "Saving…", saved: "Saved", error: "Not saved: check your connection", conflict: "" } as const;

export interface DraftStatusProps {
  autosave: DraftAutosave;
  /** Puts the other tab's copy in the composer (null: it was posted or deleted there, so clear it). */
  onTakeTheirs: (stored: DraftSnapshot | null) => void;
}

/** "Saved" beside the composer's buttons, and the question a newer save from another tab or device asks. */
export function DraftStatus({ autosave, onTakeTheirs }: DraftStatusProps) {
  const { state, conflict } = autosave;
  return (
    <>
      <p className="draft-status" role="status" data-state={state}>
        {WORDS[state]}
      </p>
      {conflict ? (
        <div className="draft-conflict" role="alertdialog" aria-labelledby="draft-conflict-title" aria-describedby="draft-conflict-text">
          <p id="draft-conflict-title" className="draft-conflict__title">
            This draft changed somewhere else
          </p>
          <p id="draft-conflict-text">
            {conflict.stored
              ? "A newer version was saved from another tab or device. Which one do you want to keep?"
              : "It was posted or deleted from another tab or device. Keep this version as a draft, or let it go?"}
          </p>
          <div className="form-actions">
            <button type="button" className="button button--secondary" onClick={() => onTakeTheirs(autosave.takeTheirs())}>
              {conflict.stored ? "Use the other version" : "Discard this version"}
            </button>
            <button type="button" className="button button--primary" onClick={autosave.keepMine}>
              Keep this version
            </button>
          </div>
        </div>
      ) : null}
    </>
  );
}
