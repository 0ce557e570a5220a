import "server-only";
import { getDb } from "@/lib/db/engine/client";
import type { DraftRecord } from "@/lib/db/drafts";
import { TIP_SELECT, type TipRecord } from "@/lib/db/tips";
import { readDeletedBy } from "@/lib/db/records/codes";

// What a data export reads (contract section 20): everything one user wrote or saved, each kind a
// page at a time by its key, so an export of any size holds one page in memory.

/** One of the user's posts as written, with what its proof is built from. */
export interface ExportPostRecord {
  id: number;
  threadId: number;
  threadTitle: string;
  /** The post opens its thread (its title is the thread's). */
  opensThread: boolean;
  groupId: number;
  groupName: string;
  parentId: number | null;
  depth: number;
  content: string;
  nsfw: boolean;
  deletedBy: "author" | "moderator" | null;
  sign: string | null;
  /** "" when unsigned. */
  signMsg: string;
  signData: string;
  signerAddress: string | null;
  signerType: number | null;
  archiveId: string;
  archiveCid: string;
  likesCount: number;
  tipCount: number;
  createdAt: Date;
  editedAt: Date | null;
}

/** The user's posts after `afterId`, oldest first. */
export async function listExportPosts(userId: number, afterId: number, take: number): Promise<ExportPostRecord[]> {
  const db = await getDb();
  const rows = await db.post.findMany({
    where: { userId, id: { gt: afterId } },
    orderBy: { id: "asc" },
    take,
    select: {
      id: true,
      threadId: true,
      groupId: true,
      parentId: true,
      depth: true,
      content: true,
      nsfw: true,
      deleted: true,
      sign: true,
      signMsg: true,
      signData: true,
      signerAddress: true,
      signerType: true,
      archiveId: true,
      archiveCid: true,
      likesCount: true,
      tipCount: true,
      createdAt: true,
      editedAt: true,
      thread: { select: { title: true, firstPostId: true } },
      group: { select: { name: true } },
    },
  });
  return rows.map(({ thread, group, nsfw, deleted, ...post }) => ({
    ...post,
    threadTitle: thread.title,
    opensThread: thread.firstPostId === post.id,
    groupName: group.name,
    nsfw: nsfw === 1,
    deletedBy: readDeletedBy(deleted),
  }));
}

/** An earlier version of one of the posts, as its edit replaced it. */
export interface ExportRevisionRecord {
  id: number;
  postId: number;
  editorId: number;
  previousContent: string;
  sign: string | null;
  signMsg: string | null;
  signerAddress: string | null;
  signerType: number | null;
  createdAt: Date;
}

/** Every revision of the posts, oldest first per post. */
export async function listExportRevisions(postIds: readonly number[]): Promise<ExportRevisionRecord[]> {
  if (postIds.length === 0) return [];
  const db = await getDb();
  const rows = await db.postEdit.findMany({
    where: { postId: { in: [...postIds] } },
    orderBy: [{ postId: "asc" }, { id: "asc" }],
    select: { id: true, postId: true, userId: true, previousContent: true, sign: true, signMsg: true, signerAddress: true, signerType: true, createdAt: true },
  });
  return rows.map(({ userId, ...revision }) => ({ ...revision, editorId: userId }));
}

/** The RSA moduli of the permaweb wallets among `addresses` (a proof names the signer's). */
export async function readSignerKeys(addresses: readonly string[]): Promise<Map<string, string>> {
  if (addresses.length === 0) return new Map();
  const db = await getDb();
  const wallets = await db.wallet.findMany({
    where: { address: { in: [...addresses] }, publicKey: { not: null } },
    select: { address: true, publicKey: true },
  });
  return new Map(wallets.map((wallet) => [wallet.address, wallet.publicKey!]));
}

/** An upload of the user whose content is still stored. */
export interface ExportUploadRecord {
  id: number;
  postId: number | null;
  groupId: number;
  name: string;
  mimeType: string;
  size: number;
  sha256: string;
  ext: string;
  purpose: string;
  width: number | null;
  height: number | null;
  createdAt: Date;
}

export async function listExportUploads(userId: number, afterId: number, take: number): Promise<ExportUploadRecord[]> {
  const db = await getDb();
  const rows = await db.attachment.findMany({
    where: { userId, id: { gt: afterId }, sha256: { not: null } },
    orderBy: { id: "asc" },
    take,
    select: {
      id: true,
      postId: true,
      groupId: true,
      name: true,
      mimeType: true,
      size: true,
      sha256: true,
      ext: true,
      purpose: true,
      width: true,
      height: true,
      createdAt: true,
    },
  });
  return rows.map((row) => ({ ...row, sha256: row.sha256!, size: Number(row.size) }));
}

export interface ExportLikeRecord {
  id: number;
  postId: number;
  threadId: number;
  createdAt: Date;
}

export async function listExportLikes(userId: number, afterId: number, take: number): Promise<ExportLikeRecord[]> {
  const db = await getDb();
  const rows = await db.postLike.findMany({
    where: { userId, id: { gt: afterId } },
    orderBy: { id: "asc" },
    take,
    select: { id: true, postId: true, createdAt: true, post: { select: { threadId: true } } },
  });
  return rows.map(({ post, ...like }) => ({ ...like, threadId: post.threadId }));
}

export interface ExportBookmarkRecord {
  postId: number;
  threadId: number;
  note: string;
  remindAt: Date | null;
  createdAt: Date;
}

export async function listExportBookmarks(userId: number, afterPostId: number, take: number): Promise<ExportBookmarkRecord[]> {
  const db = await getDb();
  const rows = await db.bookmark.findMany({
    where: { userId, postId: { gt: afterPostId } },
    orderBy: { postId: "asc" },
    take,
    select: { postId: true, note: true, remindAt: true, createdAt: true, post: { select: { threadId: true } } },
  });
  return rows.map(({ post, ...bookmark }) => ({ ...bookmark, threadId: post.threadId }));
}

export type ExportDraftRecord = Omit<DraftRecord, "sequence">;

export async function listExportDrafts(userId: number, afterKey: string, take: number): Promise<ExportDraftRecord[]> {
  const db = await getDb();
  return db.draft.findMany({
    where: { userId, draftKey: { gt: afterKey } },
    orderBy: { draftKey: "asc" },
    take,
    select: { draftKey: true, title: true, content: true, groupId: true, threadId: true, parentId: true, categoryId: true, updatedAt: true },
  });
}

export interface ExportBadgeRecord {
  badgeId: number;
  name: string;
  description: string;
  imageUrl: string;
  kind: string;
  groupId: number;
  groupName: string;
  grantedAt: Date;
  reason: string;
  /** The member shows it as their title in its group. */
  isTitle: boolean;
}

export async function listExportBadges(userId: number, afterBadgeId: number, take: number): Promise<ExportBadgeRecord[]> {
  const db = await getDb();
  const rows = await db.userBadge.findMany({
    where: { userId, badgeId: { gt: afterBadgeId } },
    orderBy: { badgeId: "asc" },
    take,
    select: {
      badgeId: true,
      groupId: true,
      grantedAt: true,
      reason: true,
      title: { select: { badgeId: true } },
      badge: { select: { name: true, description: true, imageUrl: true, kind: true, group: { select: { name: true } } } },
    },
  });
  return rows.map(({ badge, title, ...held }) => ({
    ...held,
    name: badge.name,
    description: badge.description,
    imageUrl: badge.imageUrl,
    kind: badge.kind,
    groupName: badge.group.name,
    isTitle: title !== null,
  }));
}

export interface ExportTipRecord extends TipRecord {
  /** The user sent it, or received it on one of their posts. */
  direction: "sent" | "received";
}

/** Tips the user sent or received after `afterId`, oldest first. */
export async function listExportTips(userId: number, afterId: number, take: number): Promise<ExportTipRecord[]> {
  const db = await getDb();
  const rows = await db.postTip.findMany({
    where: { id: { gt: afterId }, OR: [{ fromUserId: userId }, { toUserId: userId }] },
    orderBy: { id: "asc" },
    take,
    select: TIP_SELECT,
  });
  return rows.map((tip) => ({ ...tip, direction: tip.fromUserId === userId ? "sent" : "received" }));
}
