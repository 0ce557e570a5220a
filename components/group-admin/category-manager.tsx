"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import type { CategoryOption } from "@/components/editor/category-options";
import { CategorySelectField } from "@/components/editor/category-select-field";
import { FormActions, FormStatus } from "@/components/forms/form-footer";
import { TextField } from "@/components/forms/text-field";
import { unwrapAction } from "@/lib/actions/action-types";
import { createCategoryAction } from "@/lib/actions/group-actions";
import "../forms/forms.css";

export interface CategoryManagerProps {
  groupId: number;
  groupName: string;
  categories: CategoryOption[];
}

const MAX_CATEGORY_NAME = 64;

/** The group's categories as a tree, and a form to add one (optionally under a parent). */
export function CategoryManager({ groupId, groupName, categories }: CategoryManagerProps) {
  const router = useRouter();
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
        <p className="form-hint">Categories group threads by topic. People pick one when they start a thread.</p>
      </div>
      {categories.length === 0 ? (
        <p className="form-hint" role="status">
          No categories yet. Threads can still be posted without one.
        </p>
      ) : (
        <ul className="form-list" aria-label="Existing categories">
          {categories.map((category) => (
            <li key={category.id} style={{ marginLeft: category.depth * 20 }}>
              <span>{category.name}</span>
            </li>
          ))}
        </ul>
      )}
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
