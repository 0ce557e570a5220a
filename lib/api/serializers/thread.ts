import "server-only";
import { formatTimestamp } from "@/lib/api/time";
import { serializeAuthorFace } from "@/lib/api/serializers/badge";
import { serializePost } from "@/lib/api/serializers/post";
import { NO_FACES, type AuthorFaces } from "@/lib/db/badge-faces";
import { serializeUserBrief } from "@/lib/api/serializers/user-brief";
import { adminRoleLevel, flagCode } from "@/lib/db/records/codes";
import type { ThreadDto } from "@/lib/schemas/thread-schemas";
import type { ThreadRead } from "@/lib/services/thread-reads";
import type { PollState } from "@/lib/services/poll-reads";
import { serializePoll } from "@/lib/api/serializers/poll";
import { serializeThreadTip } from "@/lib/api/serializers/tip";
import type { ThreadTips } from "@/lib/services/tip-reads";

/** Thread (full record), as get thread answers it under data.thread; `polls` as the viewer sees them (contract section 18), `faces` and `tips` too (section 19; `tips` absent for a thread without tips). */
export function serializeThread(parts: ThreadRead, polls: readonly PollState[] = [], faces: AuthorFaces = NO_FACES, tips?: ThreadTips): ThreadDto {
  const row = parts.thread;
  const now = Date.now();
  return {
    id: row.id,
    title: row.title,
    user_id: row.userId,
    group_id: row.groupId,
    first_post_id: parts.firstPost.post.id,
    updated_at: formatTimestamp(row.updatedAt),
    likes_count: row.likesCount,
    posts_count: row.postsCount,
    category_index_id: row.categoryId,
    is_delete: flagCode(row.deleted),
    gallery_id: row.galleryId,
    lottery_id: row.lotteryId,
    slug: row.slug,
    ...serializeAuthorFace(faces, row.userId),
    posts: parts.posts.map((node) => serializePost(node, parts.access, now, faces, tips)),
    first_level_count: row.firstLevelCount,
    is_subscribe: parts.viewerSubscribed,
    is_muted: flagCode(parts.viewerMuted),
    is_pin: flagCode(row.pinned),
    is_locked: flagCode(row.locked),
    pinned: {
      home: parts.pinned.map((pin) => ({
        id: pin.id,
        title: pin.title,
        category_id: pin.categoryId ?? 0,
        updated_at: formatTimestamp(pin.updatedAt),
      })),
    },
    hots: parts.hots.map((hot) => ({
      id: hot.id,
      title: hot.title,
      user_id: hot.userId,
      username: hot.user.username,
      is_nft: flagCode(hot.user.nft),
      photo_url: hot.user.photoUrl,
    })),
    edit_history: {
      count: parts.editHistory.count,
      lists: parts.editHistory.rows.map((edit) => ({
        username: edit.username,
        id: edit.id,
        post_id: edit.postId,
        user_id: edit.userId,
        is_hidden: flagCode(edit.hidden),
        post_type: edit.postType,
      })),
    },
    polls: polls.map(serializePoll),
    tags: row.tags.map((tag) => ({ name: tag.name, id: tag.id })),
    snapshot_id: row.snapshotId,
    snapshot_author: row.snapshotAuthor,
    is_gallery: false,
    gallery: null,
    participant: parts.participants,
    tip_count: !tips || tips.shown ? row.tipCount : 0,
    tip_list: tips ? tips.newest.map(serializeThreadTip) : [],
    tipped: tips ? tips.tippedByViewer.has(parts.firstPost.post.id) : false,
    user: serializeUserBrief(row.user),
    first_post: {
      ...serializePost(parts.firstPost, parts.access, now, faces, tips),
      user_group_level: parts.firstPostAuthorRole ? adminRoleLevel(parts.firstPostAuthorRole) : 0,
    },
  };
}
