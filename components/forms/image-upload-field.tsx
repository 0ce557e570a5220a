"use client";

import { useState } from "react";
import { uploadFile, type UploadTarget } from "@/components/editor/upload-file";
import { FormField } from "./form-field";

const UPLOAD_PATH = /^https?:\/\/[^/]+(\/uploads\/\d+\/[0-9a-f]{64}\.[a-z0-9]+)$/;

export interface ImageUploadFieldProps {
  label: string;
  /** The image's address as saved with the form ("" for none). */
  value: string;
  /** What the page may show for the saved address (remote images come through /media/proxy). */
  savedPreview: string;
  savedValue: string;
  target: UploadTarget;
  error?: string | null;
  hint?: string;
  /** "wide" for covers, "square" for avatars and logos. */
  shape?: "square" | "wide";
  onChange: (value: string) => void;
}

/** Pick a picture: it is uploaded at once and previewed; saving the form keeps its address. */
export function ImageUploadField({ label, value, savedPreview, savedValue, target, error, hint, shape = "square", onChange }: ImageUploadFieldProps) {
  const [progress, setProgress] = useState<number | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  // Agora's own uploads are shown from their path; the saved address through what the page gave.
  const preview = value === savedValue ? savedPreview : (UPLOAD_PATH.exec(value)?.[1] ?? "");

  async function pick(file: File) {
    setUploadError(null);
    setProgress(0);
    try {
      const stored = await uploadFile(file, target, setProgress);
      onChange(stored.url);
    } catch (failure) {
      setUploadError(failure instanceof Error ? failure.message : "The upload failed");
    } finally {
      setProgress(null);
    }
  }

  return (
    <FormField label={label} hint={hint} error={uploadError ?? error} optional>
      {(control) => (
        <div className={`image-upload image-upload--${shape}`}>
          <div className="image-upload__preview" aria-live="polite">
            {preview ? (
              // eslint-disable-next-line @next/next/no-img-element -- a preview of an upload or a proxied image
              <img src={preview} alt={`${label} preview`} />
            ) : (
              <span className="image-upload__empty">{value ? "Saved picture" : "No picture"}</span>
            )}
          </div>
          <div className="image-upload__actions">
            <input
              {...control}
              type="file"
              accept="image/png,image/jpeg,image/gif,image/webp,image/avif"
              className="image-upload__input"
              disabled={progress !== null}
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = "";
                if (file) void pick(file);
              }}
            />
            {progress !== null ? <progress value={progress} max={1} aria-label={`Uploading ${label.toLowerCase()}`} /> : null}
            {value ? (
              <button type="button" className="button form-button-quiet" onClick={() => onChange("")} disabled={progress !== null}>
                Remove
              </button>
            ) : null}
          </div>
        </div>
      )}
    </FormField>
  );
}
