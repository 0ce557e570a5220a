import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { isSet, readDeletedBy, type DeletedBy } from "@/lib/db/records/codes";

/** A post as a thread shows it. */
export interface PostRecord {
  id: number;
  threadId: number;
  groupId: number;
  userId: number;
  /** Null for a top-level post. */
  parentId: number | null;
  /** The top-level post it is under (null for a top-level post). */
  rootId: number | null;
  depth: number;
  /** Its Quill delta, as JSON. */
  content: string;
  /** Its sanitised HTML (null until the start-up backfill reaches an old row). */
  contentHtml: string | null;
  nsfw: boolean;
  /** Null while it is live; who deleted it otherwise (the person is deletedById). */
  deletedBy: DeletedBy;
  deletedById: number | null;
  editedAt: Date | null;
  sign: string | null;
  /** The wallet that signed the current version (contract section 19), null when unsigned. */
  signerAddress: string | null;
  /** The contentHash that signature covers (0x hex), "" when unsigned. */
  signData: string;
  archiveId: string;
  /** The newest archived revision's bundle cid ("" until one is archived; contract section 19). */
  archiveCid: string;
  /** The author of the post it answers (0 for none). */
  replyUid: number;
  childrenCount: number;
  likesCount: number;
  reportCount: number;
  tipCount: number;
  createdAt: Date;
  updatedAt: Date;
}

export const POST_SELECT = {
  id: true,
  threadId: true,
  groupId: true,
  userId: true,
  parentId: true,
  rootId: true,
  depth: true,
  content: true,
  contentHtml: true,
  nsfw: true,
  deleted: true,
  editedAt: true,
  sign: true,
  signerAddress: true,
  signData: true,
  archiveId: true,
  archiveCid: true,
  replyUid: true,
  childrenCount: true,
  likesCount: true,
  reportCount: true,
  tipCount: true,
  createdAt: true,
  updatedAt: true,
  // Who deleted it is loaded with the authors (loadPostNodes), not as a relation: a relation
  // costs Prisma one more statement per query, even when no post of the page is deleted.
  deletedById: true,
} satisfies Prisma.PostSelect;
export type PostRow = Prisma.PostGetPayload<{ select: typeof POST_SELECT }>;

/** The columns of POST_SELECT for raw queries over posts `p`, named as Prisma names them. */
export const POST_COLUMNS = Prisma.sql`p.id, p.thread_id AS "threadId", p.group_id AS "groupId", p.user_id AS "userId",
  p.parent_id AS "parentId", p.root_id AS "rootId", p.depth, p.content, p.content_html AS "contentHtml", p.nsfw,
  p.deleted, p.edited_at AS "editedAt", p.sign, p.signer_address AS "signerAddress", p.sign_data AS "signData", p.archive_id AS "archiveId",
  p.archive_cid AS "archiveCid", p.reply_uid AS "replyUid",
  p.children_count AS "childrenCount", p.likes_count AS "likesCount", p.report_count AS "reportCount",
  p.tip_count AS "tipCount", p.created_at AS "createdAt", p.updated_at AS "updatedAt", p.deleted_by_id AS "deletedById"`;

export function readPost(row: PostRow): PostRecord {
  return {
    id: row.id,
    threadId: row.threadId,
    groupId: row.groupId,
    userId: row.userId,
    parentId: row.parentId,
    rootId: row.rootId,
    depth: row.depth,
    content: row.content,
    contentHtml: row.contentHtml,
    nsfw: isSet(row.nsfw),
    deletedBy: readDeletedBy(row.deleted),
    deletedById: row.deletedById,
    editedAt: row.editedAt,
    sign: row.sign,
    signerAddress: row.signerAddress,
    signData: row.signData,
    archiveId: row.archiveId,
    archiveCid: row.archiveCid,
    replyUid: row.replyUid,
    childrenCount: row.childrenCount,
    likesCount: row.likesCount,
    reportCount: row.reportCount,
    tipCount: row.tipCount,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
