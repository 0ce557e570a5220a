"use client";

import { useId } from "react";
import type { TagView } from "@/lib/views/tag-view";
import { TagDot } from "./tag-chips";
import "./tags.css";

/** How many tags a thread carries at most (contract section 18). */
export const MAX_THREAD_TAGS = 5;

export interface TagPickerProps {
  /** The group's tags in the admins' order. */
  tags: TagView[];
  /** The chosen tag ids. */
  value: number[];
  onChange: (next: number[]) => void;
  /** A moderator may add restricted tags; anyone may keep one the thread already carries. */
  canAddRestricted: boolean;
  /** The thread's tags before this edit (none for a new thread). */
  initial?: number[];
}

/** The composer's tag picker: a checkbox per tag, at most five, restricted ones for moderators only. */
export function TagPicker({ tags, value, onChange, canAddRestricted, initial = [] }: TagPickerProps) {
  const hintId = useId();
  if (tags.length === 0) return null;
  const full = value.length >= MAX_THREAD_TAGS;
  function toggle(id: number, on: boolean) {
    // Kept in the group's order, whatever order they were ticked in.
    onChange(tags.map((tag) => tag.id).filter((tagId) => (tagId === id ? on : value.includes(tagId))));
  }
  return (
    <fieldset className="tag-picker" aria-describedby={hintId}>
      <legend className="form-label">Tags</legend>
      <div className="tag-picker__options">
        {tags.map((tag) => {
          const checked = value.includes(tag.id);
          const lockedOut = tag.restricted && !canAddRestricted && !initial.includes(tag.id);
          return (
            <label key={tag.id} className="tag-option" data-checked={checked ? "true" : undefined} title={tag.description || undefined}>
              <input type="checkbox" checked={checked} disabled={!checked && (full || lockedOut)} onChange={(event) => toggle(tag.id, event.target.checked)} />
              <TagDot color={tag.color} />
              {tag.name}
              {tag.restricted ? <span className="tag-option__note">moderators only</span> : null}
            </label>
          );
        })}
      </div>
      <p className="form-hint" id={hintId} aria-live="polite">
        {value.length === 0 ? `Optional: up to ${MAX_THREAD_TAGS} tags.` : `${value.length} of ${MAX_THREAD_TAGS} tags chosen.`}
      </p>
    </fieldset>
  );
}
