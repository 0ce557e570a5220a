"use client";

import dynamic from "next/dynamic";
import { useState } from "react";

const RevisionDialog = dynamic(() => import("./revision-dialog").then((module) => module.RevisionDialog), { ssr: false });

/** "edited" beside a post's time; opens the edit history (loaded only then). */
export function EditedMark({ postId }: { postId: number }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="post__edited" onClick={() => setOpen(true)} title="Show the edit history">
        edited
      </button>
      {open ? <RevisionDialog postId={postId} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
