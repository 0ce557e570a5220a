"use server";

import { z } from "zod";
import { defineAction } from "@/lib/actions/define-action";
import { DRAFT_TITLE_MAX, DraftKeySchema } from "@/lib/schemas/draft-schemas";
import { MAX_ID } from "@/lib/schemas/params";
import { deleteDraftOf, findOwnDraft, saveDraft } from "@/lib/services/drafts";
import { toDraftSnapshot, type DraftSnapshot } from "@/lib/views/draft-view";

const Place = z.number().int().min(0).max(MAX_ID).nullable().default(null);

/** The composers: the person's draft under this key, to restore (null: none). */
export const loadDraftAction = defineAction({ name: "loadDraft", auth: "user", input: z.object({ draftKey: DraftKeySchema }) }, async ({ viewer, input }) => {
  const draft = await findOwnDraft(viewer, input.draftKey);
  return draft ? toDraftSnapshot(draft) : null;
});

const SaveDraftInput = z.object({
  draftKey: DraftKeySchema,
  title: z.string().max(DRAFT_TITLE_MAX).default(""),
  content: z.string().max(2_000_000),
  groupId: Place,
  threadId: Place,
  parentId: Place,
  categoryId: Place,
  sequence: z.number().int().min(0).max(MAX_ID),
});
export type SaveDraftInput = z.input<typeof SaveDraftInput>;

/** What a save or delete came to: done, or refused because another tab or device saved since (`stored`, null when it deleted it). */
export type DraftActionOutcome = { saved: true; draft: DraftSnapshot } | { saved: false; stored: DraftSnapshot | null };

/** Saves as the person types, through the same use case (and sequence rule) as the API. */
export const saveDraftAction = defineAction(
  { name: "saveDraft", auth: "user", input: SaveDraftInput },
  async ({ viewer, input }): Promise<DraftActionOutcome> => {
    const { draftKey, ...fields } = input;
    const outcome = await saveDraft(viewer, draftKey, fields);
    return outcome.ok ? { saved: true, draft: toDraftSnapshot(outcome.value) } : { saved: false, stored: outcome.stored && toDraftSnapshot(outcome.stored) };
  },
);

const DeleteDraftInput = z.object({ draftKey: DraftKeySchema, sequence: z.number().int().min(0).max(MAX_ID) });

/** The Drafts page's Delete: refused (with the newer copy) when the draft was saved again since the page loaded. */
export const deleteDraftAction = defineAction(
  { name: "deleteDraft", auth: "user", input: DeleteDraftInput, invalidInput: "This draft could not be deleted. Reload the page and try again." },
  async ({ viewer, input }) => {
    const outcome = await deleteDraftOf(viewer, input.draftKey, input.sequence);
    return outcome.ok ? { deleted: true as const } : { deleted: false as const, stored: outcome.stored && toDraftSnapshot(outcome.stored) };
  },
);
