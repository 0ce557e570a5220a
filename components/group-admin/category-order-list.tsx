"use client";

import { unwrapAction } from "@/lib/actions/action-types";
import { orderCategoriesAction } from "@/lib/actions/category-actions";
import type { CategoryView } from "@/lib/views/group-view";
import { SortableRows } from "./sortable-rows";
import "./category-manager.css";

export interface CategoryOrderListProps {
  groupId: number;
  groupName: string;
  categories: CategoryView[];
  onEdit: (category: CategoryView) => void;
  onDelete: (category: CategoryView) => void;
}

/** The group's categories in display order; drag a handle, or use it from the keyboard, and the new order is saved at once. */
export function CategoryOrderList({ groupId, groupName, categories, onEdit, onDelete }: CategoryOrderListProps) {
  const names = new Map(categories.map((category) => [category.id, category.name]));
  return (
    <SortableRows
      items={categories}
      noun="category"
      label="Existing categories"
      testId="category-row"
      save={(ids) => unwrapAction(() => orderCategoriesAction({ groupId, groupName, ids }))}
      renderRow={(category) => {
        const parentName = category.parentId === null ? null : (names.get(category.parentId) ?? null);
        return (
          <>
            <span className="category-row__name">
              {category.name}
              {parentName ? <span className="category-row__parent"> in {parentName}</span> : null}
            </span>
            <span className="category-row__actions">
              <button type="button" className="button button--secondary" aria-label={`Edit ${category.name}`} onClick={() => onEdit(category)}>
                Edit
              </button>
              <button type="button" className="button button--secondary" aria-label={`Delete ${category.name}`} onClick={() => onDelete(category)}>
                Delete
              </button>
            </span>
          </>
        );
      }}
    />
  );
}
