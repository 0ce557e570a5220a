"use client";

import dynamic from "next/dynamic";
import { useState } from "react";
import { useViewer } from "@/components/providers/viewer-context";
import { useTipTokens } from "@/components/tips/tip-tokens-context";
import "./tips.css";

// Under a post: its tips ("3 tips", listed on demand) and the Tip button. The panel that sends a
// transfer (wagmi, viem) and the list load the first time someone opens them, as polls do.
const TipPanel = dynamic(() => import("./tip-panel").then((module) => module.TipPanel), { ssr: false });
const TipList = dynamic(() => import("./tip-list").then((module) => module.TipList), { ssr: false });

const tipsLabel = (count: number) => `${count} ${count === 1 ? "tip" : "tips"}`;

export function PostTips({ postId, authorId, tipCount, deleted }: { postId: number; authorId: number; tipCount: number; deleted: boolean }) {
  const viewer = useViewer();
  const tokens = useTipTokens();
  const [open, setOpen] = useState<"tip" | "list" | null>(null);
  // Tips sent from this page add to the count the page was rendered with (which a live update may move).
  const [added, setAdded] = useState(0);
  const count = tipCount + added;
  if (tokens.length === 0) return null;
  const canTip = viewer !== null && viewer.id !== authorId && !deleted;
  const toggle = (panel: "tip" | "list") => setOpen((current) => (current === panel ? null : panel));
  return (
    <>
      {count > 0 ? (
        <button type="button" className="post__control-button post__tips" aria-expanded={open === "list"} onClick={() => toggle("list")}>
          {tipsLabel(count)}
        </button>
      ) : null}
      {canTip ? (
        <button type="button" className="post__control-button post__tip-button" aria-expanded={open === "tip"} onClick={() => toggle("tip")}>
          Tip
        </button>
      ) : null}
      {open === "tip" ? <TipPanel postId={postId} tokens={tokens} onTipped={() => setAdded((value) => value + 1)} /> : null}
      {open === "list" ? <TipList postId={postId} /> : null}
    </>
  );
}
