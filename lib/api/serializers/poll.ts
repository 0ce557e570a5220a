import "server-only";
import { formatNullableTimestamp, formatTimestamp } from "@/lib/api/time";
import type { PollDto } from "@/lib/schemas/poll-schemas";
import type { PollState } from "@/lib/services/poll-reads";
import type { VoterRecord } from "@/lib/services/poll-votes";

/** Contract section 18's poll object (output): counts null while the viewer may not see results. */
export function serializePoll(state: PollState): PollDto {
  const { poll, tally, viewer } = state;
  const counts = new Map(tally?.options.map((option) => [option.id, option]) ?? []);
  return {
    id: poll.id,
    thread_id: poll.threadId,
    title: poll.title,
    type: poll.type,
    options: poll.options.map((option) => {
      const count = counts.get(option.id);
      return { id: option.id, text: option.text, votes: count?.votes ?? null, weight: count ? count.weight.toString() : null };
    }),
    min: poll.min,
    max: poll.max,
    results: poll.results,
    voters: poll.voters,
    status: state.status,
    opens_at: formatNullableTimestamp(poll.opensAt),
    closes_at: formatNullableTimestamp(poll.closesAt),
    eligibility: poll.eligibility,
    token: poll.token,
    weighting: poll.weighting,
    allow_change: poll.allowChange ? 1 : 0,
    snapshot_block: poll.snapshotBlock === null ? null : Number(poll.snapshotBlock),
    voter_count: tally?.voterCount ?? null,
    total_weight: tally ? tally.totalWeight.toString() : null,
    rounds: tally?.rounds?.map((round) => round.map((entry) => ({ option_id: entry.optionId, votes: entry.votes }))) ?? null,
    winner: tally?.winner ?? null,
    viewer: viewer && {
      voted: viewer.voted ? 1 : 0,
      options: viewer.options,
      weight: viewer.weight === null ? null : viewer.weight.toString(),
      eligible: viewer.eligible ? 1 : 0,
    },
  };
}

export function serializeVoter(voter: VoterRecord) {
  return {
    user: { id: voter.user.id, username: voter.user.username, photo_url: voter.user.photoUrl },
    options: voter.options,
    weight: voter.weight.toString(),
    created_at: formatTimestamp(voter.createdAt),
  };
}
