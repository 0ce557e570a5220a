"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { unwrapAction } from "@/lib/actions/action-types";
import type { ActionResult } from "@/lib/actions/action-types";

/** An /admin write: runs the action, then re-renders the page from the server. */
export function useAdminAction<I, R>(action: (input: I) => Promise<ActionResult<R>>) {
  const router = useRouter();
  return useMutation({ mutationFn: (input: I) => unwrapAction(() => action(input)), onSuccess: () => router.refresh() });
}
