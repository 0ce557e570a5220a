"use client";

import { useState, useTransition } from "react";
import { NETWORK_ERROR } from "@/lib/actions/action-types";
import { setThreadFollowAction } from "@/lib/actions/notification-actions";

/** Follow / Unfollow: new posts in a followed thread notify you. The server's answer settles the state. */
export function FollowButton({ threadId, subscribed }: { threadId: number; subscribed: boolean }) {
  const [following, setFollowing] = useState(subscribed);
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();

  function toggle() {
    const wanted = !following;
    setError(null);
    startTransition(async () => {
      const result = await setThreadFollowAction({ threadId, subscribed: wanted }).catch(() => null);
      if (result?.ok) return setFollowing(result.data);
      setError(result?.error ?? NETWORK_ERROR);
    });
  }

  return (
    <div className="follow-button">
      <button
        type="button"
        className={following ? "button button--secondary" : "button button--primary"}
        aria-pressed={following}
        onClick={toggle}
        disabled={pending}
        title={following ? "Stop getting notified of new posts here" : "Get notified of new posts in this thread"}
      >
        {following ? "Unfollow" : "Follow"}
      </button>
      {error ? (
        <span className="form-error" role="alert">
          {error}
        </span>
      ) : null}
    </div>
  );
}
