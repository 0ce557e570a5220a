"use client";

import dynamic from "next/dynamic";
import Link from "next/link";
import { usePathname, useRouter } from "next/navigation";
import { useViewer } from "@/components/providers/viewer-context";
import { useId, useState } from "react";
import type { ComposerProps } from "@/components/editor/composer";
import { createReplyAction } from "@/lib/actions/post-actions";
import { useFileAttachmentsAllowed } from "./file-attachments-allowed";
import "../forms/forms.css";
import "./editor.css";

// The composer (and the editor behind it) loads the first time someone opens Reply.
const Composer = dynamic(() => import("@/components/editor/composer").then((module) => module.Composer), {
  ssr: false,
  loading: () => (
    <div className="editor-loading" role="status">
      Loading the editor…
    </div>
  ),
}) as <T>(props: ComposerProps<T>) => React.ReactNode;

export interface ReplyButtonProps {
  threadId: number;
  parentId: number | null;
  groupName: string;
}

/** "Reply" under a post: opens an inline composer; the editor itself loads only then. */
export function ReplyButton({ threadId, parentId, groupName }: ReplyButtonProps) {
  const viewer = useViewer();
  const pathname = usePathname();
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const composerId = useId();
  const allowFiles = useFileAttachmentsAllowed();

  if (!viewer) {
    return (
      <Link className="reply-signin" href={`/signin?next=${encodeURIComponent(pathname ?? `/g/${groupName}`)}`} data-guest-only="">
        Sign in to reply
      </Link>
    );
  }

  return (
    <div className="reply" data-open={open ? "true" : undefined}>
      <button
        type="button"
        className="button form-button-quiet reply-toggle"
        aria-expanded={open}
        aria-controls={composerId}
        onClick={() => setOpen((value) => !value)}
      >
        Reply
      </button>
      {open ? (
        <div id={composerId} className="reply-composer">
          <Composer
            label={parentId ? "Your reply to this post" : "Your reply"}
            submitLabel="Post reply"
            autoFocus
            uploadGroupName={groupName}
            allowFiles={allowFiles}
            onCancel={() => setOpen(false)}
            onSubmit={(content, fileAttachments) => createReplyAction({ threadId, parentId, content, fileAttachments })}
            onSuccess={() => {
              setOpen(false);
              router.refresh();
            }}
          />
        </div>
      ) : null}
    </div>
  );
}
