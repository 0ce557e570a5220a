"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { useActionRun } from "@/components/actions/use-action-run";
import { setUserIgnoredAction } from "@/lib/actions/preference-actions";

/** Ignore / Unignore on a profile (contract section 17); the person is never told. */
export function IgnoreButton({ userId, ignoring }: { userId: number; ignoring: boolean }) {
  const router = useRouter();
  const [state, setState] = useState(ignoring);
  const { error, pending, run } = useActionRun();
  const toggle = () =>
    run(
      () => setUserIgnoredAction({ userId, ignored: !state }),
      (answer) => {
        setState(answer.ignored);
        router.refresh();
      },
    );
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
