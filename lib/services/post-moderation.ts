import "server-only";
import { attachUploads } from "@/lib/db/uploads";
import { extractUploadIds } from "@/lib/delta/upload-ids";
import {
  canDeletePost,
  canEditPost,
  canReadThread,
  canRestorePost,
  canSeeDeletedContent,
  guestRole,
  loadGroupRole,
  type Access,
  type Actor,
  type SignedIn,
} from "@/lib/auth/permissions";
import { findPostInThread, replacePostContent, writePostDeleted, writePostNsfw, writePostRestored } from "@/lib/db/post-writes";
import { recordModAction } from "@/lib/db/modlog";
import { findGroupHandle } from "@/lib/db/groups";
import { toPageWindow } from "@/lib/db/pagination";
import { loadPostNode, type PostNode } from "@/lib/db/post-tree";
import { countRevisions, listRevisions, type Revision } from "@/lib/db/post-revisions";
import { notifyNewMentions, notifyNewQuotes, removePostNotifications } from "@/lib/db/notifications";
import { closeReports } from "@/lib/db/reports";
import { extractMentionKeysFromJson } from "@/lib/delta/mentions";
import { inTransaction, type Tx } from "@/lib/db/engine/transaction";
import { Forbidden, Invalid, NotFound } from "@/lib/errors";
import { prepareWrittenContent } from "@/lib/services/content";
import { findPostTarget, lockPost, type PostTarget } from "@/lib/services/moderation-targets";
import { loadReadableRole } from "@/lib/services/group-access";
import { queuePostArchive } from "@/lib/services/archives";
import { checkPostSignature, claimSignature, type PostSignature, type PostSignatureClaim } from "@/lib/services/post-signature";

/** A post as its reader sees it after a write: the node and who is looking. */
export interface PostRead {
  node: PostNode;
  access: Access;
}

export const MAX_DELETE_REASON = 500;

async function readPost(actor: SignedIn, postId: number): Promise<PostRead> {
  const node = await loadPostNode(postId, actor.id);
  if (!node) throw new NotFound("post");
  const role = await loadGroupRole(actor, node.post.groupId);
  return { node, access: { actor, role: role ?? guestRole(node.post.groupId) } };
}

/** A moderator's change of another's post's sensitive-content mark is logged (contract section 17). */
async function applyNsfw(tx: Tx, actor: SignedIn, post: PostTarget["post"], nsfw: boolean | undefined): Promise<void> {
  if (nsfw === undefined || nsfw === post.nsfw) return;
  await writePostNsfw(tx, post.id, nsfw);
  if (post.userId !== actor.id) {
    await recordModAction(tx, { groupId: post.groupId, moderatorId: actor.id, action: "set_post_nsfw", targetType: "post", targetId: post.id });
  }
}

/** Contract section 17: the author or a moderator marks a post sensitive content (1) or not (0). */
export async function setPostNsfw(actor: SignedIn, postId: number, nsfw: boolean): Promise<PostRead> {
  await inTransaction(async (tx) => {
    const { post, role } = await lockPost(tx, actor, postId);
    if (!canEditPost(actor, post, role)) throw new Forbidden(post.deletedBy !== null ? "A deleted post cannot be changed" : "You cannot change this post");
    await applyNsfw(tx, actor, post, nsfw);
  });
  return readPost(actor, postId);
}

/** A signed edit's signature, checked against the post as it is now (null when the edit is unsigned). */
async function checkEditSignature(
  actor: SignedIn,
  postId: number,
  content: string,
  claim: PostSignatureClaim,
): Promise<{ signature: PostSignature; previousContent: string } | null> {
  if (!claim.sign && !claim.signMsg) return null;
  const { post, role } = await findPostTarget(actor, postId);
  if (!canEditPost(actor, post, role)) throw new Forbidden(post.deletedBy !== null ? "A deleted post cannot be edited" : "You cannot edit this post");
  const target = { group: { id: post.groupId }, threadId: post.threadId, parentId: post.parentId ?? 0, title: "", content, previousContent: post.content };
  const signature = await checkPostSignature(actor.id, claim, target);
  return signature && { signature, previousContent: post.content };
}

/**
 * Contract section 12: the author or a moderator replaces a post's content; the old content becomes a
 * revision, keeping its signature. `nsfw` (section 17) too. A signed edit (section 19) is checked
 * against the post as read before the transaction, and refused if the post changed meanwhile.
 */
export async function editPost(actor: SignedIn, postId: number, rawContent: unknown, nsfw?: boolean, claim: PostSignatureClaim = {}): Promise<PostRead> {
  const { content, html, preview, quotedUserIds } = await prepareWrittenContent(actor.id, rawContent);
  const signature = await checkEditSignature(actor, postId, content, claim);
  await inTransaction(async (tx) => {
    const { post, role } = await lockPost(tx, actor, postId);
    if (!canEditPost(actor, post, role)) throw new Forbidden(post.deletedBy !== null ? "A deleted post cannot be edited" : "You cannot edit this post");
    await applyNsfw(tx, actor, post, nsfw);
    if (signature) {
      if (post.content !== signature.previousContent) throw new Invalid("sign_msg.previous", "the post changed since it was read: sign the edit again");
      await claimSignature(tx, signature.signature, postId);
    } else if (content === post.content) return;
    await replacePostContent(tx, {
      postId,
      editorId: actor.id,
      previousContent: post.content,
      content,
      html,
      preview,
      signature: signature?.signature ?? null,
    });
    await queuePostArchive(tx, role.policy, postId, true);
    // Only people the post never mentioned before hear of it (contract section 13).
    await notifyNewMentions(tx, post, actor.id, extractMentionKeysFromJson(content));
    await notifyNewQuotes(tx, post, actor.id, quotedUserIds);
    // Images the new words show from the author's own unattached uploads join the post (never swept).
    const shown = extractUploadIds(content);
    if (shown.length > 0) await attachUploads(tx, shown, { id: postId, threadId: post.threadId, groupId: post.groupId, userId: post.userId });
    if (post.userId !== actor.id) {
      await recordModAction(tx, { groupId: post.groupId, moderatorId: actor.id, action: "edit_post", targetType: "post", targetId: postId });
    }
  });
  return readPost(actor, postId);
}

/**
 * Marks a post deleted inside the caller's transaction, by its author or by a moderator (who is
 * then logged, and the post's open reports are closed with it).
 */
export async function markPostDeleted(tx: Tx, actor: SignedIn, target: PostTarget, reason: string): Promise<void> {
  const { post } = target;
  if (post.deletedBy !== null) return;
  const byAuthor = post.userId === actor.id;
  await writePostDeleted(tx, post.id, { by: byAuthor ? "author" : "moderator", deleterId: actor.id, reason });
  await removePostNotifications(tx, post.threadId, post.id);
  if (byAuthor) return;
  await closeReports(tx, { postId: post.id }, "delete_post", actor.id);
  await recordModAction(tx, { groupId: post.groupId, moderatorId: actor.id, action: "delete_post", targetType: "post", targetId: post.id, reason });
}

/** Contract section 12: delete a post; it keeps its place in the tree. Deleting a deleted post changes nothing. */
export async function deletePost(actor: SignedIn, postId: number, reason = ""): Promise<PostRead> {
  await inTransaction(async (tx) => {
    const target = await lockPost(tx, actor, postId);
    const { post, role } = target;
    // Asked as if the post were live, so that a repeated delete by someone allowed is a no-op, not a 403.
    if (!canDeletePost(actor, { ...post, deletedBy: null }, role)) throw new Forbidden("You cannot delete this post");
    await markPostDeleted(tx, actor, target, reason);
  });
  return readPost(actor, postId);
}

/** Contract section 12: bring a deleted post back (moderators; the author for what they deleted themselves). */
export async function restorePost(actor: SignedIn, postId: number): Promise<PostRead> {
  await inTransaction(async (tx) => {
    const { post, role } = await lockPost(tx, actor, postId);
    if (post.deletedBy === null) {
      if (!canDeletePost(actor, post, role)) throw new Forbidden("You cannot restore this post");
      return;
    }
    if (!canRestorePost(actor, post, role)) throw new Forbidden("You cannot restore this post");
    await writePostRestored(tx, postId);
    if (post.userId !== actor.id) {
      await recordModAction(tx, { groupId: post.groupId, moderatorId: actor.id, action: "restore_post", targetType: "post", targetId: postId });
    }
  });
  return readPost(actor, postId);
}

export interface RevisionList {
  revisions: Revision[];
  count: number;
  /** The post's content now (what the newest revision was changed into). */
  currentContent: string;
  /** False when the post is deleted and the viewer may not see its words: revisions show "[]". */
  contentVisible: boolean;
}

/** Contract section 12: a post's earlier versions, newest first; readable by anyone who can read the post. */
export async function listPostRevisions(actor: Actor, postId: number, page: number, perPage: number): Promise<RevisionList> {
  const found = await findPostInThread(postId);
  if (!found) throw new NotFound("post");
  const { post } = found;
  const role = await loadReadableRole(actor, post.groupId, "post");
  if (!canReadThread(found.thread, role)) throw new NotFound("post");
  const [revisions, count] = await Promise.all([listRevisions(postId, toPageWindow(page, perPage)), countRevisions(postId)]);
  const contentVisible = post.deletedBy === null || canSeeDeletedContent(actor, post, role);
  return { revisions, count, contentVisible, currentContent: contentVisible ? post.content : "[]" };
}

/** What the edit composer opens with: the delta, and where the post is (a signed edit names it, contract section 19). */
export interface PostSource {
  content: string;
  groupName: string;
  threadId: number;
  parentId: number | null;
}

/** The delta to open in the edit composer: only for someone who may edit the post (a read: nothing is locked). */
export async function getPostSource(actor: SignedIn, postId: number): Promise<PostSource> {
  const { post, role } = await findPostTarget(actor, postId);
  if (!canEditPost(actor, post, role)) throw new Forbidden("You cannot edit this post");
  const group = await findGroupHandle({ id: post.groupId });
  return { content: post.content, groupName: group?.name ?? "", threadId: post.threadId, parentId: post.parentId };
}
