"use client";

import dynamic from "next/dynamic";
import Link from "next/link";
import { usePathname, useRouter } from "next/navigation";
import { useViewer } from "@/components/providers/viewer-context";
import { useCallback, useId, useState, useSyncExternalStore } from "react";
import { readPostAuthor, useQuoteRequests } from "@/components/posts/quote-events";
import type { ComposerProps } from "@/components/editor/composer";
import { createReplyAction } from "@/lib/actions/post-actions";
import { useFileAttachmentsAllowed, useGroupUploadsOn } from "./file-attachments-allowed";
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

const subscribeToNothing = () => () => {};

export interface ReplyButtonProps {
  threadId: number;
  parentId: number | null;
  groupName: string;
  /** The post this button sits under: quoting it opens this composer with the quote. */
  postId?: number;
}

/** "Reply" under a post: opens an inline composer; the editor itself loads only then. */
export function ReplyButton({ threadId, parentId, groupName, postId }: ReplyButtonProps) {
  const viewer = useViewer();
  const pathname = usePathname();
  const router = useRouter();
  const [openChoice, setOpen] = useState<boolean | null>(null);
  const [quote, setQuote] = useState<{ key: number; content: string; author: string } | null>(null);
  useQuoteRequests(
    viewer ? (postId ?? null) : null,
    useCallback(
      (content: string) => {
        const author = postId ? readPostAuthor(postId) : "";
        setQuote((previous) => ({ key: (previous?.key ?? 0) + 1, content, author }));
        setOpen(true);
      },
      [postId],
    ),
  );
  const composerId = useId();
  const allowFiles = useFileAttachmentsAllowed();
  const uploadsOn = useGroupUploadsOn();
  const draftKey = parentId ? `reply-t${threadId}-p${parentId}` : `reply-t${threadId}`;

  // The Drafts page's Open comes back with ?draft=<key>: this composer opens with it restored
  // (read once hydrated: the page's HTML is the same for everyone).
  const askedByLink = useSyncExternalStore(
    subscribeToNothing,
    () => new URLSearchParams(window.location.search).get("draft") === draftKey,
    () => false,
  );
  const open = openChoice ?? askedByLink;

  if (!viewer) {
    return (
      <Link className="reply-signin" href={`/signin?next=${encodeURIComponent(pathname ?? `/g/${groupName}`)}`} data-guest-only="">
        Sign in to reply
      </Link>
    );
  }

  return (
    <div className="reply" data-open={open ? "true" : undefined}>
      <button type="button" className="button form-button-quiet reply-toggle" aria-expanded={open} aria-controls={composerId} onClick={() => setOpen(!open)}>
        Reply
      </button>
      {open ? (
        <div id={composerId} className="reply-composer">
          {quote ? <p className="reply-quoting">Quoting {quote.author || "this post"}: the quote links to their post.</p> : null}
          <Composer
            label={parentId ? "Your reply to this post" : "Your reply"}
            submitLabel="Post reply"
            autoFocus
            uploadGroupName={uploadsOn ? groupName : undefined}
            allowFiles={allowFiles}
            initialContent={quote?.content}
            append={quote ?? undefined}
            onCancel={() => {
              setOpen(false);
              setQuote(null);
            }}
            draft={{ key: draftKey, threadId, parentId }}
            signing={{ group: groupName, thread: threadId, parent: parentId ?? 0, title: "" }}
            onSubmit={(content, fileAttachments, signature) => createReplyAction({ threadId, parentId, content, fileAttachments, draftKey, ...signature })}
            onSuccess={() => {
              setOpen(false);
              setQuote(null);
              router.refresh();
            }}
          />
        </div>
      ) : null}
    </div>
  );
}
