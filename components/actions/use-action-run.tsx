"use client";

import { useState, useTransition } from "react";
import { NETWORK_ERROR, type ActionResult } from "@/lib/actions/action-types";

/**
 * One button's server action: runs it in a transition (the button shows `pending`), hands the
 * data to `onOk`, and keeps the refusal's words (or the network's) for <ActionError>.
 */
export function useActionRun() {
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();

  function run<T>(call: () => Promise<ActionResult<T>>, onOk: (data: T) => void) {
    setError(null);
    startTransition(async () => {
      const result = await call().catch(() => null);
      if (result?.ok) return onOk(result.data);
      setError(result?.error ?? NETWORK_ERROR);
    });
  }

  return { error, pending, run };
}

/** The refusal beside the button, announced as soon as it appears. */
export function ActionError({ error }: { error: string | null }) {
  if (!error) return null;
  return (
    <span className="form-error" role="alert">
      {error}
    </span>
  );
}
