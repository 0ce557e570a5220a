import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/engine/client";
import { createCast, expectBadParam, expectOk, expectRefused, type Cast } from "../support/community-helpers";
import { addPoll, editPoll, optionIds, threadWithPoll, vote } from "../support/poll-helpers";
import { createThreadOverHttp } from "../support/thread-helpers";

// Contract section 18: adding and editing polls, every validation rule of the poll object, and
// who may do it. A refused write is checked to have written nothing.

let cast: Cast;
const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();
const pollRows = async (threadId: number) => (await getDb()).poll.count({ where: { threadId } });

beforeAll(async () => {
  cast = await createCast();
}, 60_000);

describe("POST /api/v2/threads/{thread_id}/polls", () => {
  it("adds a poll with every default, answering the output object exactly", async () => {
    const threadId = (await createThreadOverHttp(cast.author, cast.group.id)).id;
    const answer = await addPoll(cast.author, threadId, { options: ["Red", " Blue "] });
    expectOk(answer);
    const poll = answer.body.data.poll;
    expect(poll).toEqual({
      id: expect.any(Number),
      thread_id: threadId,
      title: "",
      type: "single",
      options: [
        { id: expect.any(Number), text: "Red", votes: 0, weight: "0" },
        { id: expect.any(Number), text: "Blue", votes: 0, weight: "0" },
      ],
      min: 1,
      max: 1,
      results: "always",
      voters: "secret",
      status: "open",
      opens_at: null,
      closes_at: null,
      eligibility: "everyone",
      token: null,
      weighting: "per_user",
      allow_change: 1,
      snapshot_block: null,
      voter_count: 0,
      total_weight: "0",
      rounds: null,
      winner: null,
      viewer: { voted: 0, options: [], weight: null, eligible: 1 },
    });
  });

  it("takes the poll as JSON text in a form body too, and gives multiple and ranked polls their min and max", async () => {
    const threadId = (await createThreadOverHttp(cast.author, cast.group.id)).id;
    const multiple = await addPoll(cast.author, threadId, JSON.stringify({ type: "multiple", options: ["a", "b", "c"], min: 2 }));
    expectOk(multiple);
    expect(multiple.body.data.poll).toMatchObject({ type: "multiple", min: 2, max: 3 });
    const ranked = await addPoll(cast.author, threadId, { type: "ranked", options: ["a", "b", "c", "d"], title: "Rank them" });
    expect(ranked.body.data.poll).toMatchObject({ type: "ranked", min: 1, max: 4, rounds: [], winner: null, title: "Rank them" });
    const scheduled = await addPoll(cast.author, threadId, {
      options: ["x", "y"],
      opens_at: inAnHour(),
      results: "on_close",
      voters: "public",
      allow_change: 0,
    });
    expect(scheduled.body.data.poll).toMatchObject({ status: "scheduled", results: "on_close", voters: "public", allow_change: 0, voter_count: null });
  });

  const bad: [string, unknown, string][] = [
    ["an unknown key", { options: ["a", "b"], colour: "red" }, "poll.colour"],
    ["no options", { title: "t" }, "poll.options"],
    ["one option", { options: ["a"] }, "poll.options"],
    ["21 options", { options: Array.from({ length: 21 }, (_, i) => `o${i}`) }, "poll.options"],
    ["options that repeat", { options: ["a", "a"] }, "poll.options"],
    ["an empty option", { options: ["a", "  "] }, "poll.options"],
    ["an option over 200 characters", { options: ["a", "b".repeat(201)] }, "poll.options"],
    ["a title over 200 characters", { options: ["a", "b"], title: "t".repeat(201) }, "poll.title"],
    ["an unknown type", { options: ["a", "b"], type: "approval" }, "poll.type"],
    ["min above max", { options: ["a", "b", "c"], type: "multiple", min: 3, max: 2 }, "poll.min"],
    ["max above the options", { options: ["a", "b"], type: "multiple", max: 3 }, "poll.max"],
    ["min 0", { options: ["a", "b"], type: "multiple", min: 0 }, "poll.min"],
    ["min on a single poll", { options: ["a", "b"], min: 2 }, "poll.min"],
    ["an unknown results rule", { options: ["a", "b"], results: "later" }, "poll.results"],
    ["an unknown voters rule", { options: ["a", "b"], voters: "open" }, "poll.voters"],
    ["a time that is not ISO 8601", { options: ["a", "b"], closes_at: "tomorrow" }, "poll.closes_at"],
    ["closes_at in the past", { options: ["a", "b"], closes_at: "2020-01-01T00:00:00Z" }, "poll.closes_at"],
    ["closes_at before opens_at", { options: ["a", "b"], opens_at: inAnHour(), closes_at: new Date(Date.now() + 60_000).toISOString() }, "poll.closes_at"],
    ["an unknown eligibility", { options: ["a", "b"], eligibility: "members" }, "poll.eligibility"],
    ["eligibility token without a token", { options: ["a", "b"], eligibility: "token" }, "poll.token"],
    ["token_balance without a token", { options: ["a", "b"], weighting: "token_balance" }, "poll.token"],
    ["a token with an unknown key", { options: ["a", "b"], eligibility: "token", token: { type: "native", chain_id: 31337, x: 1 } }, "poll.token"],
    ["a token of an unknown type", { options: ["a", "b"], eligibility: "token", token: { type: "erc99", chain_id: 31337 } }, "poll.token.type"],
    [
      "a token on a chain the server cannot read",
      { options: ["a", "b"], eligibility: "token", token: { type: "native", chain_id: 999 } },
      "poll.token.chain_id",
    ],
    ["an unknown weighting", { options: ["a", "b"], weighting: "quadratic" }, "poll.weighting"],
    ["allow_change 2", { options: ["a", "b"], allow_change: 2 }, "poll.allow_change"],
    ["a poll that is not an object", ["a", "b"], "poll"],
  ];
  it.each(bad)("refuses %s with a 400 naming it, writing nothing", async (_, poll, name) => {
    const threadId = (await createThreadOverHttp(cast.author, cast.group.id)).id;
    expectBadParam(await addPoll(cast.author, threadId, poll), name.replace(/\./g, "\\."));
    expect(await pollRows(threadId)).toBe(0);
  });

  it("refuses a missing poll, and a sixth poll on a thread", async () => {
    const threadId = (await createThreadOverHttp(cast.author, cast.group.id)).id;
    expectBadParam(await addPoll(cast.author, threadId, undefined), "poll");
    for (let index = 0; index < 5; index += 1) expectOk(await addPoll(cast.author, threadId, { options: ["a", "b"] }));
    expectBadParam(await addPoll(cast.moderator, threadId, { options: ["a", "b"] }), "poll");
    expect(await pollRows(threadId)).toBe(5);
  });

  it("lets the thread's author and the group's moderators add polls, and nobody else", async () => {
    const threadId = (await createThreadOverHttp(cast.author, cast.group.id)).id;
    expectOk(await addPoll(cast.moderator, threadId, { options: ["a", "b"] }));
    expectOk(await addPoll(cast.admin, threadId, { options: ["a", "b"] }));
    expectRefused(await addPoll(cast.stranger, threadId, { options: ["a", "b"] }), 40300);
    expectRefused(await addPoll(cast.banned, threadId, { options: ["a", "b"] }), 40300);
    expectRefused(await addPoll(undefined, threadId, { options: ["a", "b"] }), 40102);
    expectRefused(await addPoll(cast.author, 999_999_999, { options: ["a", "b"] }), 40400);
    expect(await pollRows(threadId)).toBe(2);
  });
});

describe("POST /api/v2/polls/{poll_id}/edit", () => {
  it("changes the fields sent and keeps the rest", async () => {
    const { poll } = await threadWithPoll(cast.author, cast.group, { options: ["a", "b"], title: "Before" });
    const edited = await editPoll(cast.author, poll.id, { title: "After", type: "multiple", options: ["a", "b", "c"], results: "on_vote" });
    expectOk(edited);
    expect(edited.body.data.poll).toMatchObject({ title: "After", type: "multiple", min: 1, max: 3, results: "on_vote", voters: "secret" });
    expect(edited.body.data.poll.options.map((option) => option.text)).toEqual(["a", "b", "c"]);
    const byModerator = await editPoll(cast.moderator, poll.id, { max: 2 });
    expect(byModerator.body.data.poll).toMatchObject({ min: 1, max: 2, title: "After" });
  });

  it("freezes options, type, eligibility, token and weighting after the first vote (403), but takes their current values and the other fields", async () => {
    const { poll } = await threadWithPoll(cast.author, cast.group, { options: ["a", "b"] });
    expectOk(await vote(cast.stranger, poll.id, [optionIds(poll)[0]!]));
    for (const change of [
      { options: ["a", "c"] },
      { type: "multiple" },
      { eligibility: "token", token: { type: "native", chain_id: 31337 } },
      { weighting: "token_balance", token: { type: "native", chain_id: 31337 } },
    ]) {
      expectRefused(await editPoll(cast.author, poll.id, change), 40300);
    }
    const same = await editPoll(cast.author, poll.id, {
      options: ["a", "b"],
      type: "single",
      eligibility: "everyone",
      weighting: "per_user",
      token: null,
      title: "Renamed",
    });
    expectOk(same);
    expect(same.body.data.poll.title).toBe("Renamed");
    expect(same.body.data.poll.options).toEqual([
      { id: poll.options[0]!.id, text: "a", votes: 1, weight: "1" },
      { id: poll.options[1]!.id, text: "b", votes: 0, weight: "0" },
    ]);
  });

  it("names a bad value, and refuses strangers, the banned and guests", async () => {
    const { poll } = await threadWithPoll(cast.author, cast.group, { options: ["a", "b"], title: "Kept" });
    expectBadParam(await editPoll(cast.author, poll.id, { nonsense: 1 }), "poll\\.nonsense");
    expectBadParam(await editPoll(cast.author, poll.id, { closes_at: "2020-01-01T00:00:00Z" }), "poll\\.closes_at");
    expectRefused(await editPoll(cast.stranger, poll.id, { title: "x" }), 40300);
    expectRefused(await editPoll(cast.banned, poll.id, { title: "x" }), 40300);
    expectRefused(await editPoll(undefined, poll.id, { title: "x" }), 40102);
    expectRefused(await editPoll(cast.author, 999_999_999, { title: "x" }), 40400);
    const row = await (await getDb()).poll.findUniqueOrThrow({ where: { id: poll.id }, select: { title: true } });
    expect(row.title).toBe("Kept");
  });
});
