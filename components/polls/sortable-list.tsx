"use client";

import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from "@dnd-kit/core";
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { useId, type ReactNode } from "react";

// A list put in order by dragging a handle or from the keyboard (focus the handle, Space, arrows,
// Space), as the category manager does: the poll builder's options and a ranked ballot.

/** What a row hands to its handle button: the drag listeners and the keyboard's attributes. */
export interface SortableHandleProps {
  ref: (element: HTMLElement | null) => void;
  [attribute: string]: unknown;
}

interface SortableRowProps {
  id: string;
  className: string;
  children: (handle: SortableHandleProps) => ReactNode;
}

function SortableRow({ id, className, children }: SortableRowProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  return (
    <li
      ref={setNodeRef}
      className={className}
      data-dragging={isDragging ? "true" : undefined}
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      {children({ ref: setActivatorNodeRef, ...attributes, ...listeners })}
    </li>
  );
}

export interface SortableListProps<T> {
  items: T[];
  keyOf: (item: T) => string;
  /** The item's name in the screen reader's announcements ("Picked up Blue."). */
  nameOf: (item: T) => string;
  onReorder: (next: T[]) => void;
  label: string;
  className: string;
  rowClassName: string;
  renderRow: (item: T, index: number, handle: SortableHandleProps) => ReactNode;
}

const INSTRUCTIONS =
  "To move an item, focus its handle and press Space. Use the up and down arrow keys to move it, Space again to drop it there, or Escape to cancel.";

export function SortableList<T>({ items, keyOf, nameOf, onReorder, label, className, rowClassName, renderRow }: SortableListProps<T>) {
  const dndId = useId();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const keys = items.map(keyOf);
  const name = (id: unknown) => {
    const item = items[keys.indexOf(String(id))];
    return item === undefined ? "the item" : nameOf(item);
  };
  const position = (id: unknown) => keys.indexOf(String(id)) + 1;

  function handleDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    onReorder(arrayMove(items, keys.indexOf(String(active.id)), keys.indexOf(String(over.id))));
  }

  return (
    <DndContext
      id={dndId}
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={handleDragEnd}
      accessibility={{
        screenReaderInstructions: { draggable: INSTRUCTIONS },
        announcements: {
          onDragStart: ({ active }) => `Picked up ${name(active.id)}, position ${position(active.id)} of ${items.length}.`,
          onDragOver: ({ active, over }) => (over ? `${name(active.id)} is now at position ${position(over.id)} of ${items.length}.` : undefined),
          onDragEnd: ({ active, over }) => (over ? `Dropped ${name(active.id)} at position ${position(over.id)}.` : `Put ${name(active.id)} back.`),
          onDragCancel: ({ active }) => `Put ${name(active.id)} back.`,
        },
      }}
    >
      <SortableContext items={keys} strategy={verticalListSortingStrategy}>
        <ol className={className} aria-label={label}>
          {items.map((item, index) => (
            <SortableRow key={keys[index]} id={keys[index]!} className={rowClassName}>
              {(handle) => renderRow(item, index, handle)}
            </SortableRow>
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}
