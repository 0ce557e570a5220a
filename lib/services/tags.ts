import "server-only";
import { canManageTags, canSeeGroup, loadGroupRole, type Actor, type SignedIn } from "@/lib/auth/permissions";
import { inTransaction, isUniqueViolation, type Tx } from "@/lib/db/engine/transaction";
import { recordModAction } from "@/lib/db/modlog";
import { lockThreadsTagged } from "@/lib/db/thread-tags";
import {
  appendTag,
  findTag,
  listGroupTags,
  lockGroupTags,
  removeTag,
  tagNameKey,
  writeTag,
  writeTagOrder,
  type TagFields,
  type TagRecord,
} from "@/lib/db/tags";
import { Conflict, Forbidden, Invalid, NotFound } from "@/lib/errors";
import { isGroupFeatureOn } from "@/lib/db/group-features";
import { loadReadableRole } from "@/lib/services/group-access";
import { requireGroupFeature } from "@/lib/services/group-features";
import { parseField } from "@/lib/services/parse-field";
import { TagColorSchema, TagDescriptionSchema, TagNameSchema } from "@/lib/schemas/tag-schemas";

// Contract section 18, "Tags": a group's vocabulary, read by anyone who may read the group and
// kept by its admins (the owner and admins), each write a modlog entry. Fields are checked here
// too (the pages' actions call these), and a name taken in the group, in any case, is a 409.

/** The group's tags in the admins' order, for anyone who may read the group (403 private, 404 hidden). */
export async function listTags(actor: Actor, groupId: number): Promise<TagRecord[]> {
  await loadReadableRole(actor, groupId);
  return (await isGroupFeatureOn(groupId, "topic_organization")) ? listGroupTags(groupId) : [];
}

async function requireTagManager(actor: SignedIn, groupId: number, tx: Tx): Promise<void> {
  const role = await loadGroupRole(actor, groupId, tx);
  if (!role || !canSeeGroup(role)) throw new NotFound("group");
  if (!canManageTags(role)) throw new Forbidden("Only the group owner or an admin can manage its tags");
}

/**
 * Runs `work` on the group's locked tags after checking the actor may manage them; `lockFirst` takes
 * rows that come before tags in the lock order. A deadlock the order cannot rule out (a thread
 * tagged between the two) is retried.
 */
async function withGroupTags<T>(
  actor: SignedIn,
  groupId: number,
  work: (tx: Tx, tags: TagRecord[]) => Promise<T>,
  lockFirst?: (tx: Tx) => Promise<void>,
): Promise<T> {
  try {
    return await inTransaction(
      async (tx) => {
        await requireTagManager(actor, groupId, tx);
        await requireGroupFeature(groupId, "topic_organization", tx);
        if (lockFirst) await lockFirst(tx);
        return work(tx, await lockGroupTags(tx, groupId));
      },
      { retryConflicts: true },
    );
  } catch (error) {
    // Two admins naming tags alike at once: the index on (group_id, name_key) holds the rule.
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

function nameTaken(): Conflict {
  return new Conflict("name: a tag of this group already has this name", "name");
}

function checkNameFree(tags: readonly TagRecord[], name: string, self: number | null): void {
  const key = tagNameKey(name);
  if (tags.some((tag) => tag.id !== self && tagNameKey(tag.name) === key)) throw nameTaken();
}

function tagOf(tags: readonly TagRecord[], tagId: number): TagRecord {
  const tag = tags.find((candidate) => candidate.id === tagId);
  if (!tag) throw new NotFound("tag");
  return tag;
}

async function readTag(tagId: number): Promise<TagRecord> {
  const tag = await findTag(tagId);
  if (!tag) throw new NotFound("tag");
  return tag;
}

/** The fields given, checked as the API checks them (trimmed name, color, description). */
function checkFields<T extends Partial<TagFields>>(fields: T): T {
  return {
    ...fields,
    ...(fields.name === undefined ? {} : { name: parseField(TagNameSchema, fields.name, "name") }),
    ...(fields.color === undefined ? {} : { color: parseField(TagColorSchema, fields.color, "color") }),
    ...(fields.description === undefined ? {} : { description: parseField(TagDescriptionSchema, fields.description, "description") }),
  };
}

/** A new tag after the group's last. */
export async function createTag(actor: SignedIn, groupId: number, input: TagFields): Promise<TagRecord> {
  const fields = checkFields(input);
  const id = await withGroupTags(actor, groupId, async (tx, tags) => {
    checkNameFree(tags, fields.name, null);
    const created = await appendTag(tx, groupId, fields);
    await recordModAction(tx, { groupId, moderatorId: actor.id, action: "create_tag", targetType: "tag", targetId: created, reason: fields.name });
    return created;
  });
  return readTag(id);
}

/** Changes the fields given; the others stay. */
export async function editTag(actor: SignedIn, groupId: number, tagId: number, input: Partial<TagFields>): Promise<TagRecord> {
  const edit = checkFields(input);
  // A new name moves the read versions of the threads carrying the tag: they are locked first.
  const lockThreads = edit.name === undefined ? undefined : (tx: Tx) => lockThreadsTagged(tx, groupId, tagId);
  await withGroupTags(
    actor,
    groupId,
    async (tx, tags) => {
      const tag = tagOf(tags, tagId);
      const fields: TagFields = {
        name: edit.name ?? tag.name,
        color: edit.color ?? tag.color,
        description: edit.description ?? tag.description,
        restricted: edit.restricted ?? tag.restricted,
      };
      if (fields.name === tag.name && fields.color === tag.color && fields.description === tag.description && fields.restricted === tag.restricted) return;
      checkNameFree(tags, fields.name, tag.id);
      await writeTag(tx, tag, fields);
      await recordModAction(tx, { groupId, moderatorId: actor.id, action: "edit_tag", targetType: "tag", targetId: tag.id, reason: fields.name });
    },
    lockThreads,
  );
  return readTag(tagId);
}

/** Deletes a tag: it leaves its threads; the others keep their order, numbered 1, 2, ... again. */
export async function deleteTag(actor: SignedIn, groupId: number, tagId: number): Promise<void> {
  const lockThreads = (tx: Tx) => lockThreadsTagged(tx, groupId, tagId);
  await withGroupTags(
    actor,
    groupId,
    async (tx, tags) => {
      const tag = tagOf(tags, tagId);
      await removeTag(tx, tag.id);
      await writeTagOrder(
        tx,
        groupId,
        tags.filter((other) => other.id !== tag.id).map((other) => other.id),
      );
      await recordModAction(tx, { groupId, moderatorId: actor.id, action: "delete_tag", targetType: "tag", targetId: tag.id, reason: tag.name });
    },
    lockThreads,
  );
}

/** Sets the admins' order: `ids` names every tag of the group exactly once. */
export async function orderTags(actor: SignedIn, groupId: number, ids: readonly number[]): Promise<TagRecord[]> {
  await withGroupTags(actor, groupId, async (tx, tags) => {
    const known = new Set(tags.map((tag) => tag.id));
    if (new Set(ids).size !== ids.length) throw new Invalid("ids", "must name each tag once");
    if (ids.length !== known.size || ids.some((id) => !known.has(id))) throw new Invalid("ids", "must name every tag of the group, and only those");
    await writeTagOrder(tx, groupId, ids);
    await recordModAction(tx, { groupId, moderatorId: actor.id, action: "order_tags", targetType: "group", targetId: groupId });
  });
  return listGroupTags(groupId);
}
