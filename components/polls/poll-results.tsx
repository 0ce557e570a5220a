import { pluralize } from "@/lib/format/counts";
import type { PollView } from "@/lib/views/poll-view";
import { formatBaseUnits, formatPercent, sharePercent } from "@/lib/format/poll-numbers";

/** Why the reader sees no numbers yet: results after they vote, or after the poll closes. */
export function PollResultsHidden({ poll }: { poll: PollView }) {
  const text =
    poll.resultsWhen === "on_close"
      ? "Results are shown after the poll closes."
      : poll.viewer === null
        ? "Results are shown to people who voted."
        : "Results are shown after you vote.";
  return <p className="poll-card__hidden">{text}</p>;
}

/**
 * One bar per option: votes, weight (token-weighted polls) and the share, of the voters or of
 * the total weight. The reader's own choice and a ranked poll's winner are marked in words too.
 */
export function PollResults({ poll }: { poll: PollView }) {
  const voters = poll.voterCount ?? 0;
  const total = poll.totalWeight ?? "0";
  const chosen = new Set(poll.viewer?.optionIds ?? []);
  return (
    <div className="poll-results">
      <ul className="poll-results__list" aria-label={`Results of ${poll.title || "the poll"}`}>
        {poll.options.map((option) => {
          const votes = option.votes ?? 0;
          const percent = poll.weightedByToken ? sharePercent(option.weight ?? "0", total) : sharePercent(votes, voters);
          const share = formatPercent(percent, poll.weightedByToken ? (option.weight ?? "0") !== "0" : votes > 0);
          const winner = poll.winnerId === option.id;
          return (
            <li key={option.id} className="poll-results__row" data-testid="poll-result" data-option-id={option.id}>
              <div className="poll-results__label">
                <span className="poll-results__text">
                  {option.text}
                  {winner ? <span className="badge poll-badge poll-badge--winner">Winner</span> : null}
                  {chosen.has(option.id) ? <span className="badge poll-badge">Your vote</span> : null}
                </span>
                <span className="poll-results__numbers">
                  {pluralize(votes, "vote")}
                  {poll.weightedByToken ? ` · weight ${formatBaseUnits(option.weight ?? "0")}` : ""} · <strong>{share}</strong>
                </span>
              </div>
              <div className="poll-results__track" aria-hidden="true">
                <div className="poll-results__bar" data-winner={winner ? "true" : undefined} style={{ width: `${percent}%` }} />
              </div>
            </li>
          );
        })}
      </ul>
      <p className="poll-results__summary">
        {pluralize(voters, "voter")}
        {poll.weightedByToken ? ` · total weight ${formatBaseUnits(total)}` : ""}
        {poll.kind === "multiple" ? " · shares are of all voters, so they can add up to more than 100%" : ""}
      </p>
      {poll.kind === "ranked" ? <PollRounds poll={poll} /> : null}
    </div>
  );
}

/** A ranked poll's instant runoff, round by round, and who passed half of a round's votes. */
function PollRounds({ poll }: { poll: PollView }) {
  const rounds = poll.rounds ?? [];
  if (rounds.length === 0) return null;
  const textOf = new Map(poll.options.map((option) => [option.id, option.text]));
  const winner = poll.winnerId === null ? null : textOf.get(poll.winnerId);
  return (
    <details className="poll-rounds">
      <summary>
        Instant runoff: {pluralize(rounds.length, "round")}
        {winner ? `, ${winner} wins` : ", no option has passed half of the votes yet"}
      </summary>
      <ol className="poll-rounds__list">
        {rounds.map((round, index) => (
          <li key={index}>
            {round
              .slice()
              .sort((left, right) => right.votes - left.votes)
              .map((entry) => `${textOf.get(entry.optionId) ?? `#${entry.optionId}`} ${entry.votes}`)
              .join(" · ")}
          </li>
        ))}
      </ol>
      <p className="form-hint">Each round drops the option with the fewest votes; its ballots go to their next choice.</p>
    </details>
  );
}
