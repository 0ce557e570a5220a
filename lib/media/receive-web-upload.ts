import "server-only";
import { z } from "zod";
import { getEnv } from "@/lib/env";
import { DomainError, Invalid, NotFound, RateLimited } from "@/lib/errors";
import { HttpError } from "@/lib/http/http-error";
import { readUploadBody } from "@/lib/http/read-upload";
import { UPLOAD_PURPOSES } from "@/lib/schemas/upload-schemas";
import { findGroupIdByName } from "@/lib/db/uploads";
import { createUpload } from "@/lib/services/uploads";
import { defineWebEntry } from "@/lib/web/define-web-entry";
import { jsonRefusals } from "@/lib/web/refusal-formats";

// POST /uploads: what the pages upload with (the composer, avatar and group art), as the person
// of the web session; the API's POST /api/v2/uploads is the same use case for API clients.
// Outside proxy.ts (which buffers bodies) so the body streams with the same limit as the API's.

const FieldsSchema = z.object({
  group_id: z.preprocess((value) => (value === "" || value === undefined ? undefined : Number(value)), z.number().int().min(1).optional()),
  group_name: z.string().min(1).max(64).optional(),
  purpose: z.enum(UPLOAD_PURPOSES).default("post"),
});

/** A person's words for what went wrong, for the composer to show. */
function describeRefusal(error: Error): string {
  if (error instanceof HttpError && error.status === 413) {
    return `The file is too big: at most ${Math.floor(getEnv().AGORA_UPLOAD_MAX_BYTES / 1_048_576)} MB`;
  }
  if (error instanceof RateLimited) return "You have uploaded too much for now; try again later";
  if (!(error instanceof DomainError)) return error.message;
  const message = "detail" in error && typeof error.detail === "string" ? error.detail : error.message;
  return message.charAt(0).toUpperCase() + message.slice(1);
}

export const receiveWebUpload = defineWebEntry(
  {
    name: "web upload",
    auth: "user",
    sameOrigin: "Uploads are taken from this site's pages only",
    signInRequired: "Sign in to upload files",
    budget: { name: "writes", per: "user" },
    refusals: jsonRefusals,
    describe: describeRefusal,
    failure: "The upload failed; please try again",
  },
  async ({ request, viewer, origin }) => {
    const { fields, file } = await readUploadBody(request, getEnv().AGORA_UPLOAD_MAX_BYTES, "file");
    const parsed = FieldsSchema.safeParse(fields);
    if (!parsed.success) throw new Invalid(null, "The upload's group or purpose is not valid");
    if (!file) throw new Invalid("file", "Choose a file to upload");
    const { group_id: groupId, group_name: groupName, purpose } = parsed.data;
    const resolvedGroupId = groupName ? await findGroupIdByName(groupName) : (groupId ?? null);
    if (groupName && resolvedGroupId === null) throw new NotFound("group", "No such group");
    const row = await createUpload(viewer, { bytes: file.bytes, name: file.name, groupId: resolvedGroupId, purpose }, origin);
    return Response.json(
      { file: { id: row.id, url: row.url, name: row.name, size: Number(row.size), mimeType: row.mimeType, width: row.width, height: row.height } },
      { status: 200, headers: { "cache-control": "no-store" } },
    );
  },
);
