import "server-only";
import type { CategoryRow } from "@/lib/db/categories";
import type { CategoryDto } from "@/lib/schemas/category-schemas";

/** Category, reference "Category" table: parent_id is "" at the top level, order a string. */
export function serializeCategory(row: CategoryRow): CategoryDto {
  return {
    id: row.id,
    group_id: row.groupId,
    name: row.name,
    category_id: row.id,
    parent_id: row.parentId ?? "",
    order: String(row.order),
    _import_source_import_id: row.importSourceImportId,
    _import_source_forum_id: row.importSourceForumId,
  };
}
