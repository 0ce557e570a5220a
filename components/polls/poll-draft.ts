import type { PollKind, PollResultsWhen, PollTokenType } from "@/lib/views/poll-view";

// A poll as the new-thread composer's builder holds it (strings as typed), its checks in a
// person's words, and the poll object of contract section 18 it is sent as. The server checks
// everything again; these checks only say early what it would refuse.

export const MAX_POLLS = 5;
export const MAX_POLL_OPTIONS = 20;
export const MAX_POLL_TITLE = 200;
export const MAX_OPTION_TEXT = 200;

export interface PollOptionDraft {
  key: string;
  text: string;
}

export interface PollTokenDraft {
  type: PollTokenType;
  chainId: string;
  contractAddress: string;
  tokenId: string;
  minAmount: string;
}

export interface PollDraft {
  key: string;
  title: string;
  kind: PollKind;
  options: PollOptionDraft[];
  /** `multiple` only: how many choices a ballot takes. */
  min: string;
  max: string;
  resultsWhen: PollResultsWhen;
  publicVoters: boolean;
  /** `datetime-local` values in the person's time zone; "" for now / never. */
  opensAt: string;
  closesAt: string;
  tokenEligibility: boolean;
  weightedByToken: boolean;
  token: PollTokenDraft;
  allowChange: boolean;
}

/** A field of a draft and what is wrong with it ("options.2" for the third option). */
export type PollDraftErrors = Record<string, string>;

let nextKey = 0;
export const newDraftKey = (prefix: string) => `${prefix}-${++nextKey}`;

export function emptyPollDraft(): PollDraft {
  return {
    key: newDraftKey("poll"),
    title: "",
    kind: "single",
    options: [
      { key: newDraftKey("option"), text: "" },
      { key: newDraftKey("option"), text: "" },
    ],
    min: "1",
    max: "2",
    resultsWhen: "always",
    publicVoters: false,
    opensAt: "",
    closesAt: "",
    tokenEligibility: false,
    weightedByToken: false,
    token: { type: "erc20", chainId: "1", contractAddress: "", tokenId: "", minAmount: "1" },
    allowChange: true,
  };
}

export const usesToken = (draft: PollDraft) => draft.tokenEligibility || draft.weightedByToken;

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const BASE_UNITS = /^[0-9]{1,78}$/;

function checkToken(token: PollTokenDraft, errors: PollDraftErrors): void {
  if (!/^[1-9][0-9]{0,9}$/.test(token.chainId.trim())) errors["token.chainId"] = "Chain id must be a whole number, 1 or more.";
  if (token.type !== "native" && !ADDRESS.test(token.contractAddress.trim()))
    errors["token.contractAddress"] = "Contract address must be 0x and 40 hex digits.";
  if (token.type === "erc1155" && !BASE_UNITS.test(token.tokenId.trim())) errors["token.tokenId"] = "Token id must be a whole number.";
  if (!BASE_UNITS.test(token.minAmount.trim()) || BigInt(token.minAmount.trim()) < 1n)
    errors["token.minAmount"] = "Minimum amount must be a whole number of base units, 1 or more.";
}

/** What the server would refuse in this draft, by field; empty when it looks right. */
export function checkPollDraft(draft: PollDraft, now: Date = new Date()): PollDraftErrors {
  const errors: PollDraftErrors = {};
  const title = draft.title.trim();
  if (!title) errors.title = "Write the question.";
  else if (title.length > MAX_POLL_TITLE) errors.title = `The question takes at most ${MAX_POLL_TITLE} characters.`;
  const texts = draft.options.map((option) => option.text.trim());
  texts.forEach((text, index) => {
    if (!text) errors[`options.${index}`] = `Option ${index + 1} is empty: fill it in or remove it.`;
    else if (text.length > MAX_OPTION_TEXT) errors[`options.${index}`] = `Option ${index + 1} takes at most ${MAX_OPTION_TEXT} characters.`;
    else if (texts.indexOf(text) !== index) errors[`options.${index}`] = `Option ${index + 1} repeats option ${texts.indexOf(text) + 1}.`;
  });
  if (texts.length < 2) errors.options = "A poll needs at least two options.";
  if (texts.length > MAX_POLL_OPTIONS) errors.options = `A poll takes at most ${MAX_POLL_OPTIONS} options.`;
  if (draft.kind === "multiple") {
    const min = Number(draft.min);
    const max = Number(draft.max);
    if (!Number.isInteger(min) || min < 1) errors.min = "At least must be a whole number, 1 or more.";
    if (!Number.isInteger(max) || max < min || max > texts.length) errors.max = `At most must be between ${Math.max(1, min || 1)} and ${texts.length}.`;
  }
  const opens = draft.opensAt ? new Date(draft.opensAt) : null;
  const closes = draft.closesAt ? new Date(draft.closesAt) : null;
  if (opens && Number.isNaN(opens.getTime())) errors.opensAt = "Opens at is not a date.";
  if (closes && Number.isNaN(closes.getTime())) errors.closesAt = "Closes at is not a date.";
  else if (closes && closes <= now) errors.closesAt = "Closes at must be in the future.";
  else if (closes && opens && closes <= opens) errors.closesAt = "Closes at must come after it opens.";
  if (usesToken(draft)) checkToken(draft.token, errors);
  return errors;
}

/** The poll object of contract section 18 (input), as create thread takes it in `polls`. */
export function toPollInput(draft: PollDraft): Record<string, unknown> {
  const poll: Record<string, unknown> = {
    title: draft.title.trim(),
    type: draft.kind,
    options: draft.options.map((option) => option.text.trim()),
    results: draft.resultsWhen,
    voters: draft.publicVoters ? "public" : "secret",
    eligibility: draft.tokenEligibility ? "token" : "everyone",
    weighting: draft.weightedByToken ? "token_balance" : "per_user",
    allow_change: draft.allowChange ? 1 : 0,
  };
  if (draft.kind === "multiple") Object.assign(poll, { min: Number(draft.min), max: Number(draft.max) });
  // datetime-local is the person's wall clock: Date reads it in their time zone.
  if (draft.opensAt) poll.opens_at = new Date(draft.opensAt).toISOString();
  if (draft.closesAt) poll.closes_at = new Date(draft.closesAt).toISOString();
  if (usesToken(draft)) {
    const { type, chainId, contractAddress, tokenId, minAmount } = draft.token;
    poll.token = {
      type,
      chain_id: Number(chainId),
      ...(type === "native" ? {} : { contract_address: contractAddress.trim() }),
      ...(type === "erc1155" ? { token_id: tokenId.trim() } : {}),
      min_amount: minAmount.trim(),
    };
  }
  return poll;
}
