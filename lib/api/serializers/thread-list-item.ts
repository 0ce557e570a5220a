import "server-only";
import { serializeAuthorFace } from "@/lib/api/serializers/badge";
import { canSeeDeletedContent, type Access } from "@/lib/auth/permissions";
import { NO_FACES, type AuthorFaces } from "@/lib/db/badge-faces";
import { isOnline } from "@/lib/db/presence";
import { deletedByCode, flagCode } from "@/lib/db/records/codes";
import type { ThreadListEntry } from "@/lib/db/thread-lists";
import type { ThreadListItemDto } from "@/lib/schemas/thread-list-schemas";

/** Thread list item (/api/v2): stringly `deleted`/`nsfw`/`gallery_id`, "" for an unset category. */
export function serializeThreadListItem(entry: ThreadListEntry, access: Access, now = Date.now(), faces: AuthorFaces = NO_FACES): ThreadListItemDto {
  const { firstPost } = entry;
  return serializeThreadListRow(entry, firstPost !== null && canSeeDeletedContent(access.actor, firstPost, access.role), now, faces);
}

/** The same item where the caller decided whether a deleted opening post's words show (lists that span groups). */
export function serializeThreadListRow(
  entry: ThreadListEntry,
  showDeletedContent: boolean,
  now = Date.now(),
  faces: AuthorFaces = NO_FACES,
): ThreadListItemDto {
  const { thread: row, lastPoster: lastUser, firstPost, category } = entry;
  const lastUserId = row.lastPostUserId ?? row.userId;
  const online = isOnline(lastUser?.lastSeenAt, now);
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    gallery_id: String(row.galleryId),
    snapshot_id: row.snapshotId,
    snapshot_author: row.snapshotAuthor,
    posts_count: row.postsCount,
    likes_count: row.likesCount,
    category_index_id: category ? category.id : "",
    user_id: row.userId,
    first_post_id: row.firstPostId ?? 0,
    last_post_id: row.lastPostId ?? row.firstPostId ?? 0,
    is_pin: flagCode(row.pinned),
    is_locked: flagCode(row.locked),
    last_user_name: lastUser?.username ?? "",
    categorys_id: category ? category.id : "",
    categorys_name: category?.name ?? "",
    latest_reply: {
      user_id: lastUserId,
      user: {
        id: lastUserId,
        is_nfc: lastUser ? flagCode(lastUser.nft) : 0,
        name: lastUser?.username ?? "",
        photo_url: lastUser?.photoUrl ?? "",
      },
      online,
      ...serializeAuthorFace(faces, lastUserId),
      is_ban: entry.lastPosterBanned ? "1" : "0",
    },
    first_post: {
      content: firstPost && (firstPost.deletedBy === null || showDeletedContent) ? firstPost.content : "[]",
      deleted: String(firstPost ? deletedByCode(firstPost.deletedBy) : 0),
      user_id: firstPost?.userId ?? row.userId,
      nsfw: String(firstPost ? flagCode(firstPost.nsfw) : 0),
    },
    category: category ? { id: category.id, name: category.name } : [],
    tags: entry.tags.map((tag) => ({ name: tag.name, id: tag.id })),
  };
}
