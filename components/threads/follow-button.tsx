"use client";

import { useState } from "react";
import { ActionError, useActionRun } from "@/components/actions/use-action-run";
import { setThreadFollowAction } from "@/lib/actions/notification-actions";

/** Follow / Unfollow: new posts in a followed thread notify you. The server's answer settles the state. */
export function FollowButton({ threadId, subscribed }: { threadId: number; subscribed: boolean }) {
  const [following, setFollowing] = useState(subscribed);
  const { error, pending, run } = useActionRun();
  const toggle = () => run(() => setThreadFollowAction({ threadId, subscribed: !following }), setFollowing);

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
      <ActionError error={error} />
    </div>
  );
}
