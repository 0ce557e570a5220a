"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useId, useRef, useState, type FormEvent } from "react";
import { FormError } from "@/components/forms/form-field";
import { FormActions, FormStatus } from "@/components/forms/form-footer";
import { TextField } from "@/components/forms/text-field";
import { unwrapAction } from "@/lib/actions/action-types";
import { createThreadAction } from "@/lib/actions/thread-actions";
import { MAX_THREAD_TITLE_LENGTH, ThreadTitleSchema } from "@/lib/schemas/thread-schemas";
import type { CategoryOption } from "./category-options";
import { CategorySelectField } from "./category-select-field";
import { LazyQuillEditor, type QuillEditorHandle } from "./lazy-editor";
import "../forms/forms.css";
import "./editor.css";

export interface NewThreadFormProps {
  groupName: string;
  categories: CategoryOption[];
  initialCategoryId: number | null;
  /** The group takes other files than images from this person (attachment chips under the editor). */
  allowFiles?: boolean;
}

export function NewThreadForm({ groupName, categories, initialCategoryId, allowFiles = false }: NewThreadFormProps) {
  const router = useRouter();
  const editorRef = useRef<QuillEditorHandle | null>(null);
  const [title, setTitle] = useState("");
  const [categoryId, setCategoryId] = useState(initialCategoryId ? String(initialCategoryId) : "");
  const [nsfw, setNsfw] = useState(false);
  const [titleError, setTitleError] = useState<string | null>(null);
  const [bodyError, setBodyError] = useState<string | null>(null);
  const bodyLabelId = useId();
  const bodyErrorId = useId();

  const mutation = useMutation({
    mutationFn: (input: { title: string; content: string; fileAttachments: number[] }) =>
      unwrapAction(() => createThreadAction({ groupName, ...input, categoryId: categoryId ? Number(categoryId) : null, nsfw })),
    onSuccess: ({ url }) => router.push(url),
  });

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const parsedTitle = ThreadTitleSchema.safeParse(title);
    const editor = editorRef.current;
    const empty = !editor || editor.isEmpty();
    setTitleError(parsedTitle.success ? null : `Title ${parsedTitle.error.issues[0]?.message ?? "is not valid"}`);
    const uploading = !empty && editor.isUploadingFiles();
    setBodyError(empty ? "Write something in the post before publishing." : uploading ? "Wait for the attached files to finish uploading." : null);
    if (!parsedTitle.success || !editor || empty || uploading) return;
    mutation.mutate({ title: parsedTitle.data, content: editor.getContent(), fileAttachments: editor.getFileIds() });
  }

  return (
    <form className="form-card form-stack" onSubmit={handleSubmit} noValidate>
      <TextField
        label="Title"
        name="title"
        value={title}
        maxLength={MAX_THREAD_TITLE_LENGTH}
        autoFocus
        placeholder="What is this thread about?"
        error={titleError}
        onChange={(event) => setTitle(event.target.value)}
      />
      {categories.length > 0 ? (
        <CategorySelectField label="Category" emptyLabel="No category" categories={categories} value={categoryId} onChange={setCategoryId} />
      ) : null}
      <label className="form-check">
        <input type="checkbox" checked={nsfw} onChange={(event) => setNsfw(event.target.checked)} />
        Sensitive content: cover the post until a reader chooses Show
      </label>
      <div className="form-field">
        <span className="form-label" id={bodyLabelId}>
          Post
        </span>
        <LazyQuillEditor
          label="Post"
          placeholder="Write your post. Select text to format it."
          uploadGroupName={groupName}
          allowFiles={allowFiles}
          editorRef={editorRef}
          invalid={Boolean(bodyError)}
          describedBy={bodyError ? bodyErrorId : undefined}
          onChange={() => bodyError && setBodyError(null)}
        />
        {bodyError ? <FormError id={bodyErrorId}>{bodyError}</FormError> : null}
      </div>
      <FormStatus mutation={mutation} />
      {/* Success opens the new thread, so the button stays busy until it does. */}
      <FormActions busy={mutation.isPending || mutation.isSuccess} label="Publish thread" busyLabel="Publishing…">
        <button type="button" className="button button--secondary" onClick={() => router.back()} disabled={mutation.isPending}>
          Cancel
        </button>
      </FormActions>
    </form>
  );
}
