"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { DialogActions } from "@/components/ui/dialog-actions";
import { ModalDialog } from "@/components/ui/modal-dialog";
import { unwrapAction } from "@/lib/actions/action-types";
import { deleteTagAction, editTagAction } from "@/lib/actions/tag-actions";
import type { TagView } from "@/lib/views/tag-view";
import { TagFields } from "./tag-fields";

export interface TagDialogProps {
  groupId: number;
  groupName: string;
  tag: TagView;
  onClose: () => void;
  onDone: (message: string) => void;
}

/** Rename a tag, or change its color, description or who may use it. */
export function EditTagDialog({ groupId, groupName, tag, onClose, onDone }: TagDialogProps) {
  const router = useRouter();
  const [fields, setFields] = useState({ name: tag.name, color: tag.color, description: tag.description, restricted: tag.restricted });
  const mutation = useMutation({
    mutationFn: () => unwrapAction(() => editTagAction({ groupId, groupName, tagId: tag.id, ...fields })),
    onSuccess: (saved) => {
      onDone(`Saved “${saved.name}”.`);
      router.refresh();
    },
  });
  return (
    <ModalDialog title={`Edit ${tag.name}`} onClose={onClose}>
      <div className="form-stack">
        <TagFields idPrefix="tag-edit" value={fields} onChange={setFields} />
        <DialogActions
          error={mutation.isError ? mutation.error.message : null}
          onCancel={onClose}
          onConfirm={() => mutation.mutate()}
          pending={mutation.isPending}
          confirmLabel="Save tag"
          pendingLabel="Saving…"
          disabled={fields.name.trim() === ""}
        />
      </div>
    </ModalDialog>
  );
}

/** Delete a tag: it leaves its threads, which stay where they are. */
export function DeleteTagDialog({ groupId, groupName, tag, onClose, onDone }: TagDialogProps) {
  const router = useRouter();
  const mutation = useMutation({
    mutationFn: () => unwrapAction(() => deleteTagAction({ groupId, groupName, tagId: tag.id })),
    onSuccess: () => {
      onDone(`Deleted “${tag.name}”.`);
      router.refresh();
    },
  });
  const threads = tag.threadCount === 1 ? "1 thread" : `${tag.threadCount} threads`;
  return (
    <ModalDialog title={`Delete ${tag.name}?`} onClose={onClose}>
      <div className="form-stack">
        <p>It leaves the {threads} carrying it; the threads themselves stay.</p>
        <DialogActions
          error={mutation.isError ? mutation.error.message : null}
          onCancel={onClose}
          onConfirm={() => mutation.mutate()}
          pending={mutation.isPending}
          confirmLabel="Delete tag"
          pendingLabel="Deleting…"
          danger
        />
      </div>
    </ModalDialog>
  );
}
