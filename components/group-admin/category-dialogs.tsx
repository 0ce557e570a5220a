"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { toCategoryOptions } from "@/components/editor/category-options";
import { CategorySelectField } from "@/components/editor/category-select-field";
import { TextField } from "@/components/forms/text-field";
import { DialogActions } from "@/components/ui/dialog-actions";
import { ModalDialog } from "@/components/ui/modal-dialog";
import { unwrapAction } from "@/lib/actions/action-types";
import { deleteCategoryAction, editCategoryAction } from "@/lib/actions/category-actions";
import type { CategoryView } from "@/lib/views/group-view";

export interface CategoryDialogProps {
  groupId: number;
  groupName: string;
  category: CategoryView;
  categories: CategoryView[];
  onClose: () => void;
  onDone: (message: string) => void;
}

/** The category and every one under it: none of them can become its parent. */
function withDescendants(categories: CategoryView[], id: number): Set<number> {
  const within = new Set([id]);
  for (let grew = true; grew;) {
    grew = false;
    for (const category of categories) {
      if (category.parentId !== null && within.has(category.parentId) && !within.has(category.id)) {
        within.add(category.id);
        grew = true;
      }
    }
  }
  return within;
}

/** Rename a category and choose what it sits in. */
export function EditCategoryDialog({ groupId, groupName, category, categories, onClose, onDone }: CategoryDialogProps) {
  const router = useRouter();
  const [name, setName] = useState(category.name);
  const [parent, setParent] = useState(category.parentId === null ? "" : String(category.parentId));
  const excluded = withDescendants(categories, category.id);
  const parents = toCategoryOptions(categories.filter((other) => !excluded.has(other.id)));
  const mutation = useMutation({
    mutationFn: () =>
      unwrapAction(() => editCategoryAction({ groupId, groupName, categoryId: category.id, name: name.trim(), parentId: parent ? Number(parent) : null })),
    onSuccess: (saved) => {
      onDone(`Saved “${saved.name}”.`);
      router.refresh();
    },
  });
  return (
    <ModalDialog title={`Edit ${category.name}`} onClose={onClose}>
      <div className="form-stack">
        <TextField label="Name" name="category-rename" value={name} maxLength={64} onChange={(event) => setName(event.target.value)} />
        <CategorySelectField label="Inside" emptyLabel="Top level" categories={parents} value={parent} onChange={setParent} />
        <DialogActions
          error={mutation.isError ? mutation.error.message : null}
          onCancel={onClose}
          onConfirm={() => mutation.mutate()}
          pending={mutation.isPending}
          confirmLabel="Save category"
          pendingLabel="Saving…"
          disabled={name.trim() === ""}
        />
      </div>
    </ModalDialog>
  );
}

/** Delete a category after choosing where its threads go; its subcategories move up to its parent. */
export function DeleteCategoryDialog({ groupId, groupName, category, categories, onClose, onDone }: CategoryDialogProps) {
  const router = useRouter();
  const [moveTo, setMoveTo] = useState("");
  const targets = toCategoryOptions(categories.filter((other) => other.id !== category.id));
  const children = categories.filter((other) => other.parentId === category.id);
  const mutation = useMutation({
    mutationFn: () => unwrapAction(() => deleteCategoryAction({ groupId, groupName, categoryId: category.id, moveTo: moveTo ? Number(moveTo) : null })),
    onSuccess: ({ moved }) => {
      onDone(`Deleted “${category.name}”; ${moved === 1 ? "1 thread" : `${moved} threads`} moved.`);
      router.refresh();
    },
  });
  return (
    <ModalDialog title={`Delete ${category.name}?`} onClose={onClose}>
      <div className="form-stack">
        <p>
          Its threads stay in the community.
          {children.length > 0 ? ` Its subcategories (${children.map((child) => child.name).join(", ")}) move up one level.` : ""}
        </p>
        <CategorySelectField label="Move its threads to" emptyLabel="No category" categories={targets} value={moveTo} onChange={setMoveTo} />
        <DialogActions
          error={mutation.isError ? mutation.error.message : null}
          onCancel={onClose}
          onConfirm={() => mutation.mutate()}
          pending={mutation.isPending}
          confirmLabel="Delete category"
          pendingLabel="Deleting…"
          danger
        />
      </div>
    </ModalDialog>
  );
}
