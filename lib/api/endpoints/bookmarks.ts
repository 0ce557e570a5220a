import "server-only";
import { defineEndpoint } from "@/lib/api/define-endpoint";
import { serializeBookmark, serializeBookmarkListItem } from "@/lib/api/serializers/bookmark";
import {
  BookmarkListParamsSchema,
  BookmarkListResponseSchema,
  BookmarkParamsSchema,
  BookmarkResponseSchema,
  readRemindAt,
} from "@/lib/schemas/bookmark-schemas";
import { listMyBookmarks, setBookmark } from "@/lib/services/bookmarks";

// POST /api/v2/posts/{post_id}/bookmark
export const bookmarkPostEndpoint = defineEndpoint(
  {
    method: "POST",
    path: "/api/v2/posts/{post_id}/bookmark",
    family: "v2",
    auth: "user",
    tag: "Bookmarks",
    summary: "Bookmark a post (or take it back), with a note and a reminder; idempotent",
    params: BookmarkParamsSchema,
    response: BookmarkResponseSchema,
    errors: ["not_found", "forbidden"],
  },
  async ({ params, viewer }) => {
    const bookmark = await setBookmark(viewer, params.post_id, {
      bookmarked: params.bookmarked === 1,
      note: params.note,
      remindAt: readRemindAt(params.remind_at),
    });
    return { bookmark: bookmark ? serializeBookmark(bookmark) : null };
  },
);

// GET /api/v2/users/me/bookmarks
export const listMyBookmarksEndpoint = defineEndpoint(
  {
    method: "GET",
    path: "/api/v2/users/me/bookmarks",
    family: "v2",
    auth: "user",
    tag: "Bookmarks",
    summary: "The signed-in user's bookmarks, newest first (posts they can no longer read are left out)",
    params: BookmarkListParamsSchema,
    response: BookmarkListResponseSchema,
    listKey: "bookmarks",
  },
  async ({ params, viewer }) => {
    const { rows, count } = await listMyBookmarks(viewer, params.page, params.per_page);
    return { bookmarks: rows.map(serializeBookmarkListItem), count };
  },
);
