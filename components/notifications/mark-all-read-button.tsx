"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { NETWORK_ERROR } from "@/lib/actions/action-types";
import { markNotificationsReadAction } from "@/lib/actions/notification-actions";
import { useSettleRead } from "./unread-query";

/** "Mark all read": the count goes to what the server says is left; server-rendered lists are refreshed. */
export function MarkAllReadButton({ disabled = false, refresh = false }: { disabled?: boolean; refresh?: boolean }) {
  const router = useRouter();
  const settle = useSettleRead();
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();

  function markAll() {
    setError(null);
    startTransition(async () => {
      const result = await markNotificationsReadAction({ all: true }).catch(() => null);
      if (!result?.ok) return setError(result?.error ?? NETWORK_ERROR);
      settle(result.data);
      if (refresh) router.refresh();
    });
  }

  return (
    <>
      <button type="button" className="button button--secondary notifications__mark-all" onClick={markAll} disabled={disabled || pending}>
        Mark all read
      </button>
      {error ? (
        <span className="form-error" role="alert">
          {error}
        </span>
      ) : null}
    </>
  );
}
