import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { getDb } from "@/lib/db/engine/client";
import type { Tx } from "@/lib/db/engine/transaction";
import { isSet } from "@/lib/db/records/codes";
import type { GateRule } from "@/lib/schemas/membership-schemas";

// Polls (contract section 18): the poll rows and their options. Ballots are lib/db/poll-ballots.ts.
// Enumerations are stored under their contract names; a poll's counts are read from its ballots.

export type PollType = "single" | "multiple" | "ranked";
export type PollResults = "always" | "on_vote" | "on_close";
export type PollVoters = "secret" | "public";
export type PollEligibility = "everyone" | "token";
export type PollWeighting = "per_user" | "token_balance";
export type PollStatus = "scheduled" | "open" | "closed";
/** A token rule as a group gate's (min_amount is what eligibility asks for). */
export type PollToken = GateRule;

export interface PollOptionRecord {
  id: number;
  text: string;
}

/** What a poll is, as written (everything but its ballots). */
export interface PollFields {
  title: string;
  type: PollType;
  /** 1/1 for single, 1/options for ranked. */
  min: number;
  max: number;
  results: PollResults;
  voters: PollVoters;
  opensAt: Date | null;
  closesAt: Date | null;
  eligibility: PollEligibility;
  token: PollToken | null;
  weighting: PollWeighting;
  allowChange: boolean;
}

export interface PollRecord extends Omit<PollFields, "options"> {
  id: number;
  threadId: number;
  /** Who created it. */
  userId: number;
  /** Its thread's author (who may manage it, with the group's moderators). */
  threadAuthorId: number;
  options: PollOptionRecord[];
  /** Closed by hand (the clock closes it too: see pollStatus). */
  closed: boolean;
  /** The block a token poll's balances are read at, fixed when it opens. */
  snapshotBlock: bigint | null;
  createdAt: Date;
}

/** Where a poll lives, for permission checks. */
export interface PollPlace {
  pollId: number;
  threadId: number;
  groupId: number;
  threadAuthorId: number;
  threadDeleted: boolean;
}

const POLL_SELECT = {
  id: true,
  threadId: true,
  userId: true,
  title: true,
  type: true,
  minChoices: true,
  maxChoices: true,
  results: true,
  voters: true,
  opensAt: true,
  closesAt: true,
  closed: true,
  eligibility: true,
  weighting: true,
  token: true,
  allowChange: true,
  snapshotBlock: true,
  createdAt: true,
  options: { select: { id: true, text: true }, orderBy: [{ position: "asc" }, { id: "asc" }] },
  thread: { select: { userId: true } },
} satisfies Prisma.PollSelect;

function readPoll(row: Prisma.PollGetPayload<{ select: typeof POLL_SELECT }>): PollRecord {
  const { minChoices, maxChoices, closed, allowChange, token, thread, ...rest } = row;
  return {
    ...rest,
    threadAuthorId: thread.userId,
    type: rest.type as PollType,
    results: rest.results as PollResults,
    voters: rest.voters as PollVoters,
    eligibility: rest.eligibility as PollEligibility,
    weighting: rest.weighting as PollWeighting,
    token: (token as PollToken | null) ?? null,
    min: minChoices,
    max: maxChoices,
    closed: isSet(closed),
    allowChange: isSet(allowChange),
  };
}

/** A poll's status at `now`: closed by hand or by closes_at, scheduled before opens_at. */
export function pollStatus(poll: Pick<PollRecord, "closed" | "opensAt" | "closesAt">, now = new Date()): PollStatus {
  if (poll.closed || (poll.closesAt !== null && poll.closesAt.getTime() <= now.getTime())) return "closed";
  if (poll.opensAt !== null && poll.opensAt.getTime() > now.getTime()) return "scheduled";
  return "open";
}

function fieldColumns(fields: Partial<PollFields>) {
  return {
    title: fields.title,
    type: fields.type,
    minChoices: fields.min,
    maxChoices: fields.max,
    results: fields.results,
    voters: fields.voters,
    opensAt: fields.opensAt,
    closesAt: fields.closesAt,
    eligibility: fields.eligibility,
    weighting: fields.weighting,
    token: fields.token === undefined ? undefined : fields.token === null ? Prisma.DbNull : (fields.token as Prisma.InputJsonValue),
    allowChange: fields.allowChange === undefined ? undefined : fields.allowChange ? 1 : 0,
  };
}

/** Locks the thread's row and answers how many polls it carries (so two creates cannot both pass 5). */
export async function lockThreadPolls(tx: Tx, threadId: number): Promise<number | null> {
  const rows = await tx.$queryRaw<{ poll_count: number }[]>`SELECT poll_count FROM threads WHERE id = ${threadId} FOR UPDATE`;
  return rows[0]?.poll_count ?? null;
}

/** Writes a poll and its options and counts it on its thread; answers its id. */
export async function insertPoll(tx: Tx, place: { threadId: number; userId: number }, fields: PollFields, options: readonly string[]): Promise<number> {
  const { id } = await tx.poll.create({
    data: {
      ...fieldColumns(fields),
      threadId: place.threadId,
      userId: place.userId,
      options: { create: options.map((text, position) => ({ text, position })) },
    },
    select: { id: true },
  });
  await tx.thread.update({ where: { id: place.threadId }, data: { pollCount: { increment: 1 } }, select: { id: true } });
  return id;
}

/**
 * Changes the fields given; `options` replaces the options (only before the first vote), and
 * `resetSnapshot` forgets the snapshot block (its token or opening changed before anyone voted).
 */
export async function updatePoll(
  tx: Tx,
  pollId: number,
  change: { fields: Partial<PollFields>; options?: readonly string[]; resetSnapshot?: boolean },
): Promise<void> {
  if (change.options) {
    await tx.pollOption.deleteMany({ where: { pollId } });
    await tx.pollOption.createMany({ data: change.options.map((text, position) => ({ pollId, text, position })) });
  }
  const snapshot = change.resetSnapshot ? { snapshotBlock: null } : {};
  await tx.poll.update({ where: { id: pollId }, data: { ...fieldColumns(change.fields), ...snapshot }, select: { id: true } });
}

export async function setPollClosed(tx: Tx, pollId: number, closed: boolean): Promise<void> {
  await tx.poll.update({ where: { id: pollId }, data: { closed: closed ? 1 : 0 }, select: { id: true } });
}

/** Fixes a token poll's snapshot block unless one is already fixed; answers the poll's block. */
export async function fixSnapshotBlock(pollId: number, block: bigint, tx?: Tx): Promise<bigint> {
  const db = tx ?? (await getDb());
  const rows = await db.$queryRaw<{ snapshot_block: bigint }[]>`
    UPDATE polls SET snapshot_block = COALESCE(snapshot_block, ${block}) WHERE id = ${pollId} RETURNING snapshot_block`;
  return rows[0]?.snapshot_block ?? block;
}

/** The poll and where it lives; with `lock`, its row is locked (`update` for writes that change it, `share` for votes). */
export async function findPollPlace(tx: Tx, pollId: number, lock: "update" | "share"): Promise<PollPlace | null> {
  const rows =
    lock === "update"
      ? await tx.$queryRaw<PlaceRow[]>`
          SELECT p.id, p.thread_id, t.group_id, t.user_id, t.is_delete FROM polls p JOIN threads t ON t.id = p.thread_id
          WHERE p.id = ${pollId} FOR UPDATE OF p`
      : await tx.$queryRaw<PlaceRow[]>`
          SELECT p.id, p.thread_id, t.group_id, t.user_id, t.is_delete FROM polls p JOIN threads t ON t.id = p.thread_id
          WHERE p.id = ${pollId} FOR SHARE OF p`;
  const row = rows[0];
  if (!row) return null;
  return { pollId: row.id, threadId: row.thread_id, groupId: row.group_id, threadAuthorId: row.user_id, threadDeleted: isSet(row.is_delete) };
}
interface PlaceRow {
  id: number;
  thread_id: number;
  group_id: number;
  user_id: number;
  is_delete: number;
}

/** The same, without locking (reads). */
export async function findPollPlaceForRead(pollId: number): Promise<PollPlace | null> {
  const db = await getDb();
  const row = await db.poll.findUnique({
    where: { id: pollId },
    select: { id: true, threadId: true, thread: { select: { groupId: true, userId: true, isDelete: true } } },
  });
  if (!row) return null;
  return { pollId: row.id, threadId: row.threadId, groupId: row.thread.groupId, threadAuthorId: row.thread.userId, threadDeleted: isSet(row.thread.isDelete) };
}

export async function findPoll(pollId: number, tx?: Tx): Promise<PollRecord | null> {
  const db = tx ?? (await getDb());
  const row = await db.poll.findUnique({ where: { id: pollId }, select: POLL_SELECT });
  return row ? readPoll(row) : null;
}

/** A thread's polls in the order they were added. */
export async function listThreadPolls(threadId: number, tx?: Tx): Promise<PollRecord[]> {
  const db = tx ?? (await getDb());
  const rows = await db.poll.findMany({ where: { threadId }, select: POLL_SELECT, orderBy: { id: "asc" } });
  return rows.map(readPoll);
}
