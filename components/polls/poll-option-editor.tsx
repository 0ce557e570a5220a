"use client";

import { useId } from "react";
import { MAX_OPTION_TEXT, MAX_POLL_OPTIONS, newDraftKey, type PollDraftErrors, type PollOptionDraft } from "./poll-draft";
import { SortableList } from "./sortable-list";

export interface PollOptionEditorProps {
  options: PollOptionDraft[];
  onChange: (options: PollOptionDraft[]) => void;
  errors: PollDraftErrors;
  /** The poll's number in the composer, so every label names its poll. */
  pollNumber: number;
}

const optionName = (option: PollOptionDraft, index: number) => (option.text.trim() ? `option ${index + 1}, ${option.text.trim()}` : `option ${index + 1}`);

/** A poll's options: type each, add up to 20, remove down to 2, and put them in order by drag or keyboard. */
export function PollOptionEditor({ options, onChange, errors, pollNumber }: PollOptionEditorProps) {
  const id = useId();
  const edit = (key: string, text: string) => onChange(options.map((option) => (option.key === key ? { ...option, text } : option)));
  const remove = (key: string) => onChange(options.filter((option) => option.key !== key));
  return (
    <fieldset className="poll-builder__options">
      <legend className="form-label">Options</legend>
      <SortableList
        items={options}
        keyOf={(option) => option.key}
        nameOf={(option) => optionName(option, options.indexOf(option))}
        onReorder={onChange}
        label={`Options of poll ${pollNumber}`}
        className="poll-sortable"
        rowClassName="poll-sortable__row"
        renderRow={(option, index, handle) => {
          const error = errors[`options.${index}`];
          const errorId = `${id}-${option.key}-error`;
          return (
            <>
              <button type="button" className="poll-sortable__handle" aria-label={`Move option ${index + 1}`} {...handle}>
                <span aria-hidden="true">⠿</span>
              </button>
              <div className="poll-sortable__body">
                <input
                  className="form-input"
                  aria-label={`Option ${index + 1}`}
                  value={option.text}
                  maxLength={MAX_OPTION_TEXT}
                  placeholder={`Option ${index + 1}`}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? errorId : undefined}
                  onChange={(event) => edit(option.key, event.target.value)}
                />
                {error ? (
                  <p id={errorId} className="form-error">
                    {error}
                  </p>
                ) : null}
              </div>
              <button
                type="button"
                className="button button--secondary poll-sortable__remove"
                aria-label={`Remove option ${index + 1}`}
                disabled={options.length <= 2}
                onClick={() => remove(option.key)}
              >
                Remove
              </button>
            </>
          );
        }}
      />
      {errors.options ? <p className="form-error">{errors.options}</p> : null}
      <p className="form-hint">Drag a handle to reorder, or focus it and press Space, then the arrow keys.</p>
      {options.length < MAX_POLL_OPTIONS ? (
        <button
          type="button"
          className="button button--secondary poll-builder__add-option"
          onClick={() => onChange([...options, { key: newDraftKey("option"), text: "" }])}
        >
          Add option
        </button>
      ) : null}
    </fieldset>
  );
}
