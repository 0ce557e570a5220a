import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { getDb } from "@/lib/db/engine/client";
import type { PageWindow } from "@/lib/db/pagination";
import type { Tx } from "@/lib/db/engine/transaction";
import { readableGroupsWhere } from "@/lib/db/memberships";

const DRAFT_SELECT = {
  draftKey: true,
  title: true,
  content: true,
  groupId: true,
  threadId: true,
  parentId: true,
  categoryId: true,
  sequence: true,
  updatedAt: true,
} satisfies Prisma.DraftSelect;

/** A person's draft: what they were writing and where (contract section 17). */
export interface DraftRecord {
  draftKey: string;
  title: string;
  /** Delta JSON; "[]" when empty. */
  content: string;
  groupId: number | null;
  threadId: number | null;
  parentId: number | null;
  categoryId: number | null;
  sequence: number;
  updatedAt: Date;
}

/** What a save writes (the sequence and time are the database's to move). */
export interface DraftFields {
  title: string;
  content: string;
  groupId: number | null;
  threadId: number | null;
  parentId: number | null;
  categoryId: number | null;
}

type DraftId = { userId: number; draftKey: string };

/** The user's drafts, most recently saved first (index drafts(user_id, updated_at desc)). */
export async function listUserDrafts(userId: number, window: PageWindow): Promise<DraftRecord[]> {
  const db = await getDb();
  return db.draft.findMany({ where: { userId }, orderBy: [{ updatedAt: "desc" }, { draftKey: "asc" }], ...window, select: DRAFT_SELECT });
}

export async function countUserDrafts(userId: number, tx?: Tx): Promise<number> {
  return (tx ?? (await getDb())).draft.count({ where: { userId } });
}

export async function findDraft(id: DraftId, tx?: Tx): Promise<DraftRecord | null> {
  return (tx ?? (await getDb())).draft.findUnique({ where: { userId_draftKey: id }, select: DRAFT_SELECT });
}

/** Takes the user's row for the rest of the transaction, so two first saves cannot both pass the limit. */
export async function lockDraftOwner(tx: Tx, userId: number): Promise<void> {
  await tx.$queryRaw`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`;
}

/** Writes a draft that does not exist yet (sequence 1) and answers it; null when one already does. */
export async function insertDraft(tx: Tx, id: DraftId, fields: DraftFields): Promise<DraftRecord | null> {
  const rows = await tx.draft.createManyAndReturn({
    data: [{ ...id, ...fields, sequence: 1, updatedAt: new Date() }],
    skipDuplicates: true,
    select: DRAFT_SELECT,
  });
  return rows[0] ?? null;
}

/** Overwrites the draft only while it still has `sequence`, moving it on by one, and answers it; null when it had another (or none). */
export async function updateDraftAt(id: DraftId, sequence: number, fields: DraftFields): Promise<DraftRecord | null> {
  const db = await getDb();
  const rows = await db.draft.updateManyAndReturn({
    where: { ...id, sequence },
    data: { ...fields, sequence: { increment: 1 }, updatedAt: new Date() },
    select: DRAFT_SELECT,
  });
  return rows[0] ?? null;
}

/** Deletes the draft only while it still has `sequence`; false when it had another (or none). */
export async function deleteDraftAt(id: DraftId, sequence: number): Promise<boolean> {
  const db = await getDb();
  const { count } = await db.draft.deleteMany({ where: { ...id, sequence } });
  return count === 1;
}

/** Deletes the draft a post was written from, in the post's transaction (none is fine). */
export async function deleteDraft(tx: Tx, id: DraftId): Promise<void> {
  await tx.draft.deleteMany({ where: id });
}

/** Deletes every draft untouched since `before`; how many went. */
export async function deleteDraftsUntouchedSince(before: Date): Promise<number> {
  const db = await getDb();
  const { count } = await db.draft.deleteMany({ where: { updatedAt: { lt: before } } });
  return count;
}

/** Where a person's drafts were started, as far as they may still read there: group handles and thread titles. */
export interface DraftPlaces {
  groups: Map<number, { name: string }>;
  threads: Map<number, { title: string; groupName: string }>;
}

/** Group names and thread titles for a page of drafts, only from groups the person may read (section 14). */
export async function findDraftPlaces(userId: number, groupIds: number[], threadIds: number[]): Promise<DraftPlaces> {
  const db = await getDb();
  const readable = readableGroupsWhere(userId);
  const [groups, threads] = await Promise.all([
    groupIds.length === 0 ? [] : db.group.findMany({ where: { AND: [{ id: { in: groupIds } }, readable] }, select: { id: true, name: true } }),
    threadIds.length === 0
      ? []
      : db.thread.findMany({
          where: { id: { in: threadIds }, isDelete: 0, group: readable },
          select: { id: true, title: true, group: { select: { name: true } } },
        }),
  ]);
  return {
    groups: new Map(groups.map((group) => [group.id, { name: group.name }])),
    threads: new Map(threads.map((thread) => [thread.id, { title: thread.title, groupName: thread.group.name }])),
  };
}
