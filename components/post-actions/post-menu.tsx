"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { Composer } from "@/components/editor/composer";
import { TextAreaField, TextField } from "@/components/forms/text-field";
import { QueryProvider } from "@/components/providers/query-provider";
import { DialogActions } from "@/components/ui/dialog-actions";
import { ModalDialog } from "@/components/ui/modal-dialog";
import { unwrapAction } from "@/lib/actions/action-types";
import {
  deletePostAction,
  editPostAction,
  loadPostSourceAction,
  reportPostAction,
  restorePostAction,
  setPostNsfwAction,
} from "@/lib/actions/post-moderation-actions";
import { REPORT_REASONS, type ReportReason } from "@/lib/schemas/report-values";
import type { PostView } from "@/lib/views/post-view";
import { RevisionDialog } from "./revision-dialog";
import { readPostText, requestQuote } from "@/components/posts/quote-events";
import "../forms/forms.css";
import "./post-actions.css";

export type PostMenuPost = Pick<PostView, "id" | "canEdit" | "canDelete" | "canRestore" | "canReport" | "edited" | "deleted" | "nsfw"> & {
  /** The viewer wrote it: deleting is then taking it back, not moderating. */
  isOwn: boolean;
  /** The viewer may reply here: "Quote" puts the whole post in a reply to it. */
  canQuote: boolean;
};

interface PostMenuProps {
  post: PostMenuPost;
  onClose: () => void;
}

type Mode = "menu" | "edit" | "delete" | "report" | "history";

const REASON_LABELS: Record<ReportReason, string> = { spam: "Spam", abuse: "Abuse or harassment", off_topic: "Off topic", other: "Something else" };

function EditComposer({ postId, onDone }: { postId: number; onDone: () => void }) {
  const router = useRouter();
  const source = useQuery({ queryKey: ["post-source", postId], queryFn: () => unwrapAction(() => loadPostSourceAction({ postId })), gcTime: 0 });
  if (source.isPending) return <p role="status">Loading the post…</p>;
  if (source.isError)
    return (
      <p className="form-error" role="alert">
        {source.error.message}
      </p>
    );
  return (
    <div className="post-edit">
      <Composer
        label="Edit your post"
        submitLabel="Save changes"
        pendingLabel="Saving…"
        autoFocus
        initialContent={source.data.content}
        onCancel={onDone}
        signing={{
          group: source.data.groupName,
          thread: source.data.threadId,
          parent: source.data.parentId ?? 0,
          title: "",
          previousContent: source.data.content,
        }}
        onSubmit={(content, _files, signature) => editPostAction({ postId, content, ...signature })}
        onSuccess={() => {
          onDone();
          router.refresh();
        }}
      />
    </div>
  );
}

function DeleteDialog({ post, onClose }: { post: PostMenuPost; onClose: () => void }) {
  const router = useRouter();
  const [reason, setReason] = useState("");
  const mutation = useMutation({
    mutationFn: () => unwrapAction(() => deletePostAction({ postId: post.id, reason })),
    onSuccess: () => {
      onClose();
      router.refresh();
    },
  });
  return (
    <ModalDialog title="Delete this post?" onClose={onClose}>
      <p>
        {post.isOwn
          ? "Your post will read “deleted by the author”. Replies to it stay where they are."
          : "The post will read “removed by a moderator” and the action goes into the group's modlog. Replies stay where they are."}
      </p>
      {post.isOwn ? null : (
        <TextField label="Reason, for the modlog" optional maxLength={500} value={reason} onChange={(event) => setReason(event.target.value)} />
      )}
      <DialogActions
        error={mutation.isError ? mutation.error.message : null}
        onCancel={onClose}
        onConfirm={() => mutation.mutate()}
        pending={mutation.isPending}
        confirmLabel="Delete post"
        pendingLabel="Deleting…"
        danger
      />
    </ModalDialog>
  );
}

function ReportDialog({ postId, onClose }: { postId: number; onClose: () => void }) {
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState("");
  const mutation = useMutation({ mutationFn: (chosen: ReportReason) => unwrapAction(() => reportPostAction({ postId, reason: chosen, note })) });
  if (mutation.isSuccess) {
    return (
      <ModalDialog title="Report sent" onClose={onClose}>
        <p role="status">Thank you. The group&apos;s moderators will take a look.</p>
        <div className="form-actions">
          <button type="button" className="button button--primary" onClick={onClose}>
            Close
          </button>
        </div>
      </ModalDialog>
    );
  }
  return (
    <ModalDialog title="Report this post" onClose={onClose}>
      <fieldset className="report-reasons">
        <legend>What is wrong with it?</legend>
        {REPORT_REASONS.map((value) => (
          <label key={value} className="report-reasons__option">
            <input type="radio" name={`report-${postId}`} value={value} checked={reason === value} onChange={() => setReason(value)} />
            {REASON_LABELS[value]}
          </label>
        ))}
      </fieldset>
      <TextAreaField
        label="Anything the moderators should know?"
        optional
        rows={3}
        maxLength={500}
        value={note}
        onChange={(event) => setNote(event.target.value)}
      />
      <DialogActions
        error={mutation.isError ? mutation.error.message : null}
        onCancel={onClose}
        onConfirm={() => reason && mutation.mutate(reason)}
        pending={mutation.isPending}
        disabled={reason === null}
        confirmLabel="Send report"
        pendingLabel="Sending…"
      />
    </ModalDialog>
  );
}

function PostMenuItems({ post, onClose }: PostMenuProps) {
  const router = useRouter();
  const [mode, setMode] = useState<Mode>("menu");
  const [notice, setNotice] = useState<string | null>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const restore = useMutation({
    mutationFn: () => unwrapAction(() => restorePostAction({ postId: post.id })),
    onSuccess: () => {
      onClose();
      router.refresh();
    },
  });

  // Sensitive content (contract section 17): the author or a moderator, who may edit it.
  const sensitive = useMutation({
    mutationFn: () => unwrapAction(() => setPostNsfwAction({ postId: post.id, nsfw: !post.nsfw })),
    onSuccess: () => {
      onClose();
      router.refresh();
    },
  });

  useEffect(() => {
    if (mode !== "menu") return;
    menuRef.current?.querySelector("button")?.focus();
    const closeOnOutside = (event: PointerEvent) => {
      if (!menuRef.current?.parentElement?.contains(event.target as Node)) onClose();
    };
    document.addEventListener("pointerdown", closeOnOutside);
    return () => document.removeEventListener("pointerdown", closeOnOutside);
  }, [mode, onClose]);

  async function copyLink() {
    const url = `${window.location.origin}${window.location.pathname}#post-${post.id}`;
    try {
      await navigator.clipboard.writeText(url);
      setNotice("Link copied");
    } catch {
      setNotice(url);
    }
  }

  if (mode === "edit") return <EditComposer postId={post.id} onDone={onClose} />;
  if (mode === "delete") return <DeleteDialog post={post} onClose={onClose} />;
  if (mode === "report") return <ReportDialog postId={post.id} onClose={onClose} />;
  if (mode === "history") return <RevisionDialog postId={post.id} onClose={onClose} />;

  const error = restore.isError ? restore.error.message : sensitive.isError ? sensitive.error.message : null;
  return (
    <div className="post-menu-anchor">
      <ul
        ref={menuRef}
        className="post-menu"
        role="menu"
        aria-label="Post actions"
        onKeyDown={(event) => {
          if (event.key === "Escape") onClose();
        }}
      >
        {post.canQuote ? (
          <li role="none">
            <button
              type="button"
              role="menuitem"
              onClick={() => {
                requestQuote(post.id, readPostText(post.id));
                onClose();
              }}
            >
              Quote
            </button>
          </li>
        ) : null}
        {post.canEdit ? (
          <li role="none">
            <button type="button" role="menuitem" onClick={() => setMode("edit")}>
              Edit
            </button>
          </li>
        ) : null}
        {post.edited ? (
          <li role="none">
            <button type="button" role="menuitem" onClick={() => setMode("history")}>
              Edit history
            </button>
          </li>
        ) : null}
        {post.canEdit ? (
          <li role="none">
            <button type="button" role="menuitem" onClick={() => sensitive.mutate()} disabled={sensitive.isPending}>
              {post.nsfw ? "Remove sensitive mark" : "Mark as sensitive"}
            </button>
          </li>
        ) : null}
        {post.canDelete ? (
          <li role="none">
            <button type="button" role="menuitem" className="post-menu__danger" onClick={() => setMode("delete")}>
              Delete
            </button>
          </li>
        ) : null}
        {post.canRestore ? (
          <li role="none">
            <button type="button" role="menuitem" onClick={() => restore.mutate()} disabled={restore.isPending}>
              {restore.isPending ? "Restoring…" : "Restore"}
            </button>
          </li>
        ) : null}
        {post.canReport ? (
          <li role="none">
            <button type="button" role="menuitem" onClick={() => setMode("report")}>
              Report
            </button>
          </li>
        ) : null}
        <li role="none">
          <button type="button" role="menuitem" onClick={copyLink}>
            Copy link
          </button>
        </li>
      </ul>
      {notice || error ? (
        <span className={error ? "post__control-error" : "post-menu__notice"} role={error ? "alert" : "status"}>
          {error ?? notice}
        </span>
      ) : null}
    </div>
  );
}

/** The items of a post's "More" menu, and the composer or dialog each one opens. Loaded on first use, with its own query client. */
export function PostMenu(props: PostMenuProps) {
  return (
    <QueryProvider>
      <PostMenuItems {...props} />
    </QueryProvider>
  );
}
