"use client";

import { useRouter } from "next/navigation";
import { ActionError, useActionRun } from "@/components/actions/use-action-run";
import { dismissFeedAction } from "@/lib/actions/feed-actions";
import "./feeds.css";

/** Dismiss: every thread of the New (or Unread) tab counts as read; the tab then shows what is left. */
export function DismissButton({ filter }: { filter: "new" | "unread" }) {
  const router = useRouter();
  const { error, pending, run } = useActionRun();
  const dismiss = () =>
    run(
      () => dismissFeedAction({ filter }),
      () => router.refresh(),
    );

  return (
    <span className="feed-dismiss">
      <button type="button" className="button button--secondary" onClick={dismiss} disabled={pending}>
        {pending ? "Dismissing…" : "Dismiss"}
      </button>
      <ActionError error={error} />
    </span>
  );
}
