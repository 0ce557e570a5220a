import "server-only";
import { getDb } from "@/lib/db/engine/client";
import { inTransaction, type Tx } from "@/lib/db/engine/transaction";

// Archived revisions of posts (contract section 19; migration 20261203020000_post_archives): a row
// written with each new post or edit in an archiving group, filled in by the archive job.

/**
 * Records the post's revision as it stands in the writing transaction (content and signature as
 * just written): the post as written, or (`afterEdit`) the revision its newest edit made, dated by
 * that edit. One statement; answers the row's id.
 */
export async function insertPostArchive(tx: Tx, postId: number, afterEdit: boolean): Promise<number> {
  const rows = afterEdit
    ? await tx.$queryRaw<{ id: number }[]>`
        INSERT INTO post_archives (post_id, edit_id, content, sign, sign_msg, created_at)
        SELECT p.id, e.id, p.content, p.sign, NULLIF(p.sign_msg, ''), e.created_at
        FROM posts p JOIN LATERAL (SELECT id, created_at FROM post_edits WHERE post_id = p.id ORDER BY id DESC LIMIT 1) e ON true
        WHERE p.id = ${postId}
        RETURNING id`
    : await tx.$queryRaw<{ id: number }[]>`
        INSERT INTO post_archives (post_id, edit_id, content, sign, sign_msg, created_at)
        SELECT p.id, NULL, p.content, p.sign, NULLIF(p.sign_msg, ''), p.created_at FROM posts p WHERE p.id = ${postId}
        RETURNING id`;
  const row = rows[0];
  if (!row) throw new Error(`post ${postId} has no revision to archive`);
  return row.id;
}

/** What the archive job needs to bundle one revision. */
export interface PendingArchive {
  id: number;
  postId: number;
  threadId: number;
  /** The group's `name` (its handle). */
  groupName: string;
  /** The author's first wallet ("" for an author without one). */
  firstWalletAddress: string;
  content: string;
  sign: string | null;
  signMsg: string | null;
  createdAt: Date;
  /** The transaction id, once posted ("" before). */
  archiveId: string;
}

/** A revision to archive with its post's thread, group and author's first wallet; null when it is gone (its post was removed). */
export async function findPendingArchive(id: number): Promise<PendingArchive | null> {
  const db = await getDb();
  const row = await db.postArchive.findUnique({
    where: { id },
    select: {
      id: true,
      postId: true,
      content: true,
      sign: true,
      signMsg: true,
      createdAt: true,
      archiveId: true,
      post: {
        select: {
          threadId: true,
          group: { select: { name: true } },
          user: { select: { wallets: { select: { address: true }, orderBy: { id: "asc" }, take: 1 } } },
        },
      },
    },
  });
  if (!row) return null;
  const { post, ...archive } = row;
  return { ...archive, threadId: post.threadId, groupName: post.group.name, firstWalletAddress: post.user.wallets[0]?.address ?? "" };
}

/**
 * Stores a revision's cid and transaction id; the post's archive_id and archive_cid follow when no
 * newer revision of it was archived already (jobs may finish out of order). One transaction.
 */
export async function writeArchived(archive: { id: number; postId: number }, cid: string, archiveId: string): Promise<void> {
  await inTransaction(async (tx) => {
    // The post's row lock orders two revisions' jobs: the later statement sees the other's commit.
    await tx.$queryRaw`SELECT id FROM posts WHERE id = ${archive.postId} FOR UPDATE`;
    await tx.postArchive.update({ where: { id: archive.id }, data: { cid, archiveId, archivedAt: new Date(), lastError: "" }, select: { id: true } });
    await tx.$executeRaw`
      UPDATE posts SET archive_id = ${archiveId}, archive_cid = ${cid}
      WHERE id = ${archive.postId}
        AND NOT EXISTS (SELECT 1 FROM post_archives a WHERE a.post_id = ${archive.postId} AND a.id > ${archive.id} AND a.archived_at IS NOT NULL)`;
  });
}

/** Keeps a failed attempt's count and reason (the job queue retries it). */
export async function writeArchiveFailure(id: number, error: string): Promise<void> {
  const db = await getDb();
  await db.postArchive.updateMany({ where: { id }, data: { attempts: { increment: 1 }, lastError: error.slice(0, 1000) } });
}
