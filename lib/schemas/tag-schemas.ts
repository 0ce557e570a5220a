import { z } from "zod";
import { MAX_ID, idParam, trimmedString, unsetWhenBlank } from "@/lib/schemas/params";

// Contract section 18, "Tags": a group's own vocabulary of thread tags.

export const TAG_NAME_MAX = 30;
export const TAG_DESCRIPTION_MAX = 200;
/** How many tags a thread carries at most. */
export const MAX_THREAD_TAGS = 5;

/** Unicode letters (with their marks), digits, space, "-" and "_". */
const TAG_NAME_PATTERN = /^[\p{L}\p{M}\p{Nd} _-]+$/u;
const COLOR_PATTERN = /^#[0-9a-fA-F]{6}$/;

/** A tag's name: trimmed (and Unicode-normalised), 1-30 characters of letters, digits, space, "-" and "_". */
export const TagNameSchema = z
  .string({ error: "must be a string" })
  .transform((value) => value.normalize("NFC").trim())
  .refine((value) => value.length > 0, { error: "must not be empty" })
  .refine((value) => [...value].length <= TAG_NAME_MAX, { error: `must be at most ${TAG_NAME_MAX} characters` })
  .refine((value) => TAG_NAME_PATTERN.test(value), { error: "may hold only letters, digits, spaces, - and _" })
  .describe(`1-${TAG_NAME_MAX} characters after trimming: letters, digits, space, - and _`);

/** "#rrggbb", or "" for the default look. */
export const TagColorSchema = z
  .string({ error: "must be a string" })
  .trim()
  .refine((value) => value === "" || COLOR_PATTERN.test(value), { error: 'must be a color "#rrggbb" or ""' });

export const TagDescriptionSchema = trimmedString({ max: TAG_DESCRIPTION_MAX });

/** 0 or 1, as a number or its string. */
const RestrictedSchema = z.preprocess(
  (value) => (value === "0" || value === "1" ? Number(value) : value),
  z.union([z.literal(0), z.literal(1)], { error: "must be 0 or 1" }),
);

function splitIds(value: unknown): unknown {
  if (typeof value === "number") return [value];
  if (typeof value === "string") return value.trim() === "" ? [] : value.split(",").map((part) => (/^\s*\d+\s*$/.test(part) ? Number(part) : part));
  return value;
}

const isId = (id: unknown): id is number => typeof id === "number" && Number.isInteger(id) && id >= 1 && id <= MAX_ID;

/** Comma-separated tag ids (or one number); "" is none. */
function tagIdList(what: string) {
  return z.preprocess(
    splitIds,
    z
      .array(z.unknown(), { error: `must be ${what}` })
      .refine((ids) => ids.every(isId), { error: `must be ${what}` })
      .transform((ids) => ids as number[]),
  );
}

/** Create thread and thread edit: the thread's tags, at most 5 of its group ("" clears them on an edit). */
export const ThreadTagsParamSchema = tagIdList("comma-separated tag ids")
  .transform((ids) => [...new Set(ids)])
  .refine((ids) => ids.length <= MAX_THREAD_TAGS, { error: `must name at most ${MAX_THREAD_TAGS} tags` })
  .describe(`Tag ids of the thread's group, comma-separated, at most ${MAX_THREAD_TAGS}; "" clears them on an edit`);

/** Tag (contract section 18): `restricted` and `order` ints. */
export const TagSchema = z.strictObject({
  id: z.number().int(),
  name: z.string(),
  color: z.string(),
  description: z.string(),
  restricted: z.union([z.literal(0), z.literal(1)]),
  thread_count: z.number().int(),
  order: z.number().int(),
});

export type TagDto = z.infer<typeof TagSchema>;

/** Get group info's `tags` and `order_tags` rows. */
export const GroupInfoTagSchema = z.strictObject({ id: z.number().int(), name: z.string(), color: z.string(), thread_count: z.number().int() });

export const GroupTagsParamsSchema = z.object({ group_id: idParam() });

export const CreateTagParamsSchema = z.object({
  group_id: idParam(),
  name: TagNameSchema,
  color: unsetWhenBlank(TagColorSchema.default("")),
  description: unsetWhenBlank(TagDescriptionSchema.default("")),
  restricted: unsetWhenBlank(RestrictedSchema.default(0)),
});

/** Each field left out stays as it is; color "" and description "" clear them. */
export const EditTagParamsSchema = z.object({
  group_id: idParam(),
  tag_id: idParam(),
  name: TagNameSchema.optional(),
  color: TagColorSchema.optional(),
  description: TagDescriptionSchema.optional(),
  restricted: unsetWhenBlank(RestrictedSchema.optional()),
});

export const TagParamsSchema = z.object({ group_id: idParam(), tag_id: idParam() });

export const OrderTagsParamsSchema = z.object({
  group_id: idParam(),
  ids: tagIdList("comma-separated tag ids")
    .refine((ids) => ids.length > 0, { error: "must name every tag of the group" })
    .describe("Comma-separated tag ids, every tag of the group once"),
});

/** The listings' filter: only threads carrying this tag (unknown: 404). */
export const TagFilterParamSchema = unsetWhenBlank(idParam().optional()).describe("Only threads carrying this tag");
