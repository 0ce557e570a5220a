import "server-only";
import { canManagePolls, canReadThread, canVote, loadGroupRole, type Actor, type GroupRole } from "@/lib/auth/permissions";
import { listBallots, type BallotRecord } from "@/lib/db/poll-ballots";
import {
  findPoll,
  findPollPlaceForRead,
  fixSnapshotBlock,
  listThreadPolls,
  pollStatus,
  type PollRecord,
  type PollStatus,
  type PollToken,
} from "@/lib/db/polls";
import { listEvmWalletAddresses } from "@/lib/db/wallets";
import { NotFound } from "@/lib/errors";
import { logger } from "@/lib/log";
import { readBalance, readBalanceAtBlock, readLatestBlockNumber } from "@/lib/services/chain-balances";
import { assertGroupReadable } from "@/lib/services/group-access";
import { tallyPoll, type PollTally } from "@/lib/services/poll-tally";

// Reading polls for a viewer (contract section 18): status from the clock, the token snapshot
// fixed at the first read after a poll opens, counts from the ballots, hidden while the results
// rule says so (for everyone, moderators too), and the viewer's own ballot and eligibility.

export type { PollTally };

/** The viewer's side of a poll (null for guests). */
export interface PollViewerState {
  voted: boolean;
  /** The options they chose, first preference first. */
  options: number[];
  /** Their ballot's weight in base units; null before they vote. */
  weight: bigint | null;
  /** Whether they may vote (post in the group, and hold the token where the poll asks for it). */
  eligible: boolean;
}

/** A poll as one viewer sees it. */
export interface PollState {
  poll: PollRecord;
  status: PollStatus;
  /** Null while the viewer may not see results (on_vote before they voted, on_close before it closes). */
  tally: PollTally | null;
  viewer: PollViewerState | null;
  /** What the viewer may do now (for the pages' controls; the writes check again). */
  can: { vote: boolean; unvote: boolean; manage: boolean };
}

export function isTokenPoll(poll: Pick<PollRecord, "eligibility" | "weighting">): boolean {
  return poll.eligibility === "token" || poll.weighting === "token_balance";
}

/** Fixes an open token poll's snapshot block (the chain's latest, read now) unless fixed already. */
export async function ensureSnapshot(poll: PollRecord, now = new Date()): Promise<PollRecord> {
  if (!isTokenPoll(poll) || !poll.token || poll.snapshotBlock !== null || pollStatus(poll, now) !== "open") return poll;
  const block = await readLatestBlockNumber(poll.token.chain_id);
  return { ...poll, snapshotBlock: await fixSnapshotBlock(poll.id, block) };
}

/** The snapshot-poll job: fixes a token poll's snapshot once it has opened (nothing for a poll gone or not open yet). */
export async function snapshotOpenedPoll(pollId: number): Promise<void> {
  const poll = await findPoll(pollId);
  if (poll) await ensureSnapshot(poll);
}

/** The sum of the user's EVM wallets' balances of the token, at the block (null: the latest, kept a while). */
export async function readVoterBalance(token: PollToken, userId: number, block: bigint | null): Promise<bigint> {
  const wallets = await listEvmWalletAddresses(userId);
  const amounts = await Promise.all(wallets.map((wallet) => (block === null ? readBalance(token, wallet) : readBalanceAtBlock(token, wallet, block))));
  return amounts.reduce((sum, amount) => sum + amount, 0n);
}

/** Whether the token side lets the user vote: eligibility token asks for min_amount at the snapshot. */
async function holdsEnough(poll: PollRecord, userId: number): Promise<boolean> {
  if (poll.eligibility !== "token" || !poll.token) return true;
  try {
    return (await readVoterBalance(poll.token, userId, poll.snapshotBlock)) >= BigInt(poll.token.min_amount);
  } catch (error) {
    logger.warn({ err: error, pollId: poll.id }, "poll eligibility could not read balances");
    return false;
  }
}

function resultsVisible(poll: PollRecord, status: PollStatus, voted: boolean): boolean {
  if (poll.results === "on_close") return status === "closed";
  if (poll.results === "on_vote") return voted;
  return true;
}

async function stateFor(actor: Actor, role: GroupRole | null, poll: PollRecord, ballots: readonly BallotRecord[], now: Date): Promise<PollState> {
  const status = pollStatus(poll, now);
  const own = actor ? ballots.find((ballot) => ballot.userId === actor.id) : undefined;
  const mayWrite = actor !== null && role !== null && canVote(actor, role);
  const eligible = mayWrite && (await holdsEnough(poll, actor.id));
  const viewer: PollViewerState | null = actor ? { voted: own !== undefined, options: own?.options ?? [], weight: own?.weight ?? null, eligible } : null;
  const open = status === "open";
  return {
    poll,
    status,
    tally: resultsVisible(poll, status, own !== undefined) ? tallyPoll(poll, ballots) : null,
    viewer,
    can: {
      vote: open && eligible && (own === undefined || poll.allowChange),
      unvote: open && own !== undefined && poll.allowChange,
      manage: actor !== null && role !== null && canManagePolls(actor, { userId: poll.threadAuthorId }, role),
    },
  };
}

/** Polls (with their thread's author) as the viewer sees them. */
export async function describePolls(actor: Actor, role: GroupRole | null, polls: readonly PollRecord[]): Promise<PollState[]> {
  const now = new Date();
  const fixed = await Promise.all(polls.map((poll) => ensureSnapshot(poll, now)));
  const ballots = await listBallots(fixed.map((poll) => poll.id));
  return Promise.all(fixed.map((poll) => stateFor(actor, role, poll, ballots.get(poll.id) ?? [], now)));
}

/** Get thread's `polls` (the caller has checked the thread is readable, with `role`). */
export async function readThreadPolls(actor: Actor, role: GroupRole | null, threadId: number): Promise<PollState[]> {
  return describePolls(actor, role, await listThreadPolls(threadId));
}

/** A poll the actor may read, with their role in its group: NotFound (unknown poll, removed thread, hidden group), Forbidden (private group). */
export async function loadReadablePoll(actor: Actor, pollId: number): Promise<{ poll: PollRecord; role: GroupRole }> {
  const place = await findPollPlaceForRead(pollId);
  if (!place) throw new NotFound("poll");
  const role = await loadGroupRole(actor, place.groupId);
  if (!role) throw new NotFound("poll");
  assertGroupReadable(role, "poll");
  if (!canReadThread({ deleted: place.threadDeleted }, role)) throw new NotFound("poll");
  const poll = await findPoll(pollId);
  if (!poll) throw new NotFound("poll");
  return { poll, role };
}

/** One poll as the viewer sees it (the answer to every poll write). */
export async function readPoll(actor: Actor, pollId: number): Promise<PollState> {
  const { poll, role } = await loadReadablePoll(actor, pollId);
  const [state] = await describePolls(actor, role, [poll]);
  return state!;
}
