import "server-only";
import { canPost, canReply, roleFromFacts, type SignedIn } from "@/lib/auth/permissions";
import type { CreatedPostRecord } from "@/lib/db/created-post";
import { insertPostRow } from "@/lib/db/post-insert";
import { extractMentionKeysFromJson } from "@/lib/delta/mentions";
import { findThreadWriteFacts } from "@/lib/db/roles";
import { inTransaction, type Tx } from "@/lib/db/engine/transaction";
import type { UploadRecord } from "@/lib/db/uploads";
import { attachToPost, checkAttachmentsAllowed, needsAttachStep } from "@/lib/services/post-attachments";
import { Forbidden, NotFound } from "@/lib/errors";
import { prepareContentOrThrow, type StoredContent } from "@/lib/services/content";
import { refuseWrite } from "@/lib/services/group-access";
import { ensureGateHolds } from "@/lib/services/token-gates";

export interface NewPostInput {
  threadId: number;
  /** A delta: an array of ops or its JSON text (contract section 8). */
  content: unknown;
  /** The post replied to; null, 0 or -1 for a top-level post. */
  parentId: number | null;
  /** Upload ids to attach (contract section 15's file_attachments). */
  fileAttachments?: readonly number[];
}

/** A created post with the files attached to it. */
export type CreatedPost = CreatedPostRecord & { attachments: UploadRecord[] };

interface PostWrite extends StoredContent {
  userId: number;
  parentId: number | null;
}

/**
 * Inserts a post and keeps every counter it moves right, in one statement (lib/db/post-insert.ts):
 * the post, the parent's children_count, the thread's counters and last post, the group's and the
 * author's counters; the author is subscribed to the thread and joins its group; the parent's
 * author, the people it mentions and the thread's followers are notified (contract section 13).
 */
export async function insertPost(
  tx: Tx | undefined,
  thread: { id: number; groupId: number },
  input: PostWrite,
  isFirstPost = false,
): Promise<CreatedPostRecord> {
  const mentionKeys = extractMentionKeysFromJson(input.content);
  const created = await insertPostRow({ threadId: thread.id, groupId: thread.groupId, ...input, isFirstPost, mentionKeys }, tx);
  if (!created) throw new NotFound("post", "parent_id: no such post in this thread");
  return created;
}

/**
 * Endpoint 3 and the Reply button: a post (or a reply, with parentId) in a live thread. Two
 * statements: the thread with the author's role in its group, then the write. The write is one
 * statement, so it is atomic without a transaction around it.
 */
export async function createPost(actor: SignedIn, input: NewPostInput): Promise<CreatedPost> {
  const content = prepareContentOrThrow(input.content);
  const parentId = input.parentId !== null && input.parentId > 0 ? input.parentId : null;
  const facts = await findThreadWriteFacts(input.threadId, actor.id);
  if (!facts || facts.thread.deleted) throw new NotFound("thread");
  const role = roleFromFacts(actor, facts.role);
  if (!canPost(actor, role)) refuseWrite(role, "thread", role.banned ? "You are banned from posting in this group" : "You cannot post in this group");
  await ensureGateHolds(actor, role);
  if (!canReply(actor, role, facts.thread)) throw new Forbidden("This thread is locked: only moderators can reply");
  const fileIds = input.fileAttachments ?? [];
  if (!needsAttachStep(fileIds, content.content))
    return { ...(await insertPost(undefined, facts.thread, { userId: actor.id, ...content, parentId })), attachments: [] };
  await checkAttachmentsAllowed(facts.thread.groupId, fileIds);
  return inTransaction(async (tx) => {
    const created = await insertPost(tx, facts.thread, { userId: actor.id, ...content, parentId });
    return { ...created, attachments: await attachToPost(tx, { ...created, userId: actor.id }, fileIds) };
  });
}
