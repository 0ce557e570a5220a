import "server-only";
import type { DraftRecord } from "@/lib/db/drafts";
import type { DraftDto } from "@/lib/schemas/draft-schemas";

/** A draft on the wire (contract section 17): the delta as ops, places as ints (0 for none). */
export function serializeDraft(draft: DraftRecord): DraftDto {
  return {
    draft_key: draft.draftKey,
    title: draft.title,
    content: JSON.parse(draft.content) as unknown[],
    group_id: draft.groupId ?? 0,
    thread_id: draft.threadId ?? 0,
    parent_id: draft.parentId ?? 0,
    category_id: draft.categoryId ?? 0,
    sequence: draft.sequence,
    updated_at: draft.updatedAt.toISOString(),
  };
}
