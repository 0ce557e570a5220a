"use client";

import dynamic from "next/dynamic";
import { useState } from "react";
import type { ThreadToolsPanelProps } from "./thread-tools-panel";

// The tools and their dialogs load when someone opens them, not with the thread page.
const ThreadToolsPanel = dynamic(() => import("./thread-tools-panel").then((module) => module.ThreadToolsPanel), { ssr: false });

/** "Thread tools" for the thread's author and the group's moderators. */
export function ThreadTools(props: Omit<ThreadToolsPanelProps, "onClose">) {
  const [open, setOpen] = useState(false);
  return (
    <div className="thread-tools">
      <button type="button" className="button button--secondary thread-tools__toggle" aria-expanded={open} onClick={() => setOpen((value) => !value)}>
        Thread tools
      </button>
      {open ? <ThreadToolsPanel {...props} onClose={() => setOpen(false)} /> : null}
    </div>
  );
}
