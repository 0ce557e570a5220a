"use client";

import { useMutation } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { QueryProvider } from "@/components/providers/query-provider";
import { unwrapAction, type ActionResult } from "@/lib/actions/action-types";
import { LazyQuillEditor, type QuillEditorHandle } from "./lazy-editor";
import "../forms/forms.css";
import "./editor.css";

export interface ComposerProps<T> {
  label: string;
  submitLabel: string;
  /** Open the editor at once (e.g. after "Reply"); otherwise a placeholder waits for a click. */
  autoFocus?: boolean;
  placeholder?: string;
  /** A delta (JSON text) to start from, when editing. */
  initialContent?: string;
  /** The submit button's words while the request runs. */
  pendingLabel?: string;
  /** The delta (JSON text) and the attached files' upload ids. */
  onSubmit: (content: string, fileAttachments: number[]) => Promise<ActionResult<T>>;
  onSuccess?: (data: T) => void;
  onCancel?: () => void;
  /** The group the post is written in: images pasted, dropped or picked are uploaded there. */
  uploadGroupName?: string;
  /** The group takes other files than images from this person (attachment chips under the editor). */
  allowFiles?: boolean;
  /** Content to add at the end while open (a quote, contract section 17); a new `key` adds it again. */
  append?: { key: number; content: string };
}

function ComposerForm<T>({
  label,
  submitLabel,
  autoFocus,
  placeholder,
  initialContent,
  pendingLabel = "Posting…",
  onSubmit,
  onSuccess,
  onCancel,
  uploadGroupName,
  allowFiles,
  append,
}: ComposerProps<T>) {
  const [active, setActive] = useState(Boolean(autoFocus));
  const [localError, setLocalError] = useState<string | null>(null);
  const editorRef = useRef<QuillEditorHandle | null>(null);
  const errorId = useId();
  const mutation = useMutation({
    mutationFn: ({ content, fileIds }: { content: string; fileIds: number[] }) => unwrapAction(() => onSubmit(content, fileIds)),
    onSuccess: (data) => {
      editorRef.current?.clear();
      onSuccess?.(data);
    },
  });

  // The first quote opens the editor with it (initialContent); later ones are added at the end.
  const appended = useRef(append?.key);
  useEffect(() => {
    if (!append || appended.current === append.key) return;
    appended.current = append.key;
    editorRef.current?.append(append.content);
    editorRef.current?.focus();
  }, [append]);

  if (!active) {
    return (
      <button type="button" className="composer-placeholder" onClick={() => setActive(true)}>
        {placeholder ?? "Write something…"}
      </button>
    );
  }

  function submit() {
    const editor = editorRef.current;
    if (!editor) return;
    if (editor.isEmpty()) {
      setLocalError("Write something before posting.");
      editor.focus();
      return;
    }
    if (editor.isUploadingFiles()) {
      setLocalError("Wait for the attached files to finish uploading.");
      return;
    }
    setLocalError(null);
    mutation.mutate({ content: editor.getContent(), fileIds: editor.getFileIds() });
  }

  const error = localError ?? (mutation.isError ? mutation.error.message : null);
  return (
    <div className="composer">
      <LazyQuillEditor
        label={label}
        placeholder={placeholder}
        autoFocus
        initialContent={initialContent}
        uploadGroupName={uploadGroupName}
        allowFiles={allowFiles}
        editorRef={editorRef}
        invalid={Boolean(error)}
        describedBy={error ? errorId : undefined}
        onChange={() => localError && setLocalError(null)}
      />
      {error ? (
        <p id={errorId} className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="form-actions">
        {onCancel ? (
          <button type="button" className="button button--secondary" onClick={onCancel} disabled={mutation.isPending}>
            Cancel
          </button>
        ) : null}
        <button type="button" className="button button--primary" onClick={submit} disabled={mutation.isPending}>
          {mutation.isPending ? pendingLabel : submitLabel}
        </button>
      </div>
    </div>
  );
}

/** Brings its own query client: Reply loads the composer lazily, outside any provider. */
export function Composer<T>(props: ComposerProps<T>) {
  return (
    <QueryProvider>
      <ComposerForm {...props} />
    </QueryProvider>
  );
}
