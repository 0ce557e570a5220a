import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { getDb } from "@/lib/db/engine/client";
import type { Tx } from "@/lib/db/engine/transaction";
import { flagCode, isSet } from "@/lib/db/records/codes";

// Contract section 18: a group's tags, in the admins' order. A name is unique in its group in any
// case through name_key (tagNameKey below), the same folding on every database and locale.

const TAG_SELECT = {
  id: true,
  groupId: true,
  name: true,
  color: true,
  description: true,
  restricted: true,
  order: true,
  threadCount: true,
} satisfies Prisma.TagSelect;

/** A tag of a group: `threadCount` counts the live threads carrying it. */
export interface TagRecord {
  id: number;
  groupId: number;
  name: string;
  /** "#rrggbb", or "" for the default look. */
  color: string;
  description: string;
  /** Only moderators may put it on a thread. */
  restricted: boolean;
  /** The place in the admins' order, 1, 2, ... */
  order: number;
  threadCount: number;
}

/** A tag as threads carry it. */
export interface TagBrief {
  id: number;
  name: string;
  color: string;
}

function readTag(row: Prisma.TagGetPayload<{ select: typeof TAG_SELECT }>): TagRecord {
  return { ...row, restricted: isSet(row.restricted) };
}

/** The key two names of one group may not share: the name in one case, Unicode-normalised. */
export function tagNameKey(name: string): string {
  return name.normalize("NFC").toLowerCase();
}

/** Every tag of a group in the admins' order (a group keeps a vocabulary, not thousands). */
export async function listGroupTags(groupId: number): Promise<TagRecord[]> {
  const db = await getDb();
  const rows = await db.tag.findMany({ where: { groupId }, orderBy: [{ order: "asc" }, { id: "asc" }], select: TAG_SELECT });
  return rows.map(readTag);
}

export async function findTag(id: number): Promise<TagRecord | null> {
  const db = await getDb();
  const row = await db.tag.findUnique({ where: { id }, select: TAG_SELECT });
  return row && readTag(row);
}

/** The tags of these ids that belong to the group, read in the writing transaction. */
export async function findGroupTags(tx: Tx, groupId: number, ids: readonly number[]): Promise<TagRecord[]> {
  if (ids.length === 0) return [];
  const rows = await tx.tag.findMany({ where: { groupId, id: { in: [...ids] } }, select: TAG_SELECT });
  return rows.map(readTag);
}

/**
 * Locks the tags a thread's write links, unlinks or recounts, in id order as an admin's write takes
 * them: a tag deleted meanwhile waits for this write, or is already gone when it reads the tags.
 */
export async function lockTagsOfThreadWrite(tx: Tx, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.$queryRaw`SELECT id FROM tags WHERE id = ANY(${[...ids]}::int[]) ORDER BY id FOR NO KEY UPDATE`;
}

/**
 * Takes the group's tag rows for the rest of the transaction, in the admins' order, so two
 * admins' writes to one group's tags run one after the other and see each other's.
 */
export async function lockGroupTags(tx: Tx, groupId: number): Promise<TagRecord[]> {
  // The group's row first: a tag's change moves the group's read version, and thread writes take
  // groups before tags (prisma/derived/read-versions.sql's lock order).
  await tx.$queryRaw`SELECT id FROM groups WHERE id = ${groupId} FOR NO KEY UPDATE`;
  await tx.$queryRaw`SELECT id FROM tags WHERE group_id = ${groupId} ORDER BY id FOR UPDATE`;
  const rows = await tx.tag.findMany({ where: { groupId }, orderBy: [{ order: "asc" }, { id: "asc" }], select: TAG_SELECT });
  return rows.map(readTag);
}

export interface TagFields {
  name: string;
  color: string;
  description: string;
  restricted: boolean;
}

/** Adds a tag after the group's last; its id. A name taken in any case is a unique violation on name_key. */
export async function appendTag(tx: Tx, groupId: number, fields: TagFields): Promise<number> {
  const last = await tx.tag.aggregate({ where: { groupId }, _max: { order: true } });
  const { id } = await tx.tag.create({
    data: { groupId, ...fields, nameKey: tagNameKey(fields.name), restricted: flagCode(fields.restricted), order: (last._max.order ?? 0) + 1 },
    select: { id: true },
  });
  return id;
}

/** Rewrites a tag's fields. A new name also touches its threads' links, so pages kept by their threads' versions show it. */
export async function writeTag(tx: Tx, tag: TagRecord, fields: TagFields): Promise<void> {
  if (fields.name !== tag.name) await tx.$executeRaw`UPDATE thread_tags SET tag_id = tag_id WHERE tag_id = ${tag.id}`;
  await tx.tag.update({
    where: { id: tag.id },
    data: { ...fields, nameKey: tagNameKey(fields.name), restricted: flagCode(fields.restricted) },
    select: { id: true },
  });
}

/** Deletes a tag: its links first (their threads' versions move), then the row. */
export async function removeTag(tx: Tx, id: number): Promise<void> {
  await tx.threadTag.deleteMany({ where: { tagId: id } });
  await tx.tag.delete({ where: { id }, select: { id: true } });
}

/** Sets the group's order to `ids` (every tag of the group): 1, 2, ... in one statement. */
export async function writeTagOrder(tx: Tx, groupId: number, ids: readonly number[]): Promise<void> {
  await tx.$executeRaw`
    UPDATE tags AS t SET "order" = o.position::int
    FROM unnest(${ids}::int[]) WITH ORDINALITY AS o(id, position)
    WHERE t.id = o.id AND t.group_id = ${groupId} AND t."order" IS DISTINCT FROM o.position::int`;
}
