import "server-only";
import { refuseWrite } from "@/lib/services/group-access";
import { ensureGateHolds } from "@/lib/services/token-gates";
import { canPost, loadGroupRole, type SignedIn } from "@/lib/auth/permissions";
import type { GroupKey } from "@/lib/db/groups";
import { findGroupForThread, insertThreadRow, isCategoryOfGroup } from "@/lib/db/thread-writes";
import { deleteDraft } from "@/lib/db/drafts";
import { inTransaction } from "@/lib/db/engine/transaction";
import { NotFound } from "@/lib/errors";
import { ThreadTitleSchema } from "@/lib/schemas/thread-schemas";
import { prepareWrittenContent } from "@/lib/services/content";
import { parseField } from "@/lib/services/parse-field";
import { attachToPost, checkAttachmentsAllowed, needsAttachStep } from "@/lib/services/post-attachments";
import { prepareThreadPolls, writeThreadPolls } from "@/lib/services/polls";
import { announceCreatedPost, insertPost } from "@/lib/services/posts";
import { checkPostSignature } from "@/lib/services/post-signature";
import { slugify } from "@/lib/services/slug";
import { setThreadTags } from "@/lib/services/thread-tags";
import { queuePostArchive } from "@/lib/services/archives";

export interface NewThreadInput {
  group: GroupKey;
  title: string;
  /** A delta: an array of ops or its JSON text (contract section 8). */
  content: unknown;
  /** 0 or null: no category. */
  categoryId: number | null;
  /** Upload ids to attach to the first post (contract section 15's file_attachments). */
  fileAttachments?: readonly number[];
  /** The writer's draft this thread was written in: deleted in the same transaction (contract section 17). */
  draftKey?: string;
  /** The opening post is sensitive content (contract section 17). */
  nsfw?: boolean;
  /** Tags of the group for the thread (contract section 18). */
  tagIds?: readonly number[];
  /** Contract section 18: up to 5 poll objects (a JSON array), written with the thread. */
  polls?: unknown;
  /** Contract section 19: the author's wallet signature over the opening post's typed data, and that typed data as JSON. */
  sign?: string | null;
  signMsg?: string | null;
}

export interface CreatedThread {
  id: number;
  slug: string;
  groupName: string;
}

/** Creates a thread and its first post in one transaction (the API's create thread and the New thread page), then notifies of the post. */
export async function createThread(actor: SignedIn, input: NewThreadInput): Promise<CreatedThread> {
  const title = parseField(ThreadTitleSchema, input.title, "title");
  const content = await prepareWrittenContent(actor.id, input.content);
  const categoryId = input.categoryId || null;
  const fileIds = input.fileAttachments ?? [];
  const polls = await prepareThreadPolls(input.polls);
  // Checked before the transaction (it reads the writer's wallets); the signature is claimed inside it.
  const signed = { group: input.group, threadId: 0, parentId: 0, title, content: content.content, previousContent: null };
  const signature = await checkPostSignature(actor.id, input, signed);
  const created = await inTransaction(
    async (tx) => {
      const group = await findGroupForThread(tx, input.group);
      if (!group) throw new NotFound("group");
      const role = await loadGroupRole(actor, group.id, tx);
      if (!role || !canPost(actor, role))
        refuseWrite(role, "group", role?.banned ? "You are banned from posting in this group" : "You cannot start threads in this group");
      await ensureGateHolds(actor, role);
      await checkAttachmentsAllowed(group.id, fileIds, tx);
      if (categoryId !== null && !(await isCategoryOfGroup(tx, categoryId, group.id))) {
        throw new NotFound("category", "category_id: no such category in this group");
      }
      const thread = await insertThreadRow(tx, { groupId: group.id, userId: actor.id, categoryId, title, slug: slugify(title) });
      if (input.tagIds?.length) await setThreadTags(tx, actor, role, { ...thread, userId: actor.id, live: true }, input.tagIds);
      const post = await insertPost(tx, thread, { userId: actor.id, ...content, parentId: null, nsfw: input.nsfw, signature }, true);
      await writeThreadPolls(tx, { id: thread.id, userId: actor.id, categoryId }, polls);
      if (needsAttachStep(fileIds, content.content)) await attachToPost(tx, { ...post, userId: actor.id }, fileIds);
      if (input.draftKey) await deleteDraft(tx, { userId: actor.id, draftKey: input.draftKey });
      await queuePostArchive(tx, role.policy, post.id, false);
      return { thread: { id: thread.id, slug: thread.slug, groupName: group.name }, post };
    },
    { retryConflicts: true },
  );
  // The opening post's mentions are notified once the thread is committed.
  await announceCreatedPost(created.post);
  return created.thread;
}
