"use client";

import { useMutation } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { DialogActions } from "@/components/ui/dialog-actions";
import { EmptyState } from "@/components/ui/empty-state";
import { ModalDialog } from "@/components/ui/modal-dialog";
import { unwrapAction } from "@/lib/actions/action-types";
import { deleteUploadAction } from "@/lib/actions/upload-actions";
import type { MyUploadView } from "@/lib/views/upload-view";
import { MyUploadRow } from "./my-upload-row";
import "./uploads.css";

function describeConsequence(upload: MyUploadView): string {
  const removed = upload.image ? "Image removed" : "File removed";
  if (upload.use.kind === "post") return `The post that shows it will show “${removed}” in its place.`;
  if (upload.use.kind === "picture") return `If it is still your ${upload.use.label}, it stops showing there.`;
  return "It is not used anywhere yet.";
}

function ConfirmDelete({ upload, onClose, onDeleted }: { upload: MyUploadView; onClose: () => void; onDeleted: () => void }) {
  const mutation = useMutation({
    mutationFn: () => unwrapAction(() => deleteUploadAction({ uploadId: upload.id })),
    onSuccess: onDeleted,
  });
  return (
    <ModalDialog title="Delete this file?" onClose={onClose}>
      <p className="my-upload__confirm">
        <strong>{upload.name}</strong> is deleted for good. {describeConsequence(upload)}
      </p>
      <DialogActions
        error={mutation.isError ? mutation.error.message : null}
        onCancel={onClose}
        onConfirm={() => mutation.mutate()}
        pending={mutation.isPending}
        confirmLabel="Delete file"
        pendingLabel="Deleting…"
        danger
      />
    </ModalDialog>
  );
}

export interface MyUploadListProps {
  uploads: MyUploadView[];
  /** All of the person's uploads, on every page. */
  count: number;
}

/**
 * The person's uploads with a Delete each: a confirmation dialog, then the row goes, a polite
 * status says what was deleted, and focus moves to the next row's Delete (the one that opened
 * the dialog is gone).
 */
export function MyUploadList({ uploads, count }: MyUploadListProps) {
  const [deletedIds, setDeletedIds] = useState<ReadonlySet<number>>(new Set());
  const [confirming, setConfirming] = useState<MyUploadView | null>(null);
  const [status, setStatus] = useState("");
  const [focusIndex, setFocusIndex] = useState<number | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shown = uploads.filter((upload) => !deletedIds.has(upload.id));
  const remaining = count - deletedIds.size;

  useEffect(() => {
    if (focusIndex === null) return;
    const buttons = listRef.current?.querySelectorAll<HTMLButtonElement>(".my-upload__delete") ?? [];
    (buttons[Math.min(focusIndex, buttons.length - 1)] ?? headingRef.current)?.focus();
  }, [focusIndex, deletedIds]);

  const markDeleted = (upload: MyUploadView) => {
    setFocusIndex(shown.findIndex((item) => item.id === upload.id));
    setDeletedIds((ids) => new Set(ids).add(upload.id));
    setConfirming(null);
    setStatus(`Deleted ${upload.name}`);
  };

  return (
    <section className="my-uploads" aria-labelledby="my-uploads-heading">
      <h2 id="my-uploads-heading" ref={headingRef} tabIndex={-1} className="my-uploads__count">
        {remaining === 1 ? "1 upload" : `${remaining} uploads`}
      </h2>
      <p role="status" className={status ? "form-success" : "my-uploads__status--empty"}>
        {status}
      </p>
      {shown.length === 0 ? (
        <EmptyState title={remaining === 0 ? "No uploads" : "Nothing left on this page"}>
          <p>Images and files you add to posts, and the pictures you upload for your profile or your groups, are listed here.</p>
        </EmptyState>
      ) : (
        <ul ref={listRef} className="my-uploads__list">
          {shown.map((upload) => (
            <MyUploadRow key={upload.id} upload={upload} onDelete={setConfirming} />
          ))}
        </ul>
      )}
      {confirming ? <ConfirmDelete upload={confirming} onClose={() => setConfirming(null)} onDeleted={() => markDeleted(confirming)} /> : null}
    </section>
  );
}
