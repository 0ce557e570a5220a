"use server";

import { z } from "zod";
import { defineAction } from "@/lib/actions/define-action";
import { readRemindAt, RemindAtParamSchema } from "@/lib/schemas/bookmark-schemas";
import { MAX_BOOKMARK_NOTE, setBookmark } from "@/lib/services/bookmarks";

const BookmarkInput = z.object({
  postId: z.number().int().positive(),
  bookmarked: z.boolean(),
  note: z.string().trim().max(MAX_BOOKMARK_NOTE).optional(),
  /** An ISO time; null clears the reminder, absent keeps it. */
  remindAt: RemindAtParamSchema,
});

/** The bookmark button and its reminder picker, and the Bookmarks page's Remove: the same use case as the API. */
export const setPostBookmarkAction = defineAction({ name: "setPostBookmark", auth: "user", input: BookmarkInput }, async ({ viewer, input }) => {
  const bookmark = await setBookmark(viewer, input.postId, { bookmarked: input.bookmarked, note: input.note, remindAt: readRemindAt(input.remindAt) });
  return { bookmarked: bookmark !== null, remindAt: bookmark?.remindAt?.toISOString() ?? null };
});
