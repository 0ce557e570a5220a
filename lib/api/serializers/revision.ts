import "server-only";
import { formatTimestamp } from "@/lib/api/time";
import type { z } from "zod";
import type { RevisionsResponseSchema } from "@/lib/schemas/moderation-schemas";
import type { RevisionList } from "@/lib/services/post-moderation";

/** A post's revisions: each holds the content as it was before that edit ("[]" when the viewer may not read the post). */
export function serializeRevisions(list: RevisionList): z.infer<typeof RevisionsResponseSchema> {
  return {
    revisions: list.revisions.map((revision) => ({
      id: revision.id,
      post_id: revision.postId,
      user_id: revision.userId,
      username: revision.user.username,
      content: list.contentVisible ? revision.previousContent : "[]",
      sign: revision.sign,
      sign_msg: revision.signMsg,
      created_at: formatTimestamp(revision.createdAt),
    })),
    count: list.count,
  };
}
