"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { unwrapAction } from "@/lib/actions/action-types";
import { setUserIgnoredAction } from "@/lib/actions/preference-actions";

/** Ignore / Unignore on a profile (contract section 17); the person is never told. */
export function IgnoreButton({ userId, ignoring }: { userId: number; ignoring: boolean }) {
  const router = useRouter();
  const [state, setState] = useState(ignoring);
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const toggle = () =>
    startTransition(async () => {
      setError(null);
      try {
        const answer = await unwrapAction(() => setUserIgnoredAction({ userId, ignored: !state }));
        setState(answer.ignored);
        router.refresh();
      } catch (failure) {
        setError((failure as Error).message);
      }
    });
  return (
    <div className="profile-header__actions">
      <button type="button" className="button button--secondary" aria-pressed={state} disabled={pending} onClick={toggle}>
        {state ? "Unignore" : "Ignore"}
      </button>
      <p className="profile-header__note" aria-live="polite">
        {error ?? (state ? "You ignore this person: no notifications from them, their posts folded." : "")}
      </p>
    </div>
  );
}
