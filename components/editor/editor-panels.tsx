"use client";

import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { normalizeUserUrl } from "./clean-delta";
import { COMMON_EMOJI, describeEmoji, type EmojiValue } from "./emoji-list";

export interface UrlPanelProps {
  /** Names the panel for screen readers, e.g. "Insert a link". */
  title: string;
  label: string;
  initial: string;
  submitLabel: string;
  /** When editing an existing link, an empty address removes it. */
  allowEmpty: boolean;
  onSubmit: (url: string | null) => void;
  onCancel: () => void;
}

export function UrlPanel({ title, label, initial, submitLabel, allowEmpty, onSubmit, onCancel }: UrlPanelProps) {
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const errorId = useId();

  useEffect(() => inputRef.current?.focus(), []);

  function submit() {
    if (value.trim() === "" && allowEmpty) return onSubmit(null);
    const url = normalizeUserUrl(value);
    if (!url) return setError("Enter a web address starting with http:// or https://");
    onSubmit(url);
  }

  return (
    <div className="editor-panel" role="dialog" aria-label={title} onKeyDown={(event) => closeOnEscape(event, onCancel)}>
      <label htmlFor={inputId} className="editor-panel-label">
        {label}
      </label>
      <div className="editor-panel-row">
        <input
          ref={inputRef}
          id={inputId}
          className="form-input"
          type="url"
          inputMode="url"
          placeholder="https://"
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => {
            setValue(event.target.value);
            setError(null);
          }}
          onKeyDown={(event) => {
            if (event.key === "Enter") {
              event.preventDefault();
              submit();
            }
          }}
        />
        <button type="button" className="button button--primary" onClick={submit}>
          {allowEmpty && value.trim() === "" ? "Remove link" : submitLabel}
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
      {error ? (
        <p id={errorId} className="editor-panel-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export interface EmojiPanelProps {
  onPick: (emoji: EmojiValue) => void;
  onCancel: () => void;
}

export function EmojiPanel({ onPick, onCancel }: EmojiPanelProps) {
  const gridRef = useRef<HTMLDivElement>(null);

  useEffect(() => gridRef.current?.querySelector("button")?.focus(), []);

  function moveFocus(event: KeyboardEvent<HTMLDivElement>) {
    const buttons = Array.from(gridRef.current?.querySelectorAll<HTMLButtonElement>("button") ?? []);
    const current = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const columns = 8;
    const steps: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: columns, ArrowUp: -columns };
    const step = steps[event.key];
    if (current < 0 || step === undefined) return;
    event.preventDefault();
    buttons[Math.min(buttons.length - 1, Math.max(0, current + step))]?.focus();
  }

  return (
    <div className="editor-panel" role="dialog" aria-label="Insert an emoji" onKeyDown={(event) => closeOnEscape(event, onCancel)}>
      <div className="editor-emoji-grid" ref={gridRef} onKeyDown={moveFocus}>
        {COMMON_EMOJI.map((emoji) => (
          <button
            key={emoji.name}
            type="button"
            className="editor-emoji"
            aria-label={describeEmoji(emoji.name)}
            title={describeEmoji(emoji.name)}
            onClick={() => onPick(emoji)}
          >
            {emoji.unicode}
          </button>
        ))}
      </div>
      <div className="editor-panel-row editor-panel-end">
        <button type="button" className="button button--secondary" onClick={onCancel}>
          Close
        </button>
      </div>
    </div>
  );
}

function closeOnEscape(event: KeyboardEvent, onCancel: () => void) {
  if (event.key !== "Escape") return;
  event.preventDefault();
  event.stopPropagation();
  onCancel();
}
