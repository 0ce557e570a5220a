import "server-only";
import { ApiError } from "@/lib/api/api-error";
import { inTransaction } from "@/lib/services/transaction";

export interface NewCategory {
  groupId: number;
  name: string;
  parentId: number | null;
}

/** Appends a category to its group (or under a parent of the same group). */
export async function createCategory(input: NewCategory): Promise<{ id: number }> {
  return inTransaction(async (tx) => {
    if (input.parentId !== null) {
      const parent = await tx.category.findUnique({ where: { id: input.parentId }, select: { groupId: true } });
      if (!parent || parent.groupId !== input.groupId) throw new ApiError(40400, "parent_id: no such category in this group");
    }
    const last = await tx.category.aggregate({ where: { groupId: input.groupId }, _max: { order: true } });
    return tx.category.create({
      data: { groupId: input.groupId, name: input.name, parentId: input.parentId, order: (last._max.order ?? 0) + 1 },
      select: { id: true },
    });
  });
}
