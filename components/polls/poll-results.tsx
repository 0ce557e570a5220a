import { pluralize } from "@/lib/format/counts";
import type { PollView } from "@/lib/views/poll-view";
import { resultRows } from "./poll-result-rows";
import { formatBaseUnits } from "@/lib/format/poll-numbers";

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

/** The reader's own choice on a bar: "Your vote", or their rank on a ranked ballot. */
function mineLabel(poll: PollView, optionId: number): string | null {
  const at = poll.viewer?.optionIds.indexOf(optionId) ?? -1;
  if (at < 0) return null;
  return poll.kind === "ranked" ? `Your #${at + 1}` : "Your vote";
}

/**
 * One bar per option (resultRows says what it counts): votes, weight for token-weighted polls,
 * the share; the reader's own choice and a ranked poll's winner are marked in words too.
 */
export function PollResults({ poll }: { poll: PollView }) {
  const ranked = poll.kind === "ranked" && (poll.rounds ?? []).length > 0;
  return (
    <div className="poll-results">
      <ul className="poll-results__list" aria-label={`Results of ${poll.title || "the poll"}`}>
        {resultRows(poll).map((row) => {
          const winner = poll.winnerId === row.id;
          const mine = mineLabel(poll, row.id);
          return (
            <li key={row.id} className="poll-results__row" data-testid="poll-result" data-option-id={row.id}>
              <div className="poll-results__label">
                <span className="poll-results__text">
                  {row.text}
                  {winner ? <span className="badge poll-badge poll-badge--winner">Winner</span> : null}
                  {mine ? <span className="badge poll-badge">{mine}</span> : null}
                </span>
                <span className="poll-results__numbers">
                  {row.outAfterRound !== null ? (
                    `Out after round ${row.outAfterRound}`
                  ) : (
                    <>
                      {pluralize(row.votes, "vote")}
                      {row.weight !== null ? ` · weight ${formatBaseUnits(row.weight)}` : ""} · <strong>{row.share}</strong>
                    </>
                  )}
                </span>
              </div>
              <div className="poll-results__track" aria-hidden="true">
                <div className="poll-results__bar" data-winner={winner ? "true" : undefined} style={{ width: `${row.percent}%` }} />
              </div>
            </li>
          );
        })}
      </ul>
      <p className="poll-results__summary">
        {pluralize(poll.voterCount ?? 0, "voter")}
        {poll.weightedByToken ? ` · total weight ${formatBaseUnits(poll.totalWeight ?? "0")}` : ""}
        {poll.kind === "multiple" ? " · shares are of all voters, so they can add up to more than 100%" : ""}
        {ranked ? " · bars show the last round of the instant runoff" : ""}
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
