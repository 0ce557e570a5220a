import "server-only";
import { canPost, canReply, roleFromFacts, type SignedIn } from "@/lib/auth/permissions";
import type { CreatedPostRecord } from "@/lib/db/created-post";
import { announcePosts, listStaleAnnouncements } from "@/lib/db/post-announcements";
import { insertPostRow } from "@/lib/db/post-insert";
import { extractMentionKeysFromJson } from "@/lib/delta/mentions";
import { findThreadWriteFacts } from "@/lib/db/roles";
import { deleteDraft } from "@/lib/db/drafts";
import { inTransaction, type Tx } from "@/lib/db/engine/transaction";
import type { UploadRecord } from "@/lib/db/uploads";
import { attachToPost, checkAttachmentsAllowed, needsAttachStep } from "@/lib/services/post-attachments";
import { Forbidden, NotFound } from "@/lib/errors";
import { prepareWrittenContent, type StoredContent } from "@/lib/services/content";
import { refuseWrite } from "@/lib/services/group-access";
import { ensureGateHolds } from "@/lib/services/token-gates";
import { queuePostArchive } from "@/lib/services/archives";
import { logger } from "@/lib/log";
import { checkPostSignature, claimSignature, type PostSignature } from "@/lib/services/post-signature";

export interface NewPostInput {
  threadId: number;
  /** A delta: an array of ops or its JSON text (contract section 8). */
  content: unknown;
  /** The post replied to; null, 0 or -1 for a top-level post. */
  parentId: number | null;
  /** Upload ids to attach (contract section 15's file_attachments). */
  fileAttachments?: readonly number[];
  /** The writer's draft this post was written in: deleted in the same transaction (contract section 17). */
  draftKey?: string;
  /** Sensitive content (contract section 17). */
  nsfw?: boolean;
  /** Contract section 19: the author's wallet signature over the post's typed data, and that typed data as JSON. */
  sign?: string | null;
  signMsg?: string | null;
}

/** A created post with the files attached to it. */
export type CreatedPost = CreatedPostRecord & { attachments: UploadRecord[] };

interface PostWrite extends StoredContent {
  userId: number;
  parentId: number | null;
  nsfw?: boolean;
  signature?: PostSignature | null;
}

/**
 * Inserts a post and keeps every counter it moves right, in one statement (lib/db/post-insert.ts):
 * the post, the parent's children_count, the thread's counters and last post, the group's and the
 * author's counters (in their tallies); the author is subscribed to the thread and joins its
 * group. Its notifications wait for `announceCreatedPost`, once the write has committed.
 */
export async function insertPost(
  tx: Tx | undefined,
  thread: { id: number; groupId: number },
  input: PostWrite,
  isFirstPost = false,
): Promise<CreatedPostRecord> {
  const mentionKeys = extractMentionKeysFromJson(input.content);
  const created = await insertPostRow({ threadId: thread.id, groupId: thread.groupId, ...input, nsfw: input.nsfw ?? false, isFirstPost, mentionKeys }, tx);
  if (!created) throw new NotFound("post", "parent_id: no such post in this thread");
  if (input.signature) {
    if (!tx) throw new TypeError("a signed post is written in a transaction");
    await claimSignature(tx, input.signature, created.id);
  }
  return created;
}

/**
 * Notifies of a committed post (contract section 13): the parent's author, the people it mentions
 * and the thread's followers, outside the locks the post's write held (lib/db/post-announcements.ts).
 * The post is written whatever happens here: a failure is logged, and the sweep
 * (lib/jobs/announce-posts.ts) notifies of it later.
 */
export async function announceCreatedPost(post: { id: number; threadId: number; announced: boolean }): Promise<void> {
  if (!post.announced) return;
  try {
    await announcePosts(post.threadId, post.id);
  } catch (error) {
    logger.warn({ err: error, postId: post.id }, "could not notify of a new post; the sweep will");
  }
}

/** A request notifies of its post right after the commit: one still waiting this long was left by a request that ended. */
const STALE_ANNOUNCEMENT_MS = 10_000;

/** Notifies of the posts whose requests ended before notifying (the sweep, lib/jobs/announce-posts.ts); answers how many. */
export async function announceStalePosts(): Promise<number> {
  const stale = await listStaleAnnouncements(STALE_ANNOUNCEMENT_MS, 500);
  for (const post of stale) await announcePosts(post.threadId, post.postId);
  return stale.length;
}

/**
 * Endpoint 3 and the Reply button: a post (or a reply, with parentId) in a live thread. Three
 * statements: the thread with the author's role in its group, the write (one statement, so it is
 * atomic without a transaction around it), then its notifications, after it committed. When this
 * answers, the post's notifications are written.
 */
export async function createPost(actor: SignedIn, input: NewPostInput): Promise<CreatedPost> {
  const content = await prepareWrittenContent(actor.id, input.content);
  const parentId = input.parentId !== null && input.parentId > 0 ? input.parentId : null;
  const facts = await findThreadWriteFacts(input.threadId, actor.id);
  if (!facts || facts.thread.deleted) throw new NotFound("thread");
  const role = roleFromFacts(actor, facts.role);
  if (!canPost(actor, role)) refuseWrite(role, "thread", role.banned ? "You are banned from posting in this group" : "You cannot post in this group");
  await ensureGateHolds(actor, role);
  if (!canReply(actor, role, facts.thread)) throw new Forbidden("This thread is locked: only moderators can reply");
  const signed = {
    group: { id: facts.thread.groupId },
    threadId: input.threadId,
    parentId: parentId ?? 0,
    title: "",
    content: content.content,
    previousContent: null,
  };
  const signature = await checkPostSignature(actor.id, input, signed);
  const fileIds = input.fileAttachments ?? [];
  let created: CreatedPost;
  const attaching = needsAttachStep(fileIds, content.content);
  const draftKey = input.draftKey;
  // An archiving group's post writes its archive row and job with it, and a signed one claims its
  // signature with it (contract section 19).
  const archiving = role.policy.archive;
  if (!attaching && !draftKey && !archiving && !signature) {
    created = { ...(await insertPost(undefined, facts.thread, { userId: actor.id, ...content, parentId, nsfw: input.nsfw })), attachments: [] };
  } else {
    if (attaching) await checkAttachmentsAllowed(facts.thread.groupId, fileIds);
    created = await inTransaction(async (tx) => {
      const post = await insertPost(tx, facts.thread, { userId: actor.id, ...content, parentId, nsfw: input.nsfw, signature });
      const attachments = attaching ? await attachToPost(tx, { ...post, userId: actor.id }, fileIds) : [];
      if (draftKey) await deleteDraft(tx, { userId: actor.id, draftKey });
      await queuePostArchive(tx, role.policy, post.id, false);
      return { ...post, attachments };
    });
  }
  await announceCreatedPost(created);
  return created;
}
