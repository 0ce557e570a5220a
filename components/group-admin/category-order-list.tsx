"use client";

import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from "@dnd-kit/core";
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { useMutation } from "@tanstack/react-query";
import { useId, useState } from "react";
import { unwrapAction } from "@/lib/actions/action-types";
import { orderCategoriesAction } from "@/lib/actions/category-actions";
import type { CategoryView } from "@/lib/views/group-view";
import "./category-manager.css";

interface RowProps {
  category: CategoryView;
  parentName: string | null;
  onEdit: (category: CategoryView) => void;
  onDelete: (category: CategoryView) => void;
}

function SortableCategoryRow({ category, parentName, onEdit, onDelete }: RowProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: category.id });
  return (
    <li
      ref={setNodeRef}
      className="category-row"
      data-dragging={isDragging ? "true" : undefined}
      data-testid="category-row"
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      <button type="button" ref={setActivatorNodeRef} className="category-row__handle" aria-label={`Move ${category.name}`} {...attributes} {...listeners}>
        <span aria-hidden="true">⠿</span>
      </button>
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
    </li>
  );
}

export interface CategoryOrderListProps {
  groupId: number;
  groupName: string;
  categories: CategoryView[];
  onEdit: (category: CategoryView) => void;
  onDelete: (category: CategoryView) => void;
}

const INSTRUCTIONS =
  "To move a category, focus its handle and press Space. Use the up and down arrow keys to move it, Space again to drop it there, or Escape to cancel.";

/** The group's categories in display order; drag a handle, or use it from the keyboard, and the new order is saved at once. */
export function CategoryOrderList({ groupId, groupName, categories, onEdit, onDelete }: CategoryOrderListProps) {
  const [order, setOrder] = useState(categories);
  const [status, setStatus] = useState("");
  const dndId = useId();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const names = new Map(categories.map((category) => [category.id, category.name]));
  const mutation = useMutation({
    mutationFn: (next: CategoryView[]) => unwrapAction(() => orderCategoriesAction({ groupId, groupName, ids: next.map((category) => category.id) })),
    onSuccess: () => setStatus("Order saved."),
    onError: () => setOrder(categories),
  });

  function handleDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const from = order.findIndex((category) => category.id === active.id);
    const to = order.findIndex((category) => category.id === over.id);
    const next = arrayMove(order, from, to);
    setOrder(next);
    setStatus("Saving the order…");
    mutation.mutate(next);
  }

  const nameOf = (id: unknown) => names.get(Number(id)) ?? "the category";
  return (
    <div className="form-stack">
      <DndContext
        id={dndId}
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={handleDragEnd}
        accessibility={{
          screenReaderInstructions: { draggable: INSTRUCTIONS },
          announcements: {
            onDragStart: ({ active }) => `Picked up ${nameOf(active.id)}.`,
            onDragOver: ({ active, over }) => (over ? `${nameOf(active.id)} is now where ${nameOf(over.id)} was.` : undefined),
            onDragEnd: ({ active, over }) => (over ? `Dropped ${nameOf(active.id)}.` : `Put ${nameOf(active.id)} back.`),
            onDragCancel: ({ active }) => `Put ${nameOf(active.id)} back.`,
          },
        }}
      >
        <SortableContext items={order.map((category) => category.id)} strategy={verticalListSortingStrategy}>
          <ul className="category-list" aria-label="Existing categories">
            {order.map((category) => (
              <SortableCategoryRow
                key={category.id}
                category={category}
                parentName={category.parentId === null ? null : (names.get(category.parentId) ?? null)}
                onEdit={onEdit}
                onDelete={onDelete}
              />
            ))}
          </ul>
        </SortableContext>
      </DndContext>
      <p role="status" className={mutation.isError ? "form-error" : "form-hint"}>
        {mutation.isError ? mutation.error.message : status}
      </p>
    </div>
  );
}
