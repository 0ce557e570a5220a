import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { getDb } from "@/lib/db/engine/client";
import type { Tx } from "@/lib/db/engine/transaction";
import type { TagBrief } from "@/lib/db/tags";

// Which threads carry which tags (thread_tags), and the tags' counts of live threads: every write
// here moves tags.thread_count in the same transaction, after the thread's row (lock order:
// threads, then tags; prisma/derived/read-versions.sql).

/** The tag ids a thread carries, read in the writing transaction. */
export async function listThreadTagIds(tx: Tx, threadId: number): Promise<number[]> {
  const rows = await tx.threadTag.findMany({ where: { threadId }, select: { tagId: true }, orderBy: { tagId: "asc" } });
  return rows.map((row) => row.tagId);
}

async function moveTagCounts(tx: Tx, ids: readonly number[], by: 1 | -1): Promise<void> {
  if (ids.length === 0) return;
  await tx.$executeRaw`UPDATE tags SET thread_count = thread_count + ${by}::int WHERE id = ANY(${[...ids]}::int[])`;
}

/** Links and unlinks tags of a thread; a live thread moves the tags' counts. */
export async function changeThreadTags(
  tx: Tx,
  thread: { id: number; live: boolean },
  change: { add: readonly number[]; remove: readonly number[] },
): Promise<void> {
  if (change.remove.length > 0) await tx.threadTag.deleteMany({ where: { threadId: thread.id, tagId: { in: [...change.remove] } } });
  if (change.add.length > 0) await tx.threadTag.createMany({ data: change.add.map((tagId) => ({ threadId: thread.id, tagId })), skipDuplicates: true });
  if (!thread.live) return;
  await moveTagCounts(tx, change.add, 1);
  await moveTagCounts(tx, change.remove, -1);
}

/**
 * Locks the threads carrying a tag, before the tag itself is locked to be deleted: the deletion
 * moves those threads' read versions, and thread writes lock their thread before its tags.
 */
export async function lockThreadsTagged(tx: Tx, groupId: number, tagId: number): Promise<void> {
  await tx.$queryRaw`
    SELECT t.id FROM threads t
    WHERE t.group_id = ${groupId} AND t.id IN (SELECT thread_id FROM thread_tags WHERE tag_id = ${tagId})
    ORDER BY t.id FOR NO KEY UPDATE`;
}

/** A thread left its listings: its tags count it no more. */
export async function uncountThreadTags(tx: Tx, threadId: number): Promise<void> {
  await tx.$executeRaw`UPDATE tags SET thread_count = thread_count - 1 WHERE id IN (SELECT tag_id FROM thread_tags WHERE thread_id = ${threadId})`;
}

/** The tags of a page of threads, in each group's order (none where the group switched tags off): one statement. */
export async function listTagsOfThreads(threadIds: readonly number[]): Promise<Map<number, TagBrief[]>> {
  const byThread = new Map<number, TagBrief[]>();
  if (threadIds.length === 0) return byThread;
  const db = await getDb();
  const rows = await db.$queryRaw<{ threadId: number; id: number; name: string; color: string }[]>`
    SELECT tt.thread_id AS "threadId", t.id, t.name, t.color FROM thread_tags tt JOIN tags t ON t.id = tt.tag_id
    WHERE tt.thread_id IN (${Prisma.join([...threadIds])})
      AND NOT EXISTS (SELECT 1 FROM group_features f WHERE f.group_id = t.group_id AND f.feature_name = 'topic_organization' AND f.status = 0)
    ORDER BY t."order", t.id`;
  for (const row of rows) {
    const list = byThread.get(row.threadId) ?? [];
    list.push({ id: row.id, name: row.name, color: row.color });
    byThread.set(row.threadId, list);
  }
  return byThread;
}

/** Every tag's live threads, counted, and thread_count set where it differs (the hourly proof): how many tags were set. */
export async function recountAllTagThreads(tx: Tx): Promise<number> {
  return tx.$executeRaw`
    UPDATE tags t SET thread_count = c.n
    FROM (
      SELECT tg.id, (SELECT count(*)::int FROM thread_tags tt JOIN threads th ON th.id = tt.thread_id AND th.is_delete = 0 WHERE tt.tag_id = tg.id) AS n
      FROM tags tg
    ) c
    WHERE c.id = t.id AND t.thread_count <> c.n`;
}
