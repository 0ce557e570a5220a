import { formatPercent, isPositiveAmount, sharePercent } from "@/lib/format/poll-numbers";
import type { PollView } from "@/lib/views/poll-view";

/** One option's bar: its count, the share the bar shows, and for a ranked poll when it dropped out. */
export interface PollResultRow {
  id: number;
  text: string;
  votes: number;
  weight: string | null;
  percent: number;
  share: string;
  /** Ranked: the runoff round after which the option was dropped (null while it stands). */
  outAfterRound: number | null;
}

/**
 * What each bar shows. Single and multiple: the ballots (or, weighted by token, the weight) that
 * chose the option, of all voters. Ranked: every ballot ranks every option it lists, so the bars
 * show the runoff's last round instead (the votes each standing option holds), and the options
 * dropped before it say in which round.
 */
export function resultRows(poll: PollView): PollResultRow[] {
  const rounds = poll.kind === "ranked" ? (poll.rounds ?? []) : [];
  const last = rounds.at(-1);
  if (last) {
    const roundTotal = last.reduce((sum, entry) => sum + entry.votes, 0);
    return poll.options.map((option) => {
      const standing = last.find((entry) => entry.optionId === option.id);
      const votes = standing?.votes ?? 0;
      const percent = sharePercent(votes, roundTotal);
      const dropped = rounds.findIndex((round) => !round.some((entry) => entry.optionId === option.id));
      return {
        id: option.id,
        text: option.text,
        votes,
        weight: null,
        percent,
        share: formatPercent(percent, votes > 0),
        outAfterRound: standing ? null : dropped,
      };
    });
  }
  const voters = poll.voterCount ?? 0;
  const total = poll.totalWeight ?? "0";
  return poll.options.map((option) => {
    const votes = option.votes ?? 0;
    const weight = option.weight ?? "0";
    const percent = poll.weightedByToken ? sharePercent(weight, total) : sharePercent(votes, voters);
    return {
      id: option.id,
      text: option.text,
      votes,
      weight: poll.weightedByToken ? weight : null,
      percent,
      share: formatPercent(percent, poll.weightedByToken ? isPositiveAmount(weight) : votes > 0),
      outAfterRound: null,
    };
  });
}
