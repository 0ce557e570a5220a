import { describe, expect, it } from "vitest";
import type { PollView } from "@/lib/views/poll-view";
import { checkPollEdit, draftFromPoll, pollEditInput } from "@/components/polls/poll-edit";

const poll: PollView = {
  id: 1,
  threadId: 2,
  title: "Which day?",
  kind: "multiple",
  options: [
    { id: 10, text: "Monday", votes: 0, weight: "0" },
    { id: 11, text: "Friday", votes: 0, weight: "0" },
    { id: 12, text: "Sunday", votes: 0, weight: "0" },
  ],
  min: 1,
  max: 2,
  resultsWhen: "always",
  publicVoters: false,
  status: "closed",
  opensAt: null,
  closesAt: "2020-01-01T10:00:00.000Z",
  tokenEligibility: false,
  weightedByToken: false,
  token: null,
  allowChange: true,
  snapshotBlock: null,
  voterCount: 0,
  totalWeight: "0",
  rounds: null,
  winnerId: null,
  viewer: null,
  canVote: false,
  canUnvote: false,
  canManage: true,
};

describe("poll edits", () => {
  it("send nothing for an untouched draft", () => {
    const draft = draftFromPoll(poll);
    expect(pollEditInput(draft, { ...draft })).toEqual({});
  });

  it("send only the changed fields, min and max together", () => {
    const draft = draftFromPoll(poll);
    expect(pollEditInput(draft, { ...draft, title: "Which days?", max: "3" })).toEqual({ title: "Which days?", min: 1, max: 3 });
  });

  it("send a cleared closing time as null, and options as their texts", () => {
    const draft = draftFromPoll(poll);
    const edited = { ...draft, closesAt: "", options: [...draft.options, { key: "new", text: "Tuesday" }] };
    expect(pollEditInput(draft, edited)).toEqual({ closes_at: null, options: ["Monday", "Friday", "Sunday", "Tuesday"] });
  });

  it("do not object to a closing time that passed and was left alone, but do to a new past one", () => {
    const draft = draftFromPoll(poll);
    expect(checkPollEdit(draft, { ...draft, title: "New" }).closesAt).toBeUndefined();
    expect(checkPollEdit(draft, { ...draft, closesAt: "2021-01-01T10:00" }).closesAt).toBeDefined();
  });
});
