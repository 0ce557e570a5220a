"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { FormActions, FormStatus } from "@/components/forms/form-footer";
import { TagDot } from "@/components/tags/tag-chips";
import { unwrapAction } from "@/lib/actions/action-types";
import { createTagAction, orderTagsAction } from "@/lib/actions/tag-actions";
import type { TagView } from "@/lib/views/tag-view";
import { DeleteTagDialog, EditTagDialog } from "./tag-dialogs";
import { EMPTY_TAG, TagFields } from "./tag-fields";
import { SortableRows } from "./sortable-rows";
import "../forms/forms.css";
import "../tags/tags.css";

export interface TagManagerProps {
  groupId: number;
  groupName: string;
  /** The group's tags in the admins' order. */
  tags: TagView[];
}

/** The admins' tag manager (contract section 18): the tags in their order (reorder, edit, delete), and a form to add one. */
export function TagManager({ groupId, groupName, tags }: TagManagerProps) {
  const router = useRouter();
  const [dialog, setDialog] = useState<{ kind: "edit" | "delete"; tag: TagView } | null>(null);
  const [done, setDone] = useState("");
  const [fields, setFields] = useState(EMPTY_TAG);
  const [nameError, setNameError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: () => unwrapAction(() => createTagAction({ groupId, groupName, ...fields })),
    onSuccess: () => {
      setFields(EMPTY_TAG);
      router.refresh();
    },
  });

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (fields.name.trim() === "") return setNameError("Name the tag first.");
    setNameError(null);
    mutation.mutate();
  }

  const close = () => setDialog(null);
  const finish = (message: string) => {
    setDone(message);
    close();
  };
  return (
    <section className="form-card form-stack" aria-labelledby="tags-title">
      <div>
        <h2 id="tags-title">Tags</h2>
        <p className="form-hint">
          Tags describe threads across categories; people pick up to five when they start or edit a thread, and readers filter the community page by them. Drag
          a handle, or focus it and use Space and the arrow keys, to change the order.
        </p>
      </div>
      {tags.length === 0 ? (
        <p className="form-hint" role="status">
          No tags yet.
        </p>
      ) : (
        <SortableRows
          // A fresh list when tags come, go or change; a new order is the list's own doing.
          key={tags
            .map((tag) => `${tag.id}:${tag.name}:${tag.color}:${tag.restricted}:${tag.threadCount}`)
            .sort()
            .join(",")}
          items={tags}
          noun="tag"
          label="Existing tags"
          testId="tag-row"
          save={(ids) => unwrapAction(() => orderTagsAction({ groupId, groupName, ids }))}
          renderRow={(tag) => (
            <>
              <span className="category-row__name">
                <TagDot color={tag.color} />
                {tag.name}
                <span className="category-row__parent">
                  {" "}
                  · {tag.threadCount === 1 ? "1 thread" : `${tag.threadCount} threads`}
                  {tag.restricted ? " · moderators only" : ""}
                </span>
              </span>
              <span className="category-row__actions">
                <button type="button" className="button button--secondary" aria-label={`Edit ${tag.name}`} onClick={() => setDialog({ kind: "edit", tag })}>
                  Edit
                </button>
                <button type="button" className="button button--secondary" aria-label={`Delete ${tag.name}`} onClick={() => setDialog({ kind: "delete", tag })}>
                  Delete
                </button>
              </span>
            </>
          )}
        />
      )}
      {done ? (
        <p className="form-success" role="status">
          {done}
        </p>
      ) : null}
      {dialog?.kind === "edit" ? <EditTagDialog groupId={groupId} groupName={groupName} tag={dialog.tag} onClose={close} onDone={finish} /> : null}
      {dialog?.kind === "delete" ? <DeleteTagDialog groupId={groupId} groupName={groupName} tag={dialog.tag} onClose={close} onDone={finish} /> : null}
      <form className="form-stack" onSubmit={handleSubmit} noValidate aria-label="Add a tag">
        <TagFields idPrefix="tag-new" value={fields} onChange={setFields} nameError={nameError} />
        <FormStatus mutation={mutation} success={<>Tag “{mutation.data?.name}” added.</>} />
        <FormActions busy={mutation.isPending} label="Add tag" busyLabel="Adding…" />
      </form>
    </section>
  );
}
