"use client";

import { useId } from "react";
import { TextField } from "@/components/forms/text-field";
import "../tags/tags.css";

/** A tag's fields as the manager's forms edit them. */
export interface TagFieldValues {
  name: string;
  /** "#rrggbb", or "" for no color. */
  color: string;
  description: string;
  restricted: boolean;
}

export const EMPTY_TAG: TagFieldValues = { name: "", color: "", description: "", restricted: false };

const TAG_NAME_MAX = 30;
const TAG_DESCRIPTION_MAX = 200;
/** What the color picker starts from when a color is switched on. */
const DEFAULT_COLOR = "#4f46e5";

export interface TagFieldsProps {
  /** Tells the create form's fields from a dialog's. */
  idPrefix: string;
  value: TagFieldValues;
  onChange: (next: TagFieldValues) => void;
  nameError?: string | null;
}

/** Name, description, an optional color and whether only moderators may use the tag. */
export function TagFields({ idPrefix, value, onChange, nameError = null }: TagFieldsProps) {
  const colorId = useId();
  const set = (change: Partial<TagFieldValues>) => onChange({ ...value, ...change });
  return (
    <>
      <div className="form-row">
        <TextField
          label="Name"
          name={`${idPrefix}-name`}
          value={value.name}
          maxLength={TAG_NAME_MAX}
          hint="Letters, digits, spaces, - and _"
          error={nameError}
          onChange={(event) => set({ name: event.target.value })}
        />
        <TextField
          label="Description"
          name={`${idPrefix}-description`}
          optional
          value={value.description}
          maxLength={TAG_DESCRIPTION_MAX}
          onChange={(event) => set({ description: event.target.value })}
        />
      </div>
      <div className="form-row form-row--checks">
        <label className="form-check">
          <input type="checkbox" checked={value.color !== ""} onChange={(event) => set({ color: event.target.checked ? DEFAULT_COLOR : "" })} />
          Give it a color
        </label>
        {value.color !== "" ? (
          <span className="form-check">
            <input id={colorId} type="color" className="tag-color-input" value={value.color} onChange={(event) => set({ color: event.target.value })} />
            <label htmlFor={colorId}>Color</label>
          </span>
        ) : null}
        <label className="form-check">
          <input type="checkbox" checked={value.restricted} onChange={(event) => set({ restricted: event.target.checked })} />
          Only moderators may put it on threads
        </label>
      </div>
    </>
  );
}
