"use client";

import type QuillType from "quill/core";
import { useId, useRef, useState, type ReactNode, type RefObject } from "react";
import { uploadFile } from "./upload-file";

interface PendingUpload {
  key: number;
  name: string;
  progress: number;
}

export interface ImageUploads {
  pending: PendingUpload[];
  error: string | null;
  /** Uploads the files one by one, each inserted as an image at `index` once it is stored. */
  upload: (files: File[], index?: number) => Promise<void>;
  clearError: () => void;
  /** Says why a file was not taken (e.g. not an image where only images go). */
  refuse: (message: string) => void;
}

let nextKey = 0;

/** The editor's image uploads: progress per file, and a refusal's reason (the draft stays as it is). */
export function useImageUploads(quillRef: RefObject<QuillType | null>, groupName: string | undefined): ImageUploads {
  const [pending, setPending] = useState<PendingUpload[]>([]);
  const [error, setError] = useState<string | null>(null);

  async function upload(files: File[], index?: number) {
    let at = index ?? quillRef.current?.getSelection(true)?.index ?? 0;
    for (const file of files) {
      const key = ++nextKey;
      setPending((list) => [...list, { key, name: file.name, progress: 0 }]);
      try {
        const stored = await uploadFile(file, { groupName, purpose: "post" }, (progress) =>
          setPending((list) => list.map((item) => (item.key === key ? { ...item, progress } : item))),
        );
        const quill = quillRef.current;
        if (quill) {
          quill.insertEmbed(at, "image", stored.url, "user");
          at += 1;
          quill.setSelection(at, 0, "user");
        }
        setError(null);
      } catch (failure) {
        setError(`${file.name}: ${failure instanceof Error ? failure.message : "the upload failed"}`);
      } finally {
        setPending((list) => list.filter((item) => item.key !== key));
      }
    }
  }

  return { pending, error, upload, clearError: () => setError(null), refuse: setError };
}

/** "Upload an image" (a file picker), a progress bar per upload, and why the last one failed; `children` sit beside the picker. */
export function ImageUploadControls({ uploads, accept, children }: { uploads: ImageUploads; accept: string; children?: ReactNode }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  return (
    <div className="editor-uploads">
      <label className="button form-button-quiet editor-upload-button" htmlFor={inputId}>
        Upload an image
      </label>
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        accept={accept}
        multiple
        className="visually-hidden"
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = "";
          if (files.length > 0) void uploads.upload(files);
        }}
      />
      {children}
      {uploads.pending.map((item) => (
        <span key={item.key} className="editor-upload-progress">
          <progress value={item.progress} max={1} aria-label={`Uploading ${item.name}`} /> {item.name}
        </span>
      ))}
      {uploads.error ? (
        <p className="form-error editor-upload-error" role="alert">
          {uploads.error}{" "}
          <button type="button" className="button form-button-quiet" onClick={uploads.clearError}>
            Dismiss
          </button>
        </p>
      ) : null}
    </div>
  );
}
