"use client";

import { useState, useTransition } from "react";
import { NETWORK_ERROR } from "@/lib/actions/action-types";
import { setMuteAction } from "@/lib/actions/feed-actions";
import "./feeds.css";

export interface MuteButtonProps {
  kind: "thread" | "group";
  id: number;
  muted: boolean;
}

/** Mute / Unmute: a muted thread or group leaves your feeds and stops notifying you of new posts. */
export function MuteButton({ kind, id, muted: initial }: MuteButtonProps) {
  const [muted, setMuted] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();

  function toggle() {
    const wanted = !muted;
    setError(null);
    startTransition(async () => {
      const result = await setMuteAction({ kind, id, muted: wanted }).catch(() => null);
      if (result?.ok) return setMuted(result.data);
      setError(result?.error ?? NETWORK_ERROR);
    });
  }

  const what = kind === "thread" ? "this thread" : "this group";
  return (
    <span className="mute-button">
      <button
        type="button"
        className="button button--secondary"
        aria-pressed={muted}
        onClick={toggle}
        disabled={pending}
        title={
          muted ? `Show ${what} in your feeds and notify you of its new posts again` : `Hide ${what} from your feeds and stop notifications of its new posts`
        }
      >
        {muted ? "Unmute" : "Mute"}
      </button>
      {error ? (
        <span className="form-error" role="alert">
          {error}
        </span>
      ) : null}
    </span>
  );
}
