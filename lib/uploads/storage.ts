import "server-only";
import type { Readable } from "node:stream";
import { getEnv } from "@/lib/env";
import { createLocalStorage } from "@/lib/uploads/local-storage";
import { resource } from "@/lib/runtime/registry";

// Contract section 15: stored files live behind this one small interface, on local disk under
// AGORA_DATA_DIR/uploads by default or in an S3-compatible bucket (AGORA_S3_BUCKET). Upload keys are
// content addresses ("<sha256>.<ext>"), so writing the same bytes twice is a no-op; data exports
// (contract section 20) are "exports/<random>.zip", which no content address can be.

export interface ByteRange {
  start: number;
  /** Inclusive, as in a Range header. */
  end: number;
}

export interface StoredObject {
  /** The whole object's size in bytes. */
  size: number;
  body: ReadableStream<Uint8Array>;
}

export interface UploadStorage {
  readonly kind: "local" | "s3";
  /** Stores the bytes under `key` whole or not at all (readers never see a partial object). */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** Stores `size` bytes read from `body` under `key`, whole or not at all, replacing what was there; never held in memory. */
  putStream(key: string, body: Readable, size: number, contentType: string): Promise<void>;
  /** The object's size, or null when it is not stored. */
  size(key: string): Promise<number | null>;
  /** The object (or `range` of it), or null when it is not stored. */
  read(key: string, range?: ByteRange): Promise<StoredObject | null>;
  /** Removes the object; removing one that is not there is fine. */
  remove(key: string): Promise<void>;
  /** Whether the store holds no object (a restore fills an empty store only). */
  isEmpty(): Promise<boolean>;
}

/** The configured storage, made once per process. */
export function getUploadStorage(): Promise<UploadStorage> {
  return resource("uploads.storage", makeStorage);
}

async function makeStorage(): Promise<UploadStorage> {
  const env = getEnv();
  if (env.AGORA_S3_BUCKET) {
    const { createS3Storage } = await import("@/lib/uploads/s3-storage");
    return createS3Storage({
      bucket: env.AGORA_S3_BUCKET,
      endpoint: env.AGORA_S3_ENDPOINT,
      region: env.AGORA_S3_REGION,
      accessKeyId: env.AGORA_S3_ACCESS_KEY_ID,
      secretAccessKey: env.AGORA_S3_SECRET_ACCESS_KEY,
    });
  }
  return createLocalStorage(env.AGORA_DATA_DIR);
}

/** The storage key of a content hash and extension. */
export function storageKey(sha256: string, ext: string): string {
  return `${sha256}.${ext}`;
}

/** The storage key of a data export: its random name, in a folder content addresses never use. */
export function exportStorageKey(fileKey: string): string {
  return `exports/${fileKey}.zip`;
}

/** An export's random name: 24 random bytes, base64url. */
export const EXPORT_FILE_KEY_PATTERN = /^[A-Za-z0-9_-]{32}$/;
