// What a poll looks like to the thread page (contract section 18, "Polls"), in the domain's words:
// booleans, numbers, ISO times; weights stay decimal strings (base units of a token can pass 2^53).
// Types only, safe for the browser: the poll card renders this and gets it again after each vote.

export type PollKind = "single" | "multiple" | "ranked";
export type PollResultsWhen = "always" | "on_vote" | "on_close";
export type PollStatus = "scheduled" | "open" | "closed";
export type PollTokenType = "erc20" | "erc721" | "erc1155" | "native";

/** The token a poll counts (a group gate rule's fields). */
export interface PollTokenView {
  type: PollTokenType;
  chainId: number;
  /** "" for the chain's native coin. */
  contractAddress: string;
  /** "" unless erc1155. */
  tokenId: string;
  /** Base units needed to vote (eligibility `token` only). */
  minAmount: string;
}

export interface PollOptionView {
  id: number;
  text: string;
  /** Ballots that chose it; null while the reader may not see results. */
  votes: number | null;
  /** Their weight (base units, decimal); null while the reader may not see results. */
  weight: string | null;
}

/** One instant-runoff round: every option still in, with its votes. */
export type PollRoundView = { optionId: number; votes: number }[];

/** The signed-in reader's part of the poll. */
export interface PollViewerView {
  voted: boolean;
  /** The ids chosen, in order of preference for a ranked poll. */
  optionIds: number[];
  /** Their ballot's weight (base units), null before voting. */
  weight: string | null;
  /** May vote at all (a token poll asks the wallets' balance at the snapshot). */
  eligible: boolean;
}

export interface PollView {
  id: number;
  threadId: number;
  title: string;
  kind: PollKind;
  options: PollOptionView[];
  /** Choices a ballot takes: 1/1 for single, 1/options for ranked. */
  min: number;
  max: number;
  resultsWhen: PollResultsWhen;
  /** Who voted for what is public (a voters list); else secret. */
  publicVoters: boolean;
  status: PollStatus;
  /** ISO 8601, or null: open from creation / until closed by hand. */
  opensAt: string | null;
  closesAt: string | null;
  tokenEligibility: boolean;
  weightedByToken: boolean;
  token: PollTokenView | null;
  allowChange: boolean;
  /** The block balances are read at, fixed when a token poll opens; null before (and for other polls). */
  snapshotBlock: string | null;
  /** Null while results are hidden from the reader. */
  voterCount: number | null;
  totalWeight: string | null;
  /** Ranked polls: the runoff rounds and the option that passed half of a round's votes. */
  rounds: PollRoundView[] | null;
  winnerId: number | null;
  /** Null for guests. */
  viewer: PollViewerView | null;
  /** What the reader may do now (lib/auth/permissions.ts decided; every action asks again): cast a ballot, or replace theirs. */
  canVote: boolean;
  /** Withdraw their ballot (open, `allow_change`). */
  canUnvote: boolean;
  /** The thread's author and the group's moderators: close and reopen. */
  canManage: boolean;
}

/** Results are visible to the reader (the server sends nulls otherwise). */
export function pollResultsShown(poll: PollView): boolean {
  return poll.voterCount !== null;
}

/** A voter in the public list. */
export interface PollVoterView {
  user: { id: number; username: string; photoUrl: string };
  /** Option ids, in order for a ranked poll. */
  optionIds: number[];
  weight: string;
  createdAt: string;
}

export interface PollVoterPageView {
  voters: PollVoterView[];
  count: number;
}
