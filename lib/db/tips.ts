import "server-only";
import { getDb } from "@/lib/db/engine/client";
import type { Tx } from "@/lib/db/engine/transaction";
import type { PageWindow } from "@/lib/db/pagination";

// Tips (contract section 19): the post_tips rows and the two counters a tip moves (the post's
// tip_count, then its thread's), inside the caller's transaction, in the lock order of every post write.

/** A verified transfer, as it is written. */
export interface NewTip {
  postId: number;
  threadId: number;
  groupId: number;
  fromUserId: number;
  toUserId: number;
  chainId: number;
  txHash: string;
  /** -1 for a native transfer. */
  logIndex: number;
  /** Lower-case contract address, or "native". */
  token: string;
  symbol: string;
  /** Decimal string in base units. */
  amount: string;
  blockNumber: bigint;
  blockHash: string;
}

export interface TipRecord extends NewTip {
  id: number;
  createdAt: Date;
}

/** A tip with its sender, as the lists show it. */
export interface ListedTip extends TipRecord {
  user: { id: number; username: string; photoUrl: string };
}

export const TIP_SELECT = {
  id: true,
  postId: true,
  threadId: true,
  groupId: true,
  fromUserId: true,
  toUserId: true,
  chainId: true,
  txHash: true,
  logIndex: true,
  token: true,
  symbol: true,
  amount: true,
  blockNumber: true,
  blockHash: true,
  createdAt: true,
} as const;

const SENDER_SELECT = { id: true, username: true, photoUrl: true } as const;

/** Inserts the tip; null when the transfer was already counted (the unique index decides, so two racing requests write one row). */
export async function insertTip(tx: Tx, tip: NewTip): Promise<TipRecord | null> {
  const { count } = await tx.postTip.createMany({ data: [tip], skipDuplicates: true });
  if (count !== 1) return null;
  return tx.postTip.findUniqueOrThrow({
    where: { chainId_txHash_logIndex: { chainId: tip.chainId, txHash: tip.txHash, logIndex: tip.logIndex } },
    select: TIP_SELECT,
  });
}

/** Deletes the tip; null when it is already gone (a second run of its re-check). */
export async function deleteTip(tx: Tx, id: number): Promise<TipRecord | null> {
  const rows = await tx.postTip.findMany({ where: { id }, select: TIP_SELECT });
  if (rows.length === 0) return null;
  const { count } = await tx.postTip.deleteMany({ where: { id } });
  return count === 1 ? rows[0]! : null;
}

/** The post's tip_count, then its thread's (the sum of its posts'). */
export async function moveTipCounters(tx: Tx, tip: { postId: number; threadId: number }, by: 1 | -1): Promise<void> {
  await tx.post.updateMany({ where: { id: tip.postId }, data: { tipCount: { increment: by } } });
  await tx.thread.updateMany({ where: { id: tip.threadId }, data: { tipCount: { increment: by } } });
}

export async function findTip(id: number): Promise<TipRecord | null> {
  const db = await getDb();
  return db.postTip.findUnique({ where: { id }, select: TIP_SELECT });
}

/** A post's tips, newest first, a page at a time, with how many there are. */
export async function listPostTips(postId: number, window: PageWindow): Promise<{ tips: ListedTip[]; count: number }> {
  const db = await getDb();
  const [rows, count] = await Promise.all([
    db.postTip.findMany({ where: { postId }, orderBy: { id: "desc" }, ...window, select: TIP_SELECT }),
    db.postTip.count({ where: { postId } }),
  ]);
  return { tips: await withSenders(rows), count };
}

async function withSenders(rows: TipRecord[]): Promise<ListedTip[]> {
  if (rows.length === 0) return [];
  const db = await getDb();
  const users = await db.user.findMany({ where: { id: { in: [...new Set(rows.map((row) => row.fromUserId))] } }, select: SENDER_SELECT });
  const byId = new Map(users.map((user) => [user.id, user]));
  return rows.map((row) => ({ ...row, user: byId.get(row.fromUserId) ?? { id: row.fromUserId, username: "", photoUrl: "" } }));
}

/** What a thread shows of its tips: the first post's newest `limit`, and which of `postIds` the viewer tipped. */
export async function readThreadTips(
  firstPostId: number,
  limit: number,
  viewerId: number | null,
  postIds: readonly number[],
): Promise<{ newest: ListedTip[]; tippedByViewer: Set<number> }> {
  const db = await getDb();
  const [rows, tipped] = await Promise.all([
    db.postTip.findMany({ where: { postId: firstPostId }, orderBy: { id: "desc" }, take: limit, select: TIP_SELECT }),
    viewerId === null || postIds.length === 0
      ? []
      : db.postTip.findMany({ where: { fromUserId: viewerId, postId: { in: [...new Set(postIds)] } }, distinct: ["postId"], select: { postId: true } }),
  ]);
  return { newest: await withSenders(rows), tippedByViewer: new Set(tipped.map((row) => row.postId)) };
}
