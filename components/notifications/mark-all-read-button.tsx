"use client";

import { useRouter } from "next/navigation";
import { ActionError, useActionRun } from "@/components/actions/use-action-run";
import { markNotificationsReadAction } from "@/lib/actions/notification-actions";
import { useSettleRead } from "./unread-query";

/** "Mark all read": the count goes to what the server says is left; server-rendered lists are refreshed. */
export function MarkAllReadButton({ disabled = false, refresh = false }: { disabled?: boolean; refresh?: boolean }) {
  const router = useRouter();
  const settle = useSettleRead();
  const { error, pending, run } = useActionRun();
  const markAll = () =>
    run(
      () => markNotificationsReadAction({ all: true }),
      (left) => {
        settle(left);
        if (refresh) router.refresh();
      },
    );

  return (
    <>
      <button type="button" className="button button--secondary notifications__mark-all" onClick={markAll} disabled={disabled || pending}>
        Mark all read
      </button>
      <ActionError error={error} />
    </>
  );
}
