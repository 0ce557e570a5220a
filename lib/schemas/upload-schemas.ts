import { z } from "zod";
import { AttachedFileSchema } from "@/lib/schemas/post-schemas";

const Int = z.number().int();

/** A file part of a multipart body, read whole (within AGORA_UPLOAD_MAX_BYTES) by the API. */
export interface UploadedFile {
  name: string;
  bytes: Buffer;
}

function isUploadedFile(value: unknown): value is UploadedFile {
  return typeof value === "object" && value !== null && "bytes" in value && Buffer.isBuffer((value as UploadedFile).bytes);
}

/** The `file` part of POST /api/v2/uploads (described to OpenAPI as binary). */
export const UploadedFileSchema = z.custom<UploadedFile>(isUploadedFile, { error: "file: a file part is required" });

export const UPLOAD_PURPOSES = ["post", "avatar", "cover", "logo"] as const;

/** Contract section 15: the upload record, the reference's "Attached file" with width, height and sha256. */
export const UploadFileSchema = AttachedFileSchema.extend({
  width: Int.nullable(),
  height: Int.nullable(),
  sha256: z.string(),
});
export type UploadFileDto = z.infer<typeof UploadFileSchema>;

export const UploadResponseSchema = z.strictObject({ file: UploadFileSchema });
export const UploadListResponseSchema = z.strictObject({ files: z.array(UploadFileSchema), count: Int });
export const EmptyResponseSchema = z.strictObject({});

const MAX_FILE_ATTACHMENTS = 10;

function splitIds(value: unknown): unknown {
  if (value === undefined || value === null || value === "") return [];
  if (typeof value === "number") return [value];
  if (typeof value === "string") return value.split(",").map((part) => (/^\s*\d+\s*$/.test(part) ? Number(part) : part));
  return value;
}

/** `file_attachments`: upload ids, comma-separated (or one number), at most 10; blank means none. */
export const FileAttachmentsParamSchema = z.preprocess(
  splitIds,
  z
    .array(z.unknown(), { error: "must be upload ids, comma-separated" })
    .refine((ids) => ids.every((id) => typeof id === "number" && Number.isInteger(id) && id >= 1 && id <= 2_147_483_647), {
      error: "must be upload ids, comma-separated",
    })
    .refine((ids) => ids.length <= MAX_FILE_ATTACHMENTS, { error: `must name at most ${MAX_FILE_ATTACHMENTS} uploads` })
    .transform((ids) => [...new Set(ids as number[])]),
);
