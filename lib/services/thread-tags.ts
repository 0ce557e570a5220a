import "server-only";
import { canAddRestrictedTag, type Actor, type GroupRole, type SignedIn } from "@/lib/auth/permissions";
import type { Tx } from "@/lib/db/engine/transaction";
import { recordModAction } from "@/lib/db/modlog";
import { findGroupTags, findTag, lockTagsOfThreadWrite, type TagRecord } from "@/lib/db/tags";
import { isGroupFeatureOn } from "@/lib/db/group-features";
import { changeThreadTags, listThreadTagIds } from "@/lib/db/thread-tags";
import { Forbidden, Invalid, NotFound } from "@/lib/errors";
import { loadReadableRole } from "@/lib/services/group-access";
import { requireGroupFeature } from "@/lib/services/group-features";
import { MAX_THREAD_TAGS } from "@/lib/schemas/tag-schemas";

// Contract section 18: the tags a thread carries (create thread and thread edit take `tags`), and
// the listings' tag_id filter.

export interface TaggedThread {
  id: number;
  groupId: number;
  /** The thread's author: a moderator's change of someone else's tags is a modlog entry. */
  userId: number;
  /** Not removed: its tags count it. */
  live: boolean;
}

/**
 * Makes `tagIds` the thread's tags, inside the thread's write (its row already locked): each must
 * be a tag of the thread's group (400 otherwise), and only moderators add a restricted tag (403);
 * one the thread already carries may stay. Whether the set changed.
 */
export async function setThreadTags(tx: Tx, actor: SignedIn, role: GroupRole, thread: TaggedThread, wanted: readonly number[]): Promise<boolean> {
  const tagIds = [...new Set(wanted)];
  // With tags switched off a thread takes none, and keeps (hidden) those it had.
  if (tagIds.length > 0) await requireGroupFeature(thread.groupId, "topic_organization", tx);
  else if (!(await isGroupFeatureOn(thread.groupId, "topic_organization", tx))) return false;
  if (tagIds.length > MAX_THREAD_TAGS) throw new Invalid("tags", `must name at most ${MAX_THREAD_TAGS} tags`);
  const current = await listThreadTagIds(tx, thread.id);
  await lockTagsOfThreadWrite(tx, [...new Set([...current, ...tagIds])]);
  const tags = await findGroupTags(tx, thread.groupId, tagIds);
  const missing = tagIds.filter((id) => !tags.some((tag) => tag.id === id));
  if (missing.length > 0) throw new Invalid("tags", `no such tag in this group: ${missing.join(", ")}`);
  const add = tagIds.filter((id) => !current.includes(id));
  const remove = current.filter((id) => !tagIds.includes(id));
  const restricted = tags.filter((tag) => tag.restricted && add.includes(tag.id));
  if (restricted.length > 0 && !canAddRestrictedTag(actor, role)) {
    throw new Forbidden(`Only moderators can add the tag${restricted.length > 1 ? "s" : ""} ${restricted.map((tag) => `"${tag.name}"`).join(", ")}`);
  }
  if (add.length === 0 && remove.length === 0) return false;
  await changeThreadTags(tx, thread, { add, remove });
  if (thread.userId !== actor.id) {
    const names = tagIds.map((id) => tags.find((tag) => tag.id === id)?.name ?? String(id));
    await recordModAction(tx, {
      groupId: thread.groupId,
      moderatorId: actor.id,
      action: "tag_thread",
      targetType: "thread",
      targetId: thread.id,
      reason: names.length > 0 ? `tags: ${names.join(", ")}` : "tags cleared",
    });
  }
  return true;
}

/**
 * A listing's tag filter (0 or undefined: none). An unknown tag is 404; with `groupId` (whose
 * reading the caller checked) it must be that group's, else it names its group, which the reader
 * must be able to read as any group read asks (403 private, 404 hidden: contract section 14).
 */
export async function resolveTagFilter(actor: Actor, tagId: number | undefined, groupId: number | null): Promise<TagRecord | null> {
  if (!tagId) return null;
  const tag = await findTag(tagId);
  if (!tag || (groupId !== null && tag.groupId !== groupId)) throw new NotFound("tag");
  if (groupId === null) await loadReadableRole(actor, tag.groupId, "tag");
  return tag;
}
