import "server-only";
import { canManagePolls, canReadThread, loadGroupRole, type SignedIn } from "@/lib/auth/permissions";
import { hasBallots } from "@/lib/db/poll-ballots";
import { categoryRequiresPoll } from "@/lib/db/poll-categories";
import { enqueueInTransaction } from "@/lib/jobs/queue/enqueue";
import { findPoll, findPollPlace, fixSnapshotBlock, insertPoll, lockThreadPolls, pollStatus, setPollClosed, updatePoll, type PollFields } from "@/lib/db/polls";
import { inTransaction, type Tx } from "@/lib/db/engine/transaction";
import { findThreadRoute } from "@/lib/db/threads";
import { Forbidden, Invalid, NotFound } from "@/lib/errors";
import { MAX_POLLS_PER_THREAD } from "@/lib/schemas/poll-schemas";
import { readLatestBlockNumber } from "@/lib/services/chain-balances";
import { refuseWrite } from "@/lib/services/group-access";
import { resolveNewPoll, resolvePollEdit, type ResolvedPoll } from "@/lib/services/poll-input";
import { isTokenPoll, readPoll, type PollState } from "@/lib/services/poll-reads";

// Writing polls (contract section 18): a thread's author (unless banned) and the group's
// moderators add, edit and close them; at most 5 a thread. After the first vote, options, type,
// eligibility, token and weighting are frozen. A token poll open from its creation fixes its
// snapshot block in the same transaction.

export type { PollState };

/** A new poll checked and ready to write, with the block it snapshots at when it opens now. */
export interface PreparedPoll extends ResolvedPoll {
  snapshotBlock: bigint | null;
}

async function preparePoll(value: unknown, name: string): Promise<PreparedPoll> {
  const resolved = resolveNewPoll(value, name);
  const opensNow = pollStatus({ closed: false, opensAt: resolved.fields.opensAt, closesAt: resolved.fields.closesAt }) === "open";
  const token = resolved.fields.token;
  const snapshotBlock = opensNow && token && isTokenPoll(resolved.fields) ? await readLatestBlockNumber(token.chain_id) : null;
  return { ...resolved, snapshotBlock };
}

/** Create thread's `polls`: a JSON array of up to 5 poll objects, each checked (before the thread's transaction). */
export async function prepareThreadPolls(value: unknown): Promise<PreparedPoll[]> {
  if (value === undefined || value === null || value === "") return [];
  if (!Array.isArray(value)) throw new Invalid("polls", "must be a JSON array of poll objects");
  if (value.length > MAX_POLLS_PER_THREAD) throw new Invalid("polls", `must hold at most ${MAX_POLLS_PER_THREAD} polls`);
  const prepared: PreparedPoll[] = [];
  for (const [index, poll] of value.entries()) prepared.push(await preparePoll(poll, `polls.${index}`));
  return prepared;
}

/** A token poll opening later gets a job at its opening that fixes its snapshot block then. */
async function scheduleSnapshot(tx: Tx, pollId: number, fields: PollFields): Promise<void> {
  const opensAt = fields.opensAt;
  if (!isTokenPoll(fields) || opensAt === null || opensAt.getTime() <= Date.now()) return;
  const startAfterSeconds = Math.max(0, Math.ceil((opensAt.getTime() - Date.now()) / 1000));
  await enqueueInTransaction(tx, "snapshot-poll", { pollId, opensAt: opensAt.toISOString() }, { startAfterSeconds });
}

async function writePoll(tx: Tx, place: { threadId: number; userId: number }, poll: PreparedPoll): Promise<number> {
  const id = await insertPoll(tx, place, poll.fields, poll.options);
  if (poll.snapshotBlock !== null) await fixSnapshotBlock(id, poll.snapshotBlock, tx);
  await scheduleSnapshot(tx, id, poll.fields);
  return id;
}

/** Writes a new thread's polls in its transaction; a poll category's thread must carry one. */
export async function writeThreadPolls(
  tx: Tx,
  thread: { id: number; userId: number; categoryId: number | null },
  polls: readonly PreparedPoll[],
): Promise<void> {
  if (polls.length === 0 && thread.categoryId !== null && (await categoryRequiresPoll(tx, thread.categoryId))) {
    throw new Invalid("polls", "threads in this category must carry a poll");
  }
  for (const poll of polls) await writePoll(tx, { threadId: thread.id, userId: thread.userId }, poll);
}

/** POST threads/{id}/polls: adds a poll to a thread. */
export async function createPoll(actor: SignedIn, threadId: number, input: unknown): Promise<PollState> {
  const thread = await findThreadRoute(threadId);
  if (!thread) throw new NotFound("thread");
  const role = await loadGroupRole(actor, thread.groupId);
  if (role && !canReadThread(thread, role)) throw new NotFound("thread");
  if (!role || !canManagePolls(actor, thread, role)) refuseWrite(role, "thread", "Only the thread's author and the group's moderators can add polls");
  const prepared = await preparePoll(input, "poll");
  const pollId = await inTransaction(async (tx) => {
    const count = await lockThreadPolls(tx, threadId);
    if (count === null) throw new NotFound("thread");
    if (count >= MAX_POLLS_PER_THREAD) throw new Invalid("poll", `a thread carries at most ${MAX_POLLS_PER_THREAD} polls`);
    return writePoll(tx, { threadId, userId: actor.id }, prepared);
  });
  return readPoll(actor, pollId);
}

/** Locks the poll for a change by its manager: NotFound, or Forbidden for anyone else. */
async function lockManagedPoll(tx: Tx, actor: SignedIn, pollId: number) {
  const place = await findPollPlace(tx, pollId, "update");
  if (!place) throw new NotFound("poll");
  const role = await loadGroupRole(actor, place.groupId, tx);
  if (role && !canReadThread({ deleted: place.threadDeleted }, role)) throw new NotFound("poll");
  if (!role || !canManagePolls(actor, { userId: place.threadAuthorId }, role))
    refuseWrite(role, "poll", "Only the thread's author and the group's moderators can change its polls");
  return place;
}

/** POST polls/{id}/edit: the fields sent; options, type, eligibility, token and weighting only before the first vote. */
export async function editPoll(actor: SignedIn, pollId: number, input: unknown): Promise<PollState> {
  await inTransaction(async (tx) => {
    await lockManagedPoll(tx, actor, pollId);
    const poll = (await findPoll(pollId, tx))!;
    const change = resolvePollEdit(poll, input);
    if (change.frozenChanged.length > 0 && (await hasBallots(tx, pollId))) {
      throw new Forbidden(`Votes were cast: ${change.frozenChanged.join(", ")} can no longer change`);
    }
    // Before any vote, a changed token or opening time is snapshotted again when the poll (re)opens.
    const opensChanged = (change.fields.opensAt?.getTime() ?? null) !== (poll.opensAt?.getTime() ?? null);
    const resetSnapshot = poll.snapshotBlock !== null && (change.frozenChanged.length > 0 || opensChanged) && !(await hasBallots(tx, pollId));
    await updatePoll(tx, pollId, { fields: change.fields, options: change.options, resetSnapshot });
    if (opensChanged || change.frozenChanged.length > 0) await scheduleSnapshot(tx, pollId, { ...poll, ...change.fields });
  });
  return readPoll(actor, pollId);
}

/** POST polls/{id}/close: closed 1 closes it, 0 opens it again (its times still apply). */
export async function closePoll(actor: SignedIn, pollId: number, closed: boolean): Promise<PollState> {
  await inTransaction(async (tx) => {
    await lockManagedPoll(tx, actor, pollId);
    await setPollClosed(tx, pollId, closed);
  });
  return readPoll(actor, pollId);
}
