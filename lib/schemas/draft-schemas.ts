import { z } from "zod";
import { intParam, pageParam, pageSizeParam, unsetWhenBlank } from "@/lib/schemas/params";
import { DeltaContentParamSchema } from "@/lib/schemas/content-schemas";

// Contract section 17: drafts, saved as people write.

export const DRAFT_KEY_PATTERN = /^[a-z0-9_-]{1,64}$/;
export const DRAFT_TITLE_MAX = 200;
/** How many drafts one person may keep; the next save of a new key is refused. */
export const DRAFTS_PER_USER = 200;

export const DraftKeySchema = z
  .string({ error: "must be a string" })
  .regex(DRAFT_KEY_PATTERN, { error: "must be 1-64 of a-z, 0-9, - and _" })
  .describe("Chosen by the client: 1-64 of a-z 0-9 - _");

/** A place id: absent, blank or 0 is none. */
const placeParam = () => unsetWhenBlank(intParam({ min: 0 }).optional());

export const DraftSchema = z.strictObject({
  draft_key: z.string(),
  title: z.string(),
  content: z.array(z.unknown()).describe("The delta's ops (may be empty)"),
  group_id: z.number().int().describe("0 when none"),
  thread_id: z.number().int().describe("0 when none"),
  parent_id: z.number().int().describe("0 when none"),
  category_id: z.number().int().describe("0 when none"),
  sequence: z.number().int(),
  updated_at: z.string().describe("ISO 8601"),
});
export type DraftDto = z.infer<typeof DraftSchema>;

export const DraftListParamsSchema = z.object({ page: pageParam(), per_page: pageSizeParam(20) });
export const DraftKeyParamsSchema = z.object({ draft_key: DraftKeySchema });

export const SaveDraftParamsSchema = z.object({
  draft_key: DraftKeySchema,
  content: DeltaContentParamSchema,
  title: unsetWhenBlank(
    z
      .string({ error: "must be a string" })
      .max(DRAFT_TITLE_MAX, { error: `must be at most ${DRAFT_TITLE_MAX} characters` })
      .optional(),
  ),
  group_id: placeParam(),
  thread_id: placeParam(),
  parent_id: placeParam(),
  category_id: placeParam(),
  sequence: intParam({ min: 0 }),
});

export const DeleteDraftParamsSchema = z.object({ draft_key: DraftKeySchema, sequence: intParam({ min: 0 }) });

/** Create thread and create post: the draft the post was written in, deleted with it. */
export const DraftKeyParamSchema = unsetWhenBlank(DraftKeySchema.optional());
