import "server-only";
import type { VoterRecord } from "@/lib/db/poll-ballots";
import { proxyImageUrl } from "@/lib/media/image-proxy-url";
import type { PollState } from "@/lib/services/poll-reads";
import type { PollView, PollVoterPageView } from "@/lib/views/poll-view";

// Poll view models (lib/views/poll-view.ts) from the polls service's records: what one reader sees
// of a poll, with weights as decimal strings and times as ISO strings.

/** A poll as the reader of the page sees it (counts null while its results are hidden from them). */
export function toPollView(state: PollState): PollView {
  const { poll, tally, viewer } = state;
  const counts = new Map(tally?.options.map((option) => [option.id, option]) ?? []);
  const token = poll.token;
  return {
    id: poll.id,
    threadId: poll.threadId,
    title: poll.title,
    kind: poll.type,
    options: poll.options.map((option) => {
      const count = counts.get(option.id);
      return { id: option.id, text: option.text, votes: count?.votes ?? null, weight: count ? count.weight.toString() : null };
    }),
    min: poll.min,
    max: poll.max,
    resultsWhen: poll.results,
    publicVoters: poll.voters === "public",
    status: state.status,
    opensAt: poll.opensAt?.toISOString() ?? null,
    closesAt: poll.closesAt?.toISOString() ?? null,
    tokenEligibility: poll.eligibility === "token",
    weightedByToken: poll.weighting === "token_balance",
    token: token
      ? { type: token.type, chainId: token.chain_id, contractAddress: token.contract_address, tokenId: token.token_id, minAmount: token.min_amount }
      : null,
    allowChange: poll.allowChange,
    snapshotBlock: poll.snapshotBlock === null ? null : poll.snapshotBlock.toString(),
    voterCount: tally?.voterCount ?? null,
    totalWeight: tally ? tally.totalWeight.toString() : null,
    rounds: tally?.rounds ?? null,
    winnerId: tally?.winner ?? null,
    viewer: viewer && {
      voted: viewer.voted,
      optionIds: viewer.options,
      weight: viewer.weight === null ? null : viewer.weight.toString(),
      eligible: viewer.eligible,
    },
    canVote: state.can.vote,
    canUnvote: state.can.unvote,
    canManage: state.can.manage,
  };
}

export function toPollVoterPage(page: { voters: VoterRecord[]; count: number }): PollVoterPageView {
  return {
    count: page.count,
    voters: page.voters.map((voter) => ({
      user: { id: voter.user.id, username: voter.user.username, photoUrl: proxyImageUrl(voter.user.photoUrl) },
      optionIds: voter.options,
      weight: voter.weight.toString(),
      createdAt: voter.createdAt.toISOString(),
    })),
  };
}
