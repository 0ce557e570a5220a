import "server-only";
import {
  canDeletePost,
  canDeleteThread,
  canEditPost,
  canEditThread,
  isModerator,
  canReply,
  canReport,
  canRestorePost,
  canSeeDeletedContent,
  type Access,
} from "@/lib/auth/permissions";
import type { PostNode } from "@/lib/db/post-tree";
import { renderDeltaToStoredHtml } from "@/lib/delta/render";
import { serveStoredHtml } from "@/lib/views/served-html";
import { localUploadPath, proxyImageUrl } from "@/lib/media/image-proxy-url";
import type { BanRecord } from "@/lib/services/bans";
import type { ThreadRead } from "@/lib/services/thread-reads";
import { archiveDataUrl } from "@/lib/services/archive-config";
import { excerptFromContent } from "@/lib/views/excerpt";
import { toTagChipView, type TagChipView } from "@/lib/views/tag-view";
import { extractUploadIds } from "@/lib/delta/upload-ids";
import { presentUploadedImages } from "@/lib/views/post-images";
import type { PollView } from "@/lib/views/poll-view";
import type { AttachmentView, PostPageView, PostView } from "@/lib/views/post-view";
import { NO_FACES, type AuthorFaces } from "@/lib/db/badge-faces";
import { toAuthorFaceView } from "@/lib/views/badges-view";

/** What the thread page shows besides its posts. */
export interface ThreadView {
  id: number;
  title: string;
  isPinned: boolean;
  isLocked: boolean;
  /** Removed from the group; only its moderators get this far. */
  isDeleted: boolean;
  categoryId: number | null;
  /** Its tags, in its group's order (contract section 18). */
  tags: TagChipView[];
  replies: number;
  participants: number;
  likes: number;
  /** Top-level replies: the sort toggle is offered from two on. */
  topLevelReplies: number;
  /** The opening post's text, for the meta description. */
  excerpt: string;
  firstPost: PostView;
  page: PostPageView;
  viewer: ThreadViewerView;
  /** The thread's polls as this reader sees them (contract section 18). */
  polls: PollView[];
}

/** Said where the composer would be: why there is none, or that the thread is hidden. */
export type ThreadNoticeView = { kind: "locked"; canStillReply: boolean } | { kind: "deleted" } | { kind: "banned"; reason: string; until: string | null };

/** What the reader may do in this thread (lib/auth/permissions.ts decided). */
export interface ThreadViewerView {
  signedIn: boolean;
  /** Banned in the group: the composer gives way to the reason. */
  banned: boolean;
  /** Reply buttons are shown: to guests (as "Sign in to reply") unless the thread is locked, else as permissions say. */
  showReply: boolean;
  canModerate: boolean;
  canEditThread: boolean;
  canDeleteThread: boolean;
  /** Follows the thread (its new posts notify them); false for guests. */
  subscribed: boolean;
  /** settings.show_nsfw: sensitive posts show uncovered (false for guests). */
  showsNsfw: boolean;
  /** Muted the thread (out of their feeds, no notifications of new posts); false for guests. */
  muted: boolean;
  notices: ThreadNoticeView[];
}

// A post's HTML is rendered and sanitised when it is written (posts.content_html); serving it only
// signs its images for the proxy, once per loaded row: kept thread pages
// (lib/services/thread-reads.ts) hand the same rows to every reader. A row the start-up backfill
// has not reached yet is rendered here.
const servedPosts = new WeakMap<PostNode["post"], string>();

function renderPost(post: PostNode["post"]): string {
  let html = servedPosts.get(post);
  if (html === undefined) {
    html = serveStoredHtml(post.contentHtml ?? renderDeltaToStoredHtml(post.content));
    servedPosts.set(post, html);
  }
  return html;
}

/** Whether an upload the body shows is gone: a deleted one of its own, or someone else's that no longer exists. */
function readGoneUploads(node: PostNode): (id: number) => boolean {
  const own = new Map(node.attachments.map((row) => [row.id, row]));
  return (id) => {
    const row = own.get(id);
    return row ? row.sha256 === null : node.goneUploadIds.includes(id);
  };
}

/** A post's attachments its delta does not show already (pasted images are in the body); deleted ones as placeholders. */
function toAttachmentViews(rows: PostNode["attachments"], content: string): AttachmentView[] {
  if (rows.length === 0) return [];
  const shown = new Set(extractUploadIds(content));
  return rows
    .filter((row) => (row.sha256 !== null || row.removedAt !== null) && !shown.has(row.id))
    .map((row) => ({
      id: row.id,
      path: row.removedAt === null ? (localUploadPath(row.url) ?? "") : "",
      name: row.name,
      size: Number(row.size) || 0,
      image: row.width !== null && row.height !== null && row.mimeType.startsWith("image/") ? { width: row.width, height: row.height } : null,
      removed: row.removedAt !== null,
    }))
    .filter((view) => view.removed || view.path !== "");
}

/** What the reader may do with one post (lib/auth/permissions.ts decides). */
export function postAbilities(post: PostNode["post"], access: Access): Pick<PostView, "canEdit" | "canDelete" | "canRestore" | "canReport"> {
  const { actor, role } = access;
  return {
    canEdit: canEditPost(actor, post, role),
    canDelete: canDeletePost(actor, post, role),
    canRestore: canRestorePost(actor, post, role),
    canReport: post.deletedBy === null && canReport(actor, role) && actor?.id !== post.userId,
  };
}

function toArchiveLink(archiveId: string, cid: string): PostView["archive"] {
  const url = archiveDataUrl(archiveId);
  return url ? { url, cid } : null;
}

/** One post and its loaded replies, bodies rendered to sanitised HTML. */
export function toPostView(node: PostNode, access: Access, faces: AuthorFaces = NO_FACES): PostView {
  const { post } = node;
  const { actor, role } = access;
  const deleted = post.deletedBy !== null;
  return {
    id: post.id,
    html: deleted && !canSeeDeletedContent(actor, post, role) ? "" : presentUploadedImages(renderPost(post), node.attachments, readGoneUploads(node)),
    deleted,
    deletedBy: post.deletedBy,
    edited: post.editedAt !== null,
    createdAt: post.createdAt.toISOString(),
    likes: post.likesCount,
    likedByViewer: node.likedByViewer,
    tipCount: post.tipCount,
    authorIgnored: node.authorIgnored,
    nsfw: post.nsfw,
    bookmarkedByViewer: node.bookmarkedByViewer,
    ...postAbilities(post, access),
    author: {
      id: post.userId,
      username: node.author?.username || "unknown",
      photoUrl: proxyImageUrl(node.author?.photoUrl),
      face: toAuthorFaceView(faces, post.userId),
    },
    authorBanned: node.authorBanned,
    signature:
      deleted || post.sign === null || post.signerAddress === null ? null : { signer: post.signerAddress, contentHash: post.signData, sign: post.sign },
    attachments: deleted ? [] : toAttachmentViews(node.attachments, post.content),
    archive: toArchiveLink(post.archiveId, post.archiveCid),
    children: node.children.map((child) => toPostView(child, access, faces)),
  };
}

/**
 * A page of top-level posts fetched with one extra row: the extra one only says that another
 * page exists, so the last page never ends on an empty "Load more". A page cut short by its byte
 * budget (cutByBudget) has more after it too.
 */
export function toPostPage(nodes: readonly PostNode[], pageSize: number, access: Access, cutByBudget = false, faces: AuthorFaces = NO_FACES): PostPageView {
  const page = nodes.slice(0, pageSize);
  const last = page.at(-1);
  const more = nodes.length > pageSize || cutByBudget;
  return { posts: page.map((node) => toPostView(node, access, faces)), nextCursor: more && last ? last.post.id : null };
}

/** What the reader may do in the thread, and what is said to them where the composer would be. */
export function toThreadViewerView(read: ThreadRead, ban: BanRecord | null = null): ThreadViewerView {
  const { thread, access } = read;
  const { actor, role } = access;
  return {
    signedIn: actor !== null,
    banned: role.banned,
    showReply: actor === null ? !thread.locked : canReply(actor, role, thread),
    canModerate: isModerator(actor, role),
    canEditThread: canEditThread(actor, thread, role),
    // The distinct posters include the author: more than one means someone else replied.
    canDeleteThread: canDeleteThread(actor, thread, role, read.participants > 1),
    subscribed: actor !== null && read.viewerSubscribed,
    showsNsfw: actor !== null && read.viewerShowsNsfw,
    muted: actor !== null && read.viewerMuted,
    notices: [
      ...(thread.deleted ? [{ kind: "deleted" as const }] : []),
      ...(thread.locked ? [{ kind: "locked" as const, canStillReply: isModerator(actor, role) }] : []),
      ...(role.banned ? [{ kind: "banned" as const, reason: ban?.reason ?? "", until: ban?.until?.toISOString() ?? null }] : []),
    ],
  };
}

/** The thread page's model, from a read made with one extra top-level post (see toPostPage). */
export function toThreadView(
  read: ThreadRead,
  pageSize: number,
  ban: BanRecord | null = null,
  polls: PollView[] = [],
  faces: AuthorFaces = NO_FACES,
): ThreadView {
  const { thread } = read;
  return {
    id: thread.id,
    title: thread.title,
    isPinned: thread.pinned,
    isLocked: thread.locked,
    isDeleted: thread.deleted,
    categoryId: thread.categoryId,
    tags: thread.tags.map(toTagChipView),
    replies: Math.max(thread.postsCount - 1, 0),
    participants: read.participants,
    likes: thread.likesCount,
    topLevelReplies: thread.firstLevelCount,
    excerpt: excerptFromContent(read.firstPost.post.content, 160, thread.title),
    firstPost: toPostView(read.firstPost, read.access, faces),
    page: toPostPage(read.posts, pageSize, read.access, read.cutByBudget, faces),
    viewer: toThreadViewerView(read, ban),
    polls,
  };
}
