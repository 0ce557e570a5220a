import "server-only";
import { z } from "zod";
import { ApiError } from "@/lib/api/api-error";
import { defineEndpoint } from "@/lib/api/define-endpoint";
import { serializeDraft } from "@/lib/api/serializers/draft";
import type { DraftRecord } from "@/lib/db/drafts";
import { DeleteDraftParamsSchema, DraftKeyParamsSchema, DraftListParamsSchema, DraftSchema, SaveDraftParamsSchema } from "@/lib/schemas/draft-schemas";
import { deleteDraftOf, getDraft, listDrafts, saveDraft } from "@/lib/services/drafts";

const DraftAnswerSchema = z.object({ draft: DraftSchema });
/** A refused save or delete answers the stored draft, unchanged (null when none is stored). */
const DraftConflictSchema = z.object({ draft: DraftSchema.nullable() });

function staleSequence(stored: DraftRecord | null): ApiError {
  const description = stored ? `sequence: the stored draft is at ${stored.sequence}` : "sequence: no draft is stored under this key (send 0)";
  return new ApiError(40900, description, {}, { draft: stored ? serializeDraft(stored) : null });
}

// GET /api/v2/drafts
export const listMyDrafts = defineEndpoint(
  {
    method: "GET",
    path: "/api/v2/drafts",
    family: "v2",
    auth: "user",
    tag: "Drafts",
    summary: "Your drafts, most recently saved first",
    params: DraftListParamsSchema,
    response: z.object({ drafts: z.array(DraftSchema), count: z.number().int() }),
    listKey: "drafts",
  },
  async ({ params, viewer }) => {
    const { drafts, count } = await listDrafts(viewer, { page: params.page, perPage: params.per_page });
    return { drafts: drafts.map(serializeDraft), count };
  },
);

// GET /api/v2/drafts/{draft_key}
export const getMyDraft = defineEndpoint(
  {
    method: "GET",
    path: "/api/v2/drafts/{draft_key}",
    family: "v2",
    auth: "user",
    tag: "Drafts",
    summary: "One of your drafts",
    params: DraftKeyParamsSchema,
    response: DraftAnswerSchema,
  },
  async ({ params, viewer }) => ({ draft: serializeDraft(await getDraft(viewer, params.draft_key)) }),
);

// POST /api/v2/drafts/{draft_key}
export const saveMyDraft = defineEndpoint(
  {
    method: "POST",
    path: "/api/v2/drafts/{draft_key}",
    family: "v2",
    auth: "user",
    tag: "Drafts",
    summary: "Save a draft (sequence: the stored one's, 0 for a new key)",
    errors: ["conflict"],
    conflictData: DraftConflictSchema,
    params: SaveDraftParamsSchema,
    response: DraftAnswerSchema,
  },
  async ({ params, viewer }) => {
    const outcome = await saveDraft(viewer, params.draft_key, {
      content: params.content,
      title: params.title,
      groupId: params.group_id,
      threadId: params.thread_id,
      parentId: params.parent_id,
      categoryId: params.category_id,
      sequence: params.sequence,
    });
    if (!outcome.ok) throw staleSequence(outcome.stored);
    return { draft: serializeDraft(outcome.value) };
  },
);

// POST /api/v2/drafts/{draft_key}/delete
export const deleteMyDraft = defineEndpoint(
  {
    method: "POST",
    path: "/api/v2/drafts/{draft_key}/delete",
    family: "v2",
    auth: "user",
    tag: "Drafts",
    summary: "Delete a draft (sequence: the stored one's)",
    errors: ["conflict"],
    conflictData: DraftConflictSchema,
    params: DeleteDraftParamsSchema,
    response: z.object({}),
  },
  async ({ params, viewer }) => {
    const outcome = await deleteDraftOf(viewer, params.draft_key, params.sequence);
    if (!outcome.ok) throw staleSequence(outcome.stored);
    return {};
  },
);
