import "server-only";
import { ApiError } from "@/lib/api/api-error";
import { insertPost } from "@/lib/services/posts";
import { slugify } from "@/lib/services/slug";
import { inTransaction } from "@/lib/services/transaction";

export interface NewThread {
  groupId: number;
  userId: number;
  title: string;
  /** Normalised delta JSON of the first post. */
  content: string;
  categoryId: number | null;
  isPin?: number;
}

/** Creates a thread and its first post in one transaction. */
export async function createThread(input: NewThread): Promise<{ id: number; firstPostId: number }> {
  return inTransaction(async (tx) => {
    if (input.categoryId !== null) {
      const category = await tx.category.findUnique({ where: { id: input.categoryId }, select: { groupId: true } });
      if (!category || category.groupId !== input.groupId) throw new ApiError(40400, "category_id: no such category in this group");
    }
    const thread = await tx.thread.create({
      data: {
        groupId: input.groupId,
        userId: input.userId,
        categoryId: input.categoryId,
        title: input.title,
        slug: slugify(input.title),
        isPin: input.isPin ?? 0,
      },
      select: { id: true, groupId: true },
    });
    await tx.group.update({ where: { id: input.groupId }, data: { threadsCount: { increment: 1 } } });
    const first = await insertPost(tx, thread, { userId: input.userId, content: input.content }, true);
    return { id: thread.id, firstPostId: first.id };
  });
}
