"use client";

import { useState } from "react";
import { ActionError, useActionRun } from "@/components/actions/use-action-run";
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
  const { error, pending, run } = useActionRun();
  const toggle = () => run(() => setMuteAction({ kind, id, muted: !muted }), setMuted);

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
      <ActionError error={error} />
    </span>
  );
}
