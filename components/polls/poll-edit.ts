import type { PollView } from "@/lib/views/poll-view";
import { checkPollDraft, newDraftKey, toPollInput, type PollDraft, type PollDraftErrors } from "./poll-draft";

// Editing a poll in place: the builder's draft made from the poll as the card shows it, and the
// edit request holding only what the person changed. The server freezes options, type, token and
// weighting after the first vote and refuses a past closing time, so unchanged fields are not sent.

const pad = (value: number) => String(value).padStart(2, "0");

/** An ISO time as `datetime-local` shows it: the person's wall clock, to the minute. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return "";
  const date = new Date(iso);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

export function draftFromPoll(poll: PollView): PollDraft {
  return {
    key: newDraftKey("poll"),
    title: poll.title,
    kind: poll.kind,
    options: poll.options.map((option) => ({ key: newDraftKey("option"), text: option.text })),
    min: String(poll.min),
    max: String(poll.max),
    resultsWhen: poll.resultsWhen,
    publicVoters: poll.publicVoters,
    opensAt: toLocalInput(poll.opensAt),
    closesAt: toLocalInput(poll.closesAt),
    tokenEligibility: poll.tokenEligibility,
    weightedByToken: poll.weightedByToken,
    token: {
      type: poll.token?.type ?? "erc20",
      chainId: String(poll.token?.chainId ?? 1),
      contractAddress: poll.token?.contractAddress ?? "",
      tokenId: poll.token?.tokenId ?? "",
      minAmount: poll.token?.minAmount ?? "1",
    },
    allowChange: poll.allowChange,
  };
}

/** The draft's problems, leaving out a closing time that was already there (it may have passed). */
export function checkPollEdit(original: PollDraft, edited: PollDraft, now: Date = new Date()): PollDraftErrors {
  const errors = checkPollDraft(edited, now);
  if (edited.closesAt === original.closesAt) delete errors.closesAt;
  return errors;
}

/** The poll object of an edit: the fields whose value changed; a cleared time is sent as null. */
export function pollEditInput(original: PollDraft, edited: PollDraft): Record<string, unknown> {
  const before = toPollInput(original);
  const after = toPollInput(edited);
  const changed: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
    if (key === "opens_at" || key === "closes_at") changed[key] = after[key] ?? null;
    else if (after[key] !== undefined) changed[key] = after[key];
  }
  // min and max travel together: the server checks one against the other.
  if ((changed.min !== undefined || changed.max !== undefined) && after.min !== undefined) Object.assign(changed, { min: after.min, max: after.max });
  return changed;
}
