import "server-only";
import { flagCode } from "@/lib/db/records/codes";
import type { TagRecord } from "@/lib/db/tags";
import type { TagDto } from "@/lib/schemas/tag-schemas";

/** Tag (contract section 18): `restricted` 0 or 1, `order` the place in the admins' order. */
export function serializeTag(tag: TagRecord): TagDto {
  return {
    id: tag.id,
    name: tag.name,
    color: tag.color,
    description: tag.description,
    restricted: flagCode(tag.restricted),
    thread_count: tag.threadCount,
    order: tag.order,
  };
}

/** Get group info's `tags` (by name) and `order_tags` (the admins' order). */
export function serializeGroupInfoTags(tags: readonly TagRecord[]): { tags: GroupInfoTag[]; order_tags: GroupInfoTag[] } {
  const rows = tags.map((tag) => ({ id: tag.id, name: tag.name, color: tag.color, thread_count: tag.threadCount }));
  const byName = [...rows].sort((a, b) => a.name.localeCompare(b.name, "en", { sensitivity: "base" }) || a.id - b.id);
  return { tags: byName, order_tags: rows };
}

type GroupInfoTag = { id: number; name: string; color: string; thread_count: number };
