"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { toCategoryOptions } from "@/components/editor/category-options";
import { CategorySelectField } from "@/components/editor/category-select-field";
import { FormActions, FormStatus } from "@/components/forms/form-footer";
import { TextField } from "@/components/forms/text-field";
import { unwrapAction } from "@/lib/actions/action-types";
import { createCategoryAction } from "@/lib/actions/group-actions";
import type { CategoryView } from "@/lib/views/group-view";
import { DeleteCategoryDialog, EditCategoryDialog } from "./category-dialogs";
import { CategoryOrderList } from "./category-order-list";
import "../forms/forms.css";

export interface CategoryManagerProps {
  groupId: number;
  groupName: string;
  /** The group's categories in display order. */
  categories: CategoryView[];
}

const MAX_CATEGORY_NAME = 64;

/** The group's categories in display order (reorder, edit, delete with a move), and a form to add one. */
export function CategoryManager({ groupId, groupName, categories: rows }: CategoryManagerProps) {
  const router = useRouter();
  const categories = toCategoryOptions(rows);
  const [dialog, setDialog] = useState<{ kind: "edit" | "delete"; category: CategoryView } | null>(null);
  const [done, setDone] = useState("");
  const [name, setName] = useState("");
  const [parentId, setParentId] = useState("");
  const [nameError, setNameError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: (input: { name: string; parentId: number | null }) => unwrapAction(() => createCategoryAction({ groupId, groupName, ...input })),
    onSuccess: () => {
      setName("");
      setParentId("");
      router.refresh();
    },
  });

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    if (trimmed === "") return setNameError("Name the category first.");
    setNameError(null);
    mutation.mutate({ name: trimmed, parentId: parentId ? Number(parentId) : null });
  }

  return (
    <section className="form-card form-stack" aria-labelledby="categories-title">
      <div>
        <h2 id="categories-title">Categories</h2>
        <p className="form-hint">
          Categories group threads by topic. People pick one when they start a thread. Drag a handle, or focus it and use Space and the arrow keys, to change
          the order.
        </p>
      </div>
      {categories.length === 0 ? (
        <p className="form-hint" role="status">
          No categories yet. Threads can still be posted without one.
        </p>
      ) : (
        <CategoryOrderList
          // A fresh list when categories come, go, move or are renamed; a new order is the list's own doing.
          key={rows
            .map((row) => `${row.id}:${row.parentId}:${row.name}`)
            .sort()
            .join(",")}
          groupId={groupId}
          groupName={groupName}
          categories={rows}
          onEdit={(category) => setDialog({ kind: "edit", category })}
          onDelete={(category) => setDialog({ kind: "delete", category })}
        />
      )}
      {done ? (
        <p className="form-success" role="status">
          {done}
        </p>
      ) : null}
      {dialog
        ? (() => {
            const Dialog = dialog.kind === "edit" ? EditCategoryDialog : DeleteCategoryDialog;
            const close = () => setDialog(null);
            const finish = (message: string) => {
              setDone(message);
              close();
            };
            return <Dialog groupId={groupId} groupName={groupName} category={dialog.category} categories={rows} onClose={close} onDone={finish} />;
          })()
        : null}
      <form className="form-stack" onSubmit={handleSubmit} noValidate aria-label="Add a category">
        <div className="form-row">
          <TextField
            label="New category name"
            name="category-name"
            value={name}
            maxLength={MAX_CATEGORY_NAME}
            error={nameError}
            onChange={(event) => setName(event.target.value)}
          />
          <CategorySelectField label="Inside" emptyLabel="Top level" categories={categories} value={parentId} onChange={setParentId} />
        </div>
        <FormStatus mutation={mutation} success={<>Category “{mutation.data?.name}” added.</>} />
        <FormActions busy={mutation.isPending} label="Add category" busyLabel="Adding…" />
      </form>
    </section>
  );
}
