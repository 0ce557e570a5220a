import "server-only";
import { z } from "zod";
import { readRequestOrigin } from "@/lib/api/request-origin";
import { getViewer } from "@/lib/session/session";
import { getEnv } from "@/lib/env";
import { DomainError, RateLimited } from "@/lib/errors";
import { logger } from "@/lib/log";
import { consumeBudget } from "@/lib/rate-limit";
import { UPLOAD_PURPOSES } from "@/lib/schemas/upload-schemas";
import { findGroupIdByName } from "@/lib/db/uploads";
import { createUpload } from "@/lib/services/uploads";
import { DOMAIN_ERROR_ANSWERS } from "@/lib/http/error-table";
import { HttpError } from "@/lib/http/http-error";
import { readUploadBody } from "@/lib/http/read-upload";

// POST /uploads: what the pages upload with (the composer, avatar and group art), as the person
// of the web session; the API's POST /api/v2/uploads is the same use case for API clients.
// Outside proxy.ts (which buffers bodies) so the body streams with the same limit as the API's.

const FieldsSchema = z.object({
  group_id: z.preprocess((value) => (value === "" || value === undefined ? undefined : Number(value)), z.number().int().min(1).optional()),
  group_name: z.string().min(1).max(64).optional(),
  purpose: z.enum(UPLOAD_PURPOSES).default("post"),
});

function answer(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return Response.json(body, { status, headers: { "cache-control": "no-store", ...headers } });
}

/** A person's words for what went wrong, for the composer to show. */
function refuse(status: number, error: string, headers: Record<string, string> = {}): Response {
  return answer(status, { error }, headers);
}

export async function receiveWebUpload(request: Request): Promise<Response> {
  // Only this site's pages may upload as their reader (a form elsewhere cannot post here).
  const origin = request.headers.get("origin");
  if (!origin || origin !== readRequestOrigin(request)) return refuse(403, "Uploads are taken from this site's pages only");
  const viewer = await getViewer();
  if (!viewer) return refuse(401, "Sign in to upload files");
  try {
    await consumeBudget("writes", `user:${viewer.id}`);
    const maxBytes = getEnv().AGORA_UPLOAD_MAX_BYTES;
    const { fields, file } = await readUploadBody(request, maxBytes, "file");
    const parsed = FieldsSchema.safeParse(fields);
    if (!parsed.success) return refuse(400, "The upload's group or purpose is not valid");
    if (!file) return refuse(400, "Choose a file to upload");
    const { group_id: groupId, group_name: groupName, purpose } = parsed.data;
    const resolvedGroupId = groupName ? await findGroupIdByName(groupName) : (groupId ?? null);
    if (groupName && resolvedGroupId === null) return refuse(404, "No such group");
    const row = await createUpload(viewer, { bytes: file.bytes, name: file.name, groupId: resolvedGroupId, purpose }, readRequestOrigin(request));
    return answer(200, {
      file: { id: row.id, url: row.url, name: row.name, size: Number(row.size), mimeType: row.mimeType, width: row.width, height: row.height },
    });
  } catch (error) {
    if (error instanceof HttpError) {
      const tooBig = error.status === 413;
      return refuse(tooBig ? 413 : 400, tooBig ? `The file is too big: at most ${Math.floor(getEnv().AGORA_UPLOAD_MAX_BYTES / 1_048_576)} MB` : error.message);
    }
    if (error instanceof RateLimited)
      return refuse(429, "You have uploaded too much for now; try again later", { "retry-after": String(error.retryAfterSeconds) });
    if (error instanceof DomainError) {
      const message = "detail" in error && typeof error.detail === "string" ? error.detail : error.message;
      return refuse(DOMAIN_ERROR_ANSWERS[error.kind].status, message.charAt(0).toUpperCase() + message.slice(1));
    }
    logger.error({ err: error }, "web upload failed");
    return refuse(500, "The upload failed; please try again");
  }
}
