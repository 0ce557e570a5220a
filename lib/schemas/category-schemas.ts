import { z } from "zod";
import { idParam, intParam, pageParam, pageSizeParam, trimmedString, unsetWhenBlank } from "@/lib/schemas/params";

/** Category (reference: "Category (under data.category[])"). */
export const CategorySchema = z.strictObject({
  id: z.number().int(),
  group_id: z.number().int(),
  name: z.string(),
  category_id: z.number().int(),
  parent_id: z.union([z.number().int(), z.literal("")]),
  order: z.string(),
  _import_source_import_id: z.string(),
  _import_source_forum_id: z.string(),
});

export type CategoryDto = z.infer<typeof CategorySchema>;

export const CATEGORY_NAME_MAX = 64;

/** Endpoint 7: a group's categories, bounded like every listing. */
export const GroupCategoriesParamsSchema = z.object({
  group_id: idParam(),
  page: pageParam(),
  per_page: pageSizeParam(100),
});

/** Contract section 9: create a category; parent_id 0 or absent is top level. */
export const CreateCategoryParamsSchema = z.object({
  group_id: idParam(),
  name: trimmedString({ min: 1, max: CATEGORY_NAME_MAX }),
  parent_id: unsetWhenBlank(intParam({ min: 0 }).optional()),
});
