"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { NETWORK_ERROR } from "@/lib/actions/action-types";
import { dismissFeedAction } from "@/lib/actions/feed-actions";
import "./feeds.css";

/** Dismiss: every thread of the New (or Unread) tab counts as read; the tab then shows what is left. */
export function DismissButton({ filter }: { filter: "new" | "unread" }) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();

  function dismiss() {
    setError(null);
    startTransition(async () => {
      const result = await dismissFeedAction({ filter }).catch(() => null);
      if (result?.ok) return router.refresh();
      setError(result?.error ?? NETWORK_ERROR);
    });
  }

  return (
    <span className="feed-dismiss">
      <button type="button" className="button button--secondary" onClick={dismiss} disabled={pending}>
        {pending ? "Dismissing…" : "Dismiss"}
      </button>
      {error ? (
        <span className="form-error" role="alert">
          {error}
        </span>
      ) : null}
    </span>
  );
}
