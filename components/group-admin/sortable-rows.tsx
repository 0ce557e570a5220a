"use client";

import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from "@dnd-kit/core";
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { useMutation } from "@tanstack/react-query";
import { useId, useState, type ReactNode } from "react";
import "./category-manager.css";

// The admins' ordered lists (categories, tags): drag a handle, or focus it and use Space and the
// arrow keys; the new order is saved at once and put back if the save fails.

interface SortableItem {
  id: number;
  name: string;
}

function SortableRow<T extends SortableItem>({ item, testId, children }: { item: T; testId: string; children: ReactNode }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: item.id });
  return (
    <li
      ref={setNodeRef}
      className="category-row"
      data-dragging={isDragging ? "true" : undefined}
      data-testid={testId}
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      <button type="button" ref={setActivatorNodeRef} className="category-row__handle" aria-label={`Move ${item.name}`} {...attributes} {...listeners}>
        <span aria-hidden="true">⠿</span>
      </button>
      {children}
    </li>
  );
}

export interface SortableRowsProps<T extends SortableItem> {
  items: T[];
  /** What one item is called ("tag"), in the instructions and announcements. */
  noun: string;
  /** The list's accessible name. */
  label: string;
  testId: string;
  /** Saves the new order (every item's id); rejects with a message to show. */
  save: (ids: number[]) => Promise<unknown>;
  /** A row's content after its handle. */
  renderRow: (item: T) => ReactNode;
}

export function SortableRows<T extends SortableItem>({ items, noun, label, testId, save, renderRow }: SortableRowsProps<T>) {
  const [order, setOrder] = useState(items);
  const [status, setStatus] = useState("");
  const dndId = useId();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const names = new Map(items.map((item) => [item.id, item.name]));
  const mutation = useMutation({
    mutationFn: (next: T[]) => save(next.map((item) => item.id)),
    onSuccess: () => setStatus("Order saved."),
    onError: () => setOrder(items),
  });

  function handleDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const next = arrayMove(
      order,
      order.findIndex((item) => item.id === active.id),
      order.findIndex((item) => item.id === over.id),
    );
    setOrder(next);
    setStatus("Saving the order…");
    mutation.mutate(next);
  }

  const nameOf = (id: unknown) => names.get(Number(id)) ?? `the ${noun}`;
  return (
    <div className="form-stack">
      <DndContext
        id={dndId}
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={handleDragEnd}
        accessibility={{
          screenReaderInstructions: {
            draggable: `To move a ${noun}, focus its handle and press Space. Use the up and down arrow keys to move it, Space again to drop it there, or Escape to cancel.`,
          },
          announcements: {
            onDragStart: ({ active }) => `Picked up ${nameOf(active.id)}.`,
            onDragOver: ({ active, over }) => (over ? `${nameOf(active.id)} is now where ${nameOf(over.id)} was.` : undefined),
            onDragEnd: ({ active, over }) => (over ? `Dropped ${nameOf(active.id)}.` : `Put ${nameOf(active.id)} back.`),
            onDragCancel: ({ active }) => `Put ${nameOf(active.id)} back.`,
          },
        }}
      >
        <SortableContext items={order.map((item) => item.id)} strategy={verticalListSortingStrategy}>
          <ul className="category-list" aria-label={label}>
            {order.map((item) => (
              <SortableRow key={item.id} item={item} testId={testId}>
                {renderRow(item)}
              </SortableRow>
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
