"use client";

import { useEffect, useState } from "react";
import { formatUnits } from "viem";
import { unwrapAction } from "@/lib/actions/action-types";
import { listPostTipsAction } from "@/lib/actions/tip-actions";
import type { PostTipView } from "@/lib/views/tip-view";
import { useTipTokens } from "@/components/tips/tip-tokens-context";

/** The tips under a post, newest first (the first 20). */
export function TipList({ postId }: { postId: number }) {
  const tokens = useTipTokens();
  const [state, setState] = useState<{ tips: PostTipView[]; count: number } | { error: string } | null>(null);
  useEffect(() => {
    let live = true;
    unwrapAction(() => listPostTipsAction({ postId, page: 1 })).then(
      (data) => live && setState(data),
      (error: Error) => live && setState({ error: error.message }),
    );
    return () => {
      live = false;
    };
  }, [postId]);
  if (state === null) return <p className="post-tips__note">Loading tips…</p>;
  if ("error" in state)
    return (
      <p className="post-tips__note" role="alert">
        {state.error}
      </p>
    );
  // Shown in the token's units when the group still lists it, else in base units.
  const display = (tip: PostTipView) => {
    const token = tokens.find((candidate) => candidate.chainId === tip.chainId && candidate.symbol === tip.symbol);
    return token ? formatUnits(BigInt(tip.amount), token.decimals) : tip.amount;
  };
  return (
    <ul className="post-tips" aria-label="Tips">
      {state.tips.map((tip) => (
        <li key={tip.id} className="post-tips__item">
          <strong>{tip.username}</strong> tipped {display(tip)} {tip.symbol}
        </li>
      ))}
    </ul>
  );
}
