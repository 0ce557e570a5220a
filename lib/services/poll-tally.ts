import type { BallotRecord } from "@/lib/db/poll-ballots";
import type { PollOptionRecord } from "@/lib/db/polls";

// Counting a poll (contract section 18) from its ballots: each option's votes (the ballots that
// chose it) and weight, and for ranked polls the instant-runoff rounds. Pure, so it is tested on
// its own (poll-tally.test.ts).

export interface RoundCount {
  optionId: number;
  votes: number;
}

export interface PollTally {
  options: { id: number; votes: number; weight: bigint }[];
  voterCount: number;
  totalWeight: bigint;
  /** Ranked polls only (null otherwise); [] before the first ballot. */
  rounds: RoundCount[][] | null;
  /** Ranked polls only: the option that passed half of a round's votes. */
  winner: number | null;
}

/**
 * Instant runoff: each round counts every ballot for its highest-ranked option still standing
 * (a ballot with none left counts in no round after); an option with more than half of the
 * round's votes wins; else the option with the fewest votes is dropped, a tie dropping the one
 * with the higher id.
 */
export function instantRunoff(
  optionIds: readonly number[],
  ballots: readonly { options: readonly number[] }[],
): { rounds: RoundCount[][]; winner: number | null } {
  const rounds: RoundCount[][] = [];
  if (ballots.length === 0) return { rounds, winner: null };
  const standing = new Set(optionIds);
  while (standing.size > 0) {
    const votes = new Map<number, number>([...standing].map((id) => [id, 0]));
    for (const ballot of ballots) {
      const top = ballot.options.find((id) => standing.has(id));
      if (top !== undefined) votes.set(top, votes.get(top)! + 1);
    }
    const round = optionIds.filter((id) => standing.has(id)).map((id) => ({ optionId: id, votes: votes.get(id)! }));
    rounds.push(round);
    const total = round.reduce((sum, entry) => sum + entry.votes, 0);
    const leader = round.find((entry) => entry.votes * 2 > total);
    if (leader) return { rounds, winner: leader.optionId };
    if (total === 0) break;
    const fewest = Math.min(...round.map((entry) => entry.votes));
    const dropped = Math.max(...round.filter((entry) => entry.votes === fewest).map((entry) => entry.optionId));
    standing.delete(dropped);
  }
  return { rounds, winner: null };
}

/** Every count of a poll from its ballots. */
export function tallyPoll(poll: { type: string; options: readonly PollOptionRecord[] }, ballots: readonly BallotRecord[]): PollTally {
  const byOption = new Map(poll.options.map((option) => [option.id, { id: option.id, votes: 0, weight: 0n }]));
  let totalWeight = 0n;
  for (const ballot of ballots) {
    totalWeight += ballot.weight;
    for (const id of ballot.options) {
      const entry = byOption.get(id);
      if (!entry) continue;
      entry.votes += 1;
      entry.weight += ballot.weight;
    }
  }
  const ranked =
    poll.type === "ranked"
      ? instantRunoff(
          poll.options.map((option) => option.id),
          ballots,
        )
      : null;
  return {
    options: [...byOption.values()],
    voterCount: ballots.length,
    totalWeight,
    rounds: ranked?.rounds ?? null,
    winner: ranked?.winner ?? null,
  };
}
