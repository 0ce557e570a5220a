import "server-only";
import { groupWhere, type GroupKey } from "@/lib/db/groups";
import { flagCode, isSet } from "@/lib/db/records/codes";
import type { Tx } from "@/lib/db/engine/transaction";
import { uncountThreadTags } from "@/lib/db/thread-tags";

// The writes of a thread's own row (create, retitle, move, remove, pin, lock), each inside the
// caller's transaction. Counters move in the same transaction: the thread row first, then its group.

/** A thread as a moderation write reads it, locked until the write's transaction ends. */
export interface LockedThread {
  id: number;
  userId: number;
  groupId: number;
  groupName: string;
  title: string;
  categoryId: number | null;
  pinned: boolean;
  locked: boolean;
  deleted: boolean;
}

/** Locks the thread's row, then reads it: null when there is no such thread. */
export async function lockThreadRow(tx: Tx, threadId: number): Promise<LockedThread | null> {
  await tx.$queryRaw`SELECT id FROM threads WHERE id = ${threadId} FOR UPDATE`;
  const row = await tx.thread.findUnique({
    where: { id: threadId },
    select: {
      id: true,
      userId: true,
      groupId: true,
      isDelete: true,
      isPin: true,
      isLocked: true,
      title: true,
      categoryId: true,
      group: { select: { name: true } },
    },
  });
  if (!row) return null;
  const { group, isDelete, isPin, isLocked, ...rest } = row;
  return { ...rest, groupName: group.name, pinned: isSet(isPin), locked: isSet(isLocked), deleted: isSet(isDelete) };
}

/** The group a new thread is started in, by id or handle. */
export async function findGroupForThread(tx: Tx, key: GroupKey): Promise<{ id: number; name: string } | null> {
  return tx.group.findUnique({ where: groupWhere(key), select: { id: true, name: true } });
}

/** Whether a category exists and belongs to the group (a thread's category must be its group's). */
export async function isCategoryOfGroup(tx: Tx, categoryId: number, groupId: number): Promise<boolean> {
  const category = await tx.category.findUnique({ where: { id: categoryId }, select: { groupId: true } });
  return category !== null && category.groupId === groupId;
}

export interface NewThread {
  groupId: number;
  userId: number;
  categoryId: number | null;
  title: string;
  slug: string;
}

/** Inserts a thread (its first post follows, lib/db/post-insert.ts) and counts it in its group. */
export async function insertThreadRow(tx: Tx, input: NewThread): Promise<{ id: number; groupId: number; slug: string }> {
  const thread = await tx.thread.create({ data: input, select: { id: true, groupId: true, slug: true } });
  await tx.group.update({ where: { id: input.groupId }, data: { threadsCount: { increment: 1 } } });
  return thread;
}

/** A new category, and a new title with its slug when the title changes. */
export async function updateThreadRow(tx: Tx, threadId: number, change: { categoryId: number | null; title?: string; slug?: string }): Promise<void> {
  await tx.thread.update({ where: { id: threadId }, data: change, select: { id: true } });
}

/** Whether anyone but the thread's author has posted in it. */
export async function hasPostsByOthers(tx: Tx, threadId: number, authorId: number): Promise<boolean> {
  return (await tx.post.findFirst({ where: { threadId, userId: { not: authorId } }, select: { id: true } })) !== null;
}

/** Removes a thread from its group's listings (unpinned) and from its group's thread count. */
export async function markThreadDeleted(tx: Tx, thread: { id: number; groupId: number }): Promise<void> {
  await tx.thread.update({ where: { id: thread.id }, data: { isDelete: 1, isPin: 0 }, select: { id: true } });
  await uncountThreadTags(tx, thread.id);
  await tx.group.update({ where: { id: thread.groupId }, data: { threadsCount: { decrement: 1 } }, select: { id: true } });
}

const FLAG_COLUMNS = { pinned: "isPin", locked: "isLocked" } as const;

/** Pins or unpins, locks or unlocks a thread. */
export async function setThreadFlag(tx: Tx, threadId: number, flag: keyof typeof FLAG_COLUMNS, on: boolean): Promise<void> {
  await tx.thread.update({ where: { id: threadId }, data: { [FLAG_COLUMNS[flag]]: flagCode(on) }, select: { id: true } });
}
