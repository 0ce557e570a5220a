"use client";

import { useMutation } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { QueryProvider } from "@/components/providers/query-provider";
import { unwrapAction, type ActionResult } from "@/lib/actions/action-types";
import { DraftStatus } from "@/components/drafts/draft-status";
import { useDraftAutosave, useStoredDraft, type DraftPlace } from "@/components/drafts/use-draft-autosave";
import type { DraftSnapshot } from "@/lib/views/draft-view";
import { LazyQuillEditor, type QuillEditorHandle } from "./lazy-editor";
import { SignWithWalletCheck, signWithWallet, type PostSignatureParams, type PostSigningPlace } from "./sign-with-wallet";
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
  /** The delta (JSON text), the attached files' upload ids and, when signed, the signature. */
  onSubmit: (content: string, fileAttachments: number[], signature?: PostSignatureParams) => Promise<ActionResult<T>>;
  onSuccess?: (data: T) => void;
  onCancel?: () => void;
  /** The group the post is written in: images pasted, dropped or picked are uploaded there. */
  uploadGroupName?: string;
  /** The group takes other files than images from this person (attachment chips under the editor). */
  allowFiles?: boolean;
  /** Save as a draft while typing (and restore it when the composer opens); posting deletes it. */
  draft?: DraftPlace;
  /** Content to add at the end while open (a quote, contract section 17); a new `key` adds it again. */
  append?: { key: number; content: string };
  /** Where the post goes: offers "Sign with wallet" (contract section 19). */
  signing?: PostSigningPlace;
}

/** Opens the editor once the stored draft (if any) is known, so it starts from it. */
function ComposerForm<T>(props: ComposerProps<T>) {
  const [active, setActive] = useState(Boolean(props.autoFocus));
  const stored = useStoredDraft(active ? props.draft?.key : undefined);
  if (!active) {
    return (
      <button type="button" className="composer-placeholder" onClick={() => setActive(true)}>
        {props.placeholder ?? "Write something…"}
      </button>
    );
  }
  if (stored === undefined) {
    return (
      <div className="editor-loading" role="status">
        Loading your draft…
      </div>
    );
  }
  return <ComposerEditor {...props} stored={stored} />;
}

function ComposerEditor<T>({
  label,
  submitLabel,
  placeholder,
  initialContent,
  pendingLabel = "Posting…",
  onSubmit,
  onSuccess,
  onCancel,
  uploadGroupName,
  allowFiles,
  draft,
  stored,
  append,
  signing,
}: ComposerProps<T> & { stored: DraftSnapshot | null }) {
  const [localError, setLocalError] = useState<string | null>(null);
  const [signed, setSigned] = useState(false);
  const editorRef = useRef<QuillEditorHandle | null>(null);
  const errorId = useId();
  const autosave = useDraftAutosave(draft, stored?.sequence ?? 0, () => ({ content: editorRef.current?.getContent() ?? "[]" }));
  const mutation = useMutation({
    mutationFn: async ({ content, fileIds }: { content: string; fileIds: number[] }) => {
      // The last save lands before the post, which deletes the draft in its own transaction.
      await autosave.settle();
      const signature = signing && signed ? await signWithWallet(signing, content) : undefined;
      return unwrapAction(() => onSubmit(content, fileIds, signature));
    },
    onSuccess: (data) => {
      editorRef.current?.clear();
      onSuccess?.(data);
    },
    onError: autosave.resume,
  });

  // The first quote opens the editor with it (initialContent), unless a stored draft opened it:
  // then the quote is added at its end, as every later one is.
  const resumedDraft = Boolean(stored && stored.content !== "[]");
  const appended = useRef(resumedDraft ? undefined : append?.key);
  useEffect(() => {
    if (!append || appended.current === append.key) return;
    appended.current = append.key;
    editorRef.current?.append(append.content);
    editorRef.current?.focus();
  }, [append]);

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
        initialContent={resumedDraft ? stored!.content : initialContent}
        uploadGroupName={uploadGroupName}
        allowFiles={allowFiles}
        editorRef={editorRef}
        invalid={Boolean(error)}
        describedBy={error ? errorId : undefined}
        onChange={() => {
          if (localError) setLocalError(null);
          autosave.changed();
        }}
      />
      {error ? (
        <p id={errorId} className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      {draft ? (
        <DraftStatus autosave={autosave} onTakeTheirs={(copy) => (copy ? editorRef.current?.setContent(copy.content) : editorRef.current?.clear())} />
      ) : null}
      {signing ? <SignWithWalletCheck checked={signed} onChange={setSigned} disabled={mutation.isPending} /> : null}
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
