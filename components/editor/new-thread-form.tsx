"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useId, useRef, useState, type FormEvent } from "react";
import { DraftStatus } from "@/components/drafts/draft-status";
import { useDraftAutosave, useStoredDraft } from "@/components/drafts/use-draft-autosave";
import { FormError } from "@/components/forms/form-field";
import { FormActions, FormStatus } from "@/components/forms/form-footer";
import { TextField } from "@/components/forms/text-field";
import { PollBuilder, usePollDrafts } from "@/components/polls/poll-builder";
import { unwrapAction } from "@/lib/actions/action-types";
import { createThreadAction } from "@/lib/actions/thread-actions";
import type { DraftSnapshot } from "@/lib/views/draft-view";
import type { TagView } from "@/lib/views/tag-view";
import { TagPicker } from "@/components/tags/tag-picker";
import { MAX_THREAD_TITLE_LENGTH, ThreadTitleSchema } from "@/lib/schemas/thread-schemas";
import type { CategoryOption } from "./category-options";
import { CategorySelectField } from "./category-select-field";
import { LazyQuillEditor, type QuillEditorHandle } from "./lazy-editor";
import { SignWithWalletCheck, signWithWallet } from "./sign-with-wallet";
import "../forms/forms.css";
import "./editor.css";

export interface NewThreadFormProps {
  groupId: number;
  groupName: string;
  categories: CategoryOption[];
  initialCategoryId: number | null;
  /** The group takes other files than images from this person (attachment chips under the editor). */
  allowFiles?: boolean;
  /** The group takes uploads at all (its attached_files feature); off, images go in by address only. */
  uploadsOn?: boolean;
  /** The group's tags, and whether this person may add its restricted ones (contract section 18). */
  tags?: TagView[];
  canAddRestrictedTags?: boolean;
  /** Categories whose threads must carry a poll: the builder says so when one is picked. */
  pollCategoryIds?: number[];
}

/** The New thread page's form: starts from the person's draft for this group (on any device) and saves it as they type. */
export function NewThreadForm(props: NewThreadFormProps) {
  const draftKey = `new-thread-g${props.groupId}`;
  const stored = useStoredDraft(draftKey);
  if (stored === undefined) {
    return (
      <div className="form-card editor-loading" role="status">
        Loading your draft…
      </div>
    );
  }
  return <NewThreadFields {...props} draftKey={draftKey} stored={stored} />;
}

function NewThreadFields({
  groupId,
  groupName,
  categories,
  initialCategoryId,
  allowFiles = false,
  uploadsOn = true,
  tags = [],
  canAddRestrictedTags = false,
  pollCategoryIds = [],
  draftKey,
  stored,
}: NewThreadFormProps & { draftKey: string; stored: DraftSnapshot | null }) {
  const router = useRouter();
  const editorRef = useRef<QuillEditorHandle | null>(null);
  const [title, setTitle] = useState(stored?.title ?? "");
  const storedCategory = stored?.categoryId && categories.some((option) => option.id === stored.categoryId) ? stored.categoryId : null;
  const [categoryId, setCategoryId] = useState(String(initialCategoryId ?? storedCategory ?? ""));
  const [nsfw, setNsfw] = useState(false);
  const [signed, setSigned] = useState(false);
  const [tagIds, setTagIds] = useState<number[]>([]);
  const [titleError, setTitleError] = useState<string | null>(null);
  const [bodyError, setBodyError] = useState<string | null>(null);
  const polls = usePollDrafts();
  const bodyLabelId = useId();
  const bodyErrorId = useId();

  const fields = { title, categoryId: categoryId ? Number(categoryId) : null };
  const autosave = useDraftAutosave({ key: draftKey, groupId }, stored?.sequence ?? 0, () => ({
    ...fields,
    content: editorRef.current?.getContent() ?? "[]",
  }));
  const mutation = useMutation({
    mutationFn: async (input: { title: string; content: string; fileAttachments: number[]; polls: Record<string, unknown>[] }) => {
      // The last save lands first; the thread's transaction then deletes the draft.
      await autosave.settle();
      const place = { group: groupName, thread: 0, parent: 0, title: input.title };
      const signature = signed ? await signWithWallet(place, input.content) : undefined;
      return unwrapAction(() => createThreadAction({ groupName, ...input, categoryId: fields.categoryId, draftKey, nsfw, tagIds, ...signature }));
    },
    onSuccess: ({ url }) => router.push(url),
    onError: autosave.resume,
  });

  function takeTheirs(copy: DraftSnapshot | null) {
    setTitle(copy?.title ?? "");
    if (copy) editorRef.current?.setContent(copy.content);
    else editorRef.current?.clear();
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const parsedTitle = ThreadTitleSchema.safeParse(title);
    const editor = editorRef.current;
    const empty = !editor || editor.isEmpty();
    setTitleError(parsedTitle.success ? null : `Title ${parsedTitle.error.issues[0]?.message ?? "is not valid"}`);
    const uploading = !empty && editor.isUploadingFiles();
    setBodyError(empty ? "Write something in the post before publishing." : uploading ? "Wait for the attached files to finish uploading." : null);
    const pollInputs = polls.check();
    if (!parsedTitle.success || !editor || empty || uploading || !pollInputs) return;
    mutation.mutate({ title: parsedTitle.data, content: editor.getContent(), fileAttachments: editor.getFileIds(), polls: pollInputs });
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
        onChange={(event) => {
          setTitle(event.target.value);
          autosave.changed();
        }}
      />
      {categories.length > 0 ? (
        <CategorySelectField
          label="Category"
          emptyLabel="No category"
          categories={categories}
          value={categoryId}
          onChange={(value) => {
            setCategoryId(value);
            autosave.changed();
          }}
        />
      ) : null}
      <TagPicker tags={tags} value={tagIds} onChange={setTagIds} canAddRestricted={canAddRestrictedTags} />
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
          uploadGroupName={uploadsOn ? groupName : undefined}
          allowFiles={allowFiles}
          editorRef={editorRef}
          invalid={Boolean(bodyError)}
          describedBy={bodyError ? bodyErrorId : undefined}
          initialContent={stored && stored.content !== "[]" ? stored.content : undefined}
          onChange={() => {
            if (bodyError) setBodyError(null);
            autosave.changed();
          }}
        />
        {bodyError ? <FormError id={bodyErrorId}>{bodyError}</FormError> : null}
      </div>
      <PollBuilder polls={polls.polls} onChange={polls.change} errors={polls.errors} required={pollCategoryIds.includes(Number(categoryId))} />
      {polls.failed ? <FormError>Some poll fields need fixing: see the messages under them.</FormError> : null}
      <SignWithWalletCheck checked={signed} onChange={setSigned} disabled={mutation.isPending} />
      <DraftStatus autosave={autosave} onTakeTheirs={takeTheirs} />
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
