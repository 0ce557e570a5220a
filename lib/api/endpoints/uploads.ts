import "server-only";
import { z } from "zod";
import { defineEndpoint } from "@/lib/api/define-endpoint";
import { readRequestOrigin } from "@/lib/api/request-origin";
import { serializeUpload } from "@/lib/api/serializers/upload";
import { idParam, pageParam, pageSizeParam, unsetWhenBlank } from "@/lib/schemas/params";
import { optionalIntParam } from "@/lib/schemas/thread-schemas";
import { EmptyResponseSchema, UPLOAD_PURPOSES, UploadedFileSchema, UploadListResponseSchema, UploadResponseSchema } from "@/lib/schemas/upload-schemas";
import { createUpload, deleteUpload, getUpload, listMyUploads } from "@/lib/services/uploads";

// POST /api/v2/uploads
export const createUploadEndpoint = defineEndpoint(
  {
    method: "POST",
    path: "/api/v2/uploads",
    family: "v2",
    auth: "user",
    tag: "Uploads",
    summary: "Upload an image or file (multipart; group_id for a post's file)",
    fileField: "file",
    params: z.object({
      file: UploadedFileSchema,
      group_id: optionalIntParam({ min: 1 }),
      purpose: unsetWhenBlank(z.enum(UPLOAD_PURPOSES, { error: `must be one of ${UPLOAD_PURPOSES.join(", ")}` }).default("post")),
    }),
    response: UploadResponseSchema,
    errors: ["not_found", "forbidden"],
  },
  async ({ params, viewer, request }) => {
    const input = { bytes: params.file.bytes, name: params.file.name, groupId: params.group_id ?? null, purpose: params.purpose };
    return { file: serializeUpload(await createUpload(viewer, input, readRequestOrigin(request))) };
  },
);

// GET /api/v2/uploads/{upload_id}
export const getUploadEndpoint = defineEndpoint(
  {
    method: "GET",
    path: "/api/v2/uploads/{upload_id}",
    family: "v2",
    auth: "optional",
    tag: "Uploads",
    summary: "One upload's record (whoever may read its post; its uploader always, and alone while it is attached to no post)",
    params: z.object({ upload_id: idParam() }),
    response: UploadResponseSchema,
    errors: ["not_found", "forbidden", "sign_in_required"],
  },
  async ({ params, viewer }) => ({ file: serializeUpload(await getUpload(viewer, params.upload_id)) }),
);

// POST /api/v2/uploads/{upload_id}/delete
export const deleteUploadEndpoint = defineEndpoint(
  {
    method: "POST",
    path: "/api/v2/uploads/{upload_id}/delete",
    family: "v2",
    auth: "user",
    tag: "Uploads",
    summary: "Delete an upload (its uploader or the group's moderators)",
    params: z.object({ upload_id: idParam() }),
    response: EmptyResponseSchema,
    errors: ["not_found", "forbidden"],
  },
  async ({ params, viewer }) => {
    await deleteUpload(viewer, params.upload_id);
    return {};
  },
);

// GET /api/v2/users/me/uploads
export const listMyUploadsEndpoint = defineEndpoint(
  {
    method: "GET",
    path: "/api/v2/users/me/uploads",
    family: "v2",
    auth: "user",
    tag: "Uploads",
    summary: "The signed-in user's uploads, newest first",
    params: z.object({ page: pageParam(), per_page: pageSizeParam(20) }),
    response: UploadListResponseSchema,
    listKey: "files",
  },
  async ({ params, viewer }) => {
    const { rows, count } = await listMyUploads(viewer, params.page, params.per_page);
    return { files: rows.map(serializeUpload), count };
  },
);
