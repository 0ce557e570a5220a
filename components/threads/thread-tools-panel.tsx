"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { toCategoryOptions } from "@/components/editor/category-options";
import { CategorySelectField } from "@/components/editor/category-select-field";
import { TextField } from "@/components/forms/text-field";
import { QueryProvider } from "@/components/providers/query-provider";
import { DialogActions } from "@/components/ui/dialog-actions";
import { ModalDialog } from "@/components/ui/modal-dialog";
import { unwrapAction } from "@/lib/actions/action-types";
import { deleteThreadAction, editThreadAction, setThreadLockedAction, setThreadPinnedAction } from "@/lib/actions/thread-moderation-actions";
import type { CategoryView } from "@/lib/views/group-view";
import type { TagView } from "@/lib/views/tag-view";
import { TagPicker } from "@/components/tags/tag-picker";
import "../forms/forms.css";
import "./thread-tools.css";

export interface ThreadToolsPanelProps {
  threadId: number;
  groupName: string;
  title: string;
  categoryId: number | null;
  categories: CategoryView[];
  /** The group's tags, and the ids of the thread's (contract section 18). */
  tags: TagView[];
  tagIds: number[];
  isPinned: boolean;
  isLocked: boolean;
  canModerate: boolean;
  canEdit: boolean;
  canDelete: boolean;
  onClose: () => void;
}

function EditDialog({
  threadId,
  title,
  categoryId,
  categories,
  tags,
  tagIds,
  canModerate,
  onClose,
}: Pick<ThreadToolsPanelProps, "threadId" | "title" | "categoryId" | "categories" | "tags" | "tagIds" | "canModerate" | "onClose">) {
  const router = useRouter();
  const [draftTitle, setDraftTitle] = useState(title);
  const [category, setCategory] = useState(categoryId === null ? "" : String(categoryId));
  const [chosenTags, setChosenTags] = useState(tagIds);
  const mutation = useMutation({
    mutationFn: () =>
      unwrapAction(() =>
        editThreadAction({
          threadId,
          title: draftTitle,
          categoryId: category === "" ? 0 : Number(category),
          ...(tags.length > 0 ? { tagIds: chosenTags } : {}),
        }),
      ),
    onSuccess: () => {
      onClose();
      router.refresh();
    },
  });
  return (
    <ModalDialog title="Edit the thread" onClose={onClose}>
      <TextField label="Title" required maxLength={200} value={draftTitle} onChange={(event) => setDraftTitle(event.target.value)} />
      {categories.length > 0 ? (
        <CategorySelectField label="Category" emptyLabel="No category" categories={toCategoryOptions(categories)} value={category} onChange={setCategory} />
      ) : null}
      <TagPicker tags={tags} value={chosenTags} onChange={setChosenTags} canAddRestricted={canModerate} initial={tagIds} />
      <DialogActions
        error={mutation.isError ? mutation.error.message : null}
        onCancel={onClose}
        onConfirm={() => mutation.mutate()}
        pending={mutation.isPending}
        confirmLabel="Save"
        pendingLabel="Saving…"
      />
    </ModalDialog>
  );
}

function DeleteDialog({ threadId, groupName, canModerate, onClose }: Pick<ThreadToolsPanelProps, "threadId" | "groupName" | "canModerate" | "onClose">) {
  const router = useRouter();
  const [reason, setReason] = useState("");
  const mutation = useMutation({
    mutationFn: () => unwrapAction(() => deleteThreadAction({ threadId, reason })),
    onSuccess: () => {
      router.push(`/g/${groupName}`);
      router.refresh();
    },
  });
  return (
    <ModalDialog title="Delete this thread?" onClose={onClose}>
      <p>The thread leaves every list of the group. Its posts are kept for the moderators.</p>
      {canModerate ? (
        <TextField label="Reason, for the modlog" optional maxLength={500} value={reason} onChange={(event) => setReason(event.target.value)} />
      ) : null}
      <DialogActions
        error={mutation.isError ? mutation.error.message : null}
        onCancel={onClose}
        onConfirm={() => mutation.mutate()}
        pending={mutation.isPending}
        confirmLabel="Delete thread"
        pendingLabel="Deleting…"
        danger
      />
    </ModalDialog>
  );
}

function ThreadToolsButtons(props: ThreadToolsPanelProps) {
  const router = useRouter();
  const [dialog, setDialog] = useState<null | "edit" | "delete">(null);
  const toggle = useMutation({
    mutationFn: (change: { pinned: boolean } | { locked: boolean }) =>
      unwrapAction<unknown>(() =>
        "pinned" in change
          ? setThreadPinnedAction({ threadId: props.threadId, pinned: change.pinned })
          : setThreadLockedAction({ threadId: props.threadId, locked: change.locked }),
      ),
    onSuccess: () => router.refresh(),
  });
  const close = () => setDialog(null);
  return (
    <div className="thread-tools__panel" role="group" aria-label="Thread tools">
      {props.canModerate ? (
        <>
          <button type="button" className="button button--secondary" disabled={toggle.isPending} onClick={() => toggle.mutate({ pinned: !props.isPinned })}>
            {props.isPinned ? "Unpin" : "Pin"}
          </button>
          <button type="button" className="button button--secondary" disabled={toggle.isPending} onClick={() => toggle.mutate({ locked: !props.isLocked })}>
            {props.isLocked ? "Unlock" : "Lock"}
          </button>
        </>
      ) : null}
      {props.canEdit ? (
        <button type="button" className="button button--secondary" onClick={() => setDialog("edit")}>
          {props.tags.length > 0 ? "Edit title, category or tags" : "Edit title or category"}
        </button>
      ) : null}
      {props.canDelete ? (
        <button type="button" className="button button--danger" onClick={() => setDialog("delete")}>
          Delete thread
        </button>
      ) : null}
      {toggle.isError ? (
        <p className="form-error" role="alert">
          {toggle.error.message}
        </p>
      ) : null}
      {dialog === "edit" ? <EditDialog {...props} onClose={close} /> : null}
      {dialog === "delete" ? <DeleteDialog {...props} onClose={close} /> : null}
    </div>
  );
}

/** Pin, lock, edit and delete: each shown only to who may use it (the page's view model decided). Loaded on first use, with its own query client. */
export function ThreadToolsPanel(props: ThreadToolsPanelProps) {
  return (
    <QueryProvider>
      <ThreadToolsButtons {...props} />
    </QueryProvider>
  );
}
