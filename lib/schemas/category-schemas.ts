import { z } from "zod";
import { MAX_ID, idParam, intParam, pageParam, pageSizeParam, trimmedString, unsetWhenBlank } from "@/lib/schemas/params";

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

/** Contract section 17: rename and/or move; parent_id 0 is the top level. */
export const EditCategoryParamsSchema = z.object({
  group_id: idParam(),
  category_id: idParam(),
  name: unsetWhenBlank(trimmedString({ min: 1, max: CATEGORY_NAME_MAX }).optional()),
  parent_id: unsetWhenBlank(intParam({ min: 0 }).optional()),
});

/** Contract section 17: delete; its threads go to move_to (0 or absent: uncategorised). */
export const DeleteCategoryParamsSchema = z.object({
  group_id: idParam(),
  category_id: idParam(),
  move_to: unsetWhenBlank(intParam({ min: 0 }).optional()),
});

function splitIds(value: unknown): unknown {
  if (typeof value === "number") return [value];
  if (typeof value === "string") return value.trim() === "" ? [] : value.split(",").map((part) => (/^\s*\d+\s*$/.test(part) ? Number(part) : part));
  return value;
}

/** Contract section 17: every category of the group once, comma-separated, in the new order. */
export const OrderCategoriesParamsSchema = z.object({
  group_id: idParam(),
  ids: z
    .preprocess(
      splitIds,
      z
        .array(z.unknown(), { error: "must be comma-separated category ids" })
        .min(1, { error: "must name every category of the group" })
        .refine((ids) => ids.every((id) => typeof id === "number" && Number.isInteger(id) && id >= 1 && id <= MAX_ID), {
          error: "must be comma-separated category ids",
        })
        .transform((ids) => ids as number[]),
    )
    .describe("Comma-separated category ids, every category of the group once"),
});
