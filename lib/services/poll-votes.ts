import "server-only";
import { canVote, type Actor, type SignedIn } from "@/lib/auth/permissions";
import { deleteBallot, findOwnBallot, listVoters, writeBallot, type VoterRecord } from "@/lib/db/poll-ballots";
import { findPoll, findPollPlace, pollStatus, type PollRecord } from "@/lib/db/polls";
import { inTransaction } from "@/lib/db/engine/transaction";
import { toPageWindow } from "@/lib/db/pagination";
import { Forbidden, Invalid, NotFound } from "@/lib/errors";
import { refuseWrite } from "@/lib/services/group-access";
import { describePolls, ensureSnapshot, loadReadablePoll, readPoll, readVoterBalance, type PollState } from "@/lib/services/poll-reads";
import { ensureGateHolds } from "@/lib/services/token-gates";

// Votes (contract section 18): one ballot per voter and poll, written under the poll's row lock
// (shared: voters do not wait on each other, a close or edit waits for them) and the unique
// (poll_id, user_id) index, so counts read from the ballots are exact under any concurrency.

export type { VoterRecord };

function refuseUnlessOpen(poll: PollRecord): void {
  const status = pollStatus(poll);
  if (status === "scheduled") throw new Forbidden("This poll is not open yet");
  if (status === "closed") throw new Forbidden("This poll is closed");
}

/** The chosen option ids, checked against the poll's options and its min and max. */
function checkChoices(poll: PollRecord, optionIds: readonly number[]): void {
  const own = new Set(poll.options.map((option) => option.id));
  const foreign = optionIds.find((id) => !own.has(id));
  if (foreign !== undefined) throw new Invalid("options", `${foreign} is not an option of this poll`);
  if (new Set(optionIds).size !== optionIds.length) throw new Invalid("options", "must not name an option twice");
  if (optionIds.length < poll.min || optionIds.length > poll.max) {
    const range = poll.min === poll.max ? `${poll.min}` : `${poll.min} to ${poll.max}`;
    throw new Invalid("options", `choose ${range} option${poll.max === 1 ? "" : "s"}`);
  }
}

/** The voter's weight: "1" per voter, or their balance at the snapshot; Forbidden when eligibility asks for more than they hold. */
async function weighVoter(poll: PollRecord, userId: number): Promise<bigint> {
  if (!poll.token || (poll.eligibility !== "token" && poll.weighting !== "token_balance")) return 1n;
  const balance = await readVoterBalance(poll.token, userId, poll.snapshotBlock);
  if (poll.eligibility === "token" && balance < BigInt(poll.token.min_amount)) {
    throw new Forbidden(
      `This poll is for holders of at least ${poll.token.min_amount} of its token at block ${poll.snapshotBlock}; your wallets held ${balance}`,
    );
  }
  return poll.weighting === "token_balance" ? balance : 1n;
}

/** POST polls/{id}/vote: casts (or, where allow_change, replaces) the actor's ballot. */
export async function votePoll(actor: SignedIn, pollId: number, optionIds: readonly number[]): Promise<PollState> {
  const { poll: read, role } = await loadReadablePoll(actor, pollId);
  if (!canVote(actor, role)) refuseWrite(role, "poll", "You cannot vote in this group");
  await ensureGateHolds(actor, role);
  refuseUnlessOpen(read);
  checkChoices(read, optionIds);
  // The snapshot is fixed at the latest by the first vote after the poll opens.
  const poll = await ensureSnapshot(read);
  const weight = await weighVoter(poll, actor.id);
  await inTransaction(async (tx) => {
    const place = await findPollPlace(tx, pollId, "share");
    const current = place && (await findPoll(pollId, tx));
    if (!place || !current) throw new NotFound("poll");
    // A close or an edit that committed since the checks above wins.
    refuseUnlessOpen(current);
    checkChoices(current, optionIds);
    const ballot = { pollId, threadId: place.threadId, userId: actor.id, weight, options: optionIds };
    const written = await writeBallot(tx, ballot, current.allowChange);
    if (written === "existing") throw new Forbidden("You already voted and this poll does not allow changing a vote");
  });
  return readPoll(actor, pollId);
}

/** POST polls/{id}/unvote: takes the actor's ballot back, while the poll is open and allows changes. */
export async function unvotePoll(actor: SignedIn, pollId: number): Promise<PollState> {
  await loadReadablePoll(actor, pollId);
  await inTransaction(async (tx) => {
    const place = await findPollPlace(tx, pollId, "share");
    const poll = place && (await findPoll(pollId, tx));
    if (!place || !poll) throw new NotFound("poll");
    refuseUnlessOpen(poll);
    if (!poll.allowChange) throw new Forbidden("This poll does not allow changing a vote");
    if (!(await findOwnBallot(tx, pollId, actor.id))) throw new Forbidden("You have not voted in this poll");
    await deleteBallot(tx, pollId, actor.id);
  });
  return readPoll(actor, pollId);
}

/** GET polls/{id}/voters: who voted (for `optionId` when given), when voters are public and the results visible to the reader. */
export async function listPollVoters(
  actor: Actor,
  pollId: number,
  query: { optionId: number | null; page: number; perPage: number },
): Promise<{ voters: VoterRecord[]; count: number }> {
  const { poll, role } = await loadReadablePoll(actor, pollId);
  if (poll.voters !== "public") throw new Forbidden("This poll's voters are secret");
  const [state] = await describePolls(actor, role, [poll]);
  if (!state!.tally) throw new Forbidden("This poll's results are not visible to you yet");
  if (query.optionId !== null && !poll.options.some((option) => option.id === query.optionId)) {
    throw new Invalid("option_id", `${query.optionId} is not an option of this poll`);
  }
  return listVoters(pollId, query.optionId, toPageWindow(query.page, query.perPage));
}
