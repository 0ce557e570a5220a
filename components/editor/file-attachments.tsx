"use client";

import { useEffect, useId, useRef, useState } from "react";
import { formatBytes } from "@/lib/format/bytes";
import { uploadFile } from "./upload-file";

// Contract section 15: files other than images, where the group allows them, go under the post as
// chips; their upload ids are sent as file_attachments. A chip removed before posting leaves its
// upload unattached, and the hourly orphan sweep takes it.

export const MAX_FILE_ATTACHMENTS = 10;

export interface AttachmentChip {
  key: number;
  name: string;
  size: number;
  /** 0…1 while uploading; 1 once stored. */
  progress: number;
  /** The upload's id once stored. */
  id: number | null;
}

export interface FileAttachments {
  chips: AttachmentChip[];
  error: string | null;
  add: (files: File[]) => Promise<void>;
  remove: (key: number) => void;
  clear: () => void;
  clearError: () => void;
}

let nextKey = 0;

/** The composer's attached files: each uploads with its progress; a refusal says why and the rest of the draft stays. */
export function useFileAttachments(groupName: string | undefined): FileAttachments {
  const [chips, setChips] = useState<AttachmentChip[]>([]);
  const [error, setError] = useState<string | null>(null);
  // How many chips there are, counted at once as add() goes (state shows them a render later).
  const countRef = useRef(0);
  useEffect(() => {
    countRef.current = chips.length;
  }, [chips.length]);

  const update = (key: number, change: Partial<AttachmentChip>) => setChips((list) => list.map((chip) => (chip.key === key ? { ...chip, ...change } : chip)));

  async function add(files: File[]) {
    for (const file of files) {
      if (countRef.current >= MAX_FILE_ATTACHMENTS) {
        setError(`${file.name}: a post takes at most ${MAX_FILE_ATTACHMENTS} files`);
        return;
      }
      const key = ++nextKey;
      countRef.current += 1;
      setChips((list) => [...list, { key, name: file.name, size: file.size, progress: 0, id: null }]);
      try {
        const stored = await uploadFile(file, { groupName, purpose: "post" }, (progress) => update(key, { progress }));
        update(key, { id: stored.id, name: stored.name, size: stored.size, progress: 1 });
        setError(null);
      } catch (failure) {
        countRef.current -= 1;
        setChips((list) => list.filter((chip) => chip.key !== key));
        setError(`${file.name}: ${failure instanceof Error ? failure.message : "the upload failed"}`);
      }
    }
  }

  return {
    chips,
    error,
    add,
    remove: (key) => setChips((list) => list.filter((chip) => chip.key !== key)),
    clear: () => setChips([]),
    clearError: () => setError(null),
  };
}

/** "Attach a file": a picker for any type (the server decides what the group takes). */
export function AttachFileButton({ onFiles }: { onFiles: (files: File[]) => void }) {
  const inputId = useId();
  return (
    <>
      <label className="button form-button-quiet editor-upload-button" htmlFor={inputId}>
        Attach a file
      </label>
      <input
        id={inputId}
        type="file"
        multiple
        className="visually-hidden"
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = "";
          if (files.length > 0) onFiles(files);
        }}
      />
    </>
  );
}

/** The chips under the editor: name, size, progress while uploading, and a remove button. */
export function AttachmentChips({ attachments }: { attachments: FileAttachments }) {
  const { chips, error } = attachments;
  if (chips.length === 0 && !error) return null;
  return (
    <div className="editor-attachments">
      {chips.length > 0 ? (
        <ul className="editor-chips" aria-label="Attached files">
          {chips.map((chip) => (
            <li key={chip.key} className="editor-chip" data-uploaded={chip.id !== null ? "true" : undefined}>
              <span className="editor-chip__name">{chip.name}</span> <span className="editor-chip__size">{formatBytes(chip.size)}</span>
              {chip.id === null ? <progress value={chip.progress} max={1} aria-label={`Uploading ${chip.name}`} /> : null}
              <button type="button" className="editor-chip__remove" aria-label={`Remove ${chip.name}`} onClick={() => attachments.remove(chip.key)}>
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {error ? (
        <p className="form-error editor-upload-error" role="alert">
          {error}{" "}
          <button type="button" className="button form-button-quiet" onClick={attachments.clearError}>
            Dismiss
          </button>
        </p>
      ) : null}
    </div>
  );
}
