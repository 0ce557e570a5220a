import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/engine/client";
import { createCast, expectBadParam, expectOk, expectRefused, type Cast } from "../support/community-helpers";
import { closePoll, listVoters, optionIds, readPollAs, sleep, threadWithPoll, unvote, vote } from "../support/poll-helpers";
import { createTestUser } from "../support/fixtures";

// Contract section 18: votes, unvotes, closing, results visibility, the viewer object and the
// voters list. Counts are checked against the ballot rows.

let cast: Cast;
const ballots = async (pollId: number) => (await getDb()).pollBallot.count({ where: { pollId } });

beforeAll(async () => {
  cast = await createCast();
}, 60_000);

describe("POST /api/v2/polls/{poll_id}/vote and /unvote", () => {
  it("counts a vote, replaces it on a second vote, and takes it back", async () => {
    const { poll } = await threadWithPoll(cast.author, cast.group, { options: ["a", "b"] });
    const [a, b] = optionIds(poll);
    const first = await vote(cast.stranger, poll.id, [a!]);
    expectOk(first);
    expect(first.body.data.poll).toMatchObject({
      voter_count: 1,
      total_weight: "1",
      options: [
        { id: a, votes: 1, weight: "1" },
        { id: b, votes: 0, weight: "0" },
      ],
      viewer: { voted: 1, options: [a], weight: "1", eligible: 1 },
    });
    const again = await vote(cast.stranger, poll.id, [b!]);
    expect(again.body.data.poll).toMatchObject({ voter_count: 1, options: [{ votes: 0 }, { votes: 1 }], viewer: { options: [b] } });
    expect(await ballots(poll.id)).toBe(1);
    const back = await unvote(cast.stranger, poll.id);
    expectOk(back);
    expect(back.body.data.poll).toMatchObject({ voter_count: 0, total_weight: "0", viewer: { voted: 0, options: [], weight: null } });
    expectRefused(await unvote(cast.stranger, poll.id), 40300);
    expect(await ballots(poll.id)).toBe(0);
  });

  it("checks the choice: min and max, another poll's option, a repeated or unknown option", async () => {
    const { poll } = await threadWithPoll(cast.author, cast.group, { type: "multiple", options: ["a", "b", "c", "d"], min: 2, max: 3 });
    const { poll: other } = await threadWithPoll(cast.author, cast.group, { options: ["x", "y"] });
    const [a, b, c, d] = optionIds(poll);
    expectBadParam(await vote(cast.stranger, poll.id, [a!]), "options");
    expectBadParam(await vote(cast.stranger, poll.id, [a!, b!, c!, d!]), "options");
    expectBadParam(await vote(cast.stranger, poll.id, [a!, optionIds(other)[0]!]), "options");
    expectBadParam(await vote(cast.stranger, poll.id, [a!, a!]), "options");
    expectBadParam(await vote(cast.stranger, poll.id, "a,b"), "options");
    expectBadParam(await vote(cast.stranger, poll.id, ""), "options");
    expect(await ballots(poll.id)).toBe(0);
    const ok = await vote(cast.stranger, poll.id, [c!, a!]);
    expect(ok.body.data.poll).toMatchObject({ voter_count: 1, viewer: { options: [c, a] } });
    const single = await vote(cast.stranger, other.id, optionIds(other));
    expectBadParam(single, "options");
  });

  it("refuses a second vote and an unvote where allow_change is 0", async () => {
    const { poll } = await threadWithPoll(cast.author, cast.group, { options: ["a", "b"], allow_change: 0 });
    const [a, b] = optionIds(poll);
    expectOk(await vote(cast.stranger, poll.id, [a!]));
    expectRefused(await vote(cast.stranger, poll.id, [b!]), 40300);
    expectRefused(await unvote(cast.stranger, poll.id), 40300);
    expect((await readPollAs(cast.stranger, cast.group, poll.thread_id, poll.id)).viewer).toMatchObject({ voted: 1, options: [a] });
  });

  it("lets only those who may post vote: the banned, guests and non-members of a members-only group are refused", async () => {
    const { poll } = await threadWithPoll(cast.author, cast.group, { options: ["a", "b"] });
    expectRefused(await vote(cast.banned, poll.id, [optionIds(poll)[0]!]), 40300);
    expectRefused(await vote(undefined, poll.id, [optionIds(poll)[0]!]), 40102);
    expectRefused(await vote(cast.stranger, 999_999_999, [1]), 40400);
    expect(await ballots(poll.id)).toBe(0);
  });

  it("refuses votes before opens_at and after closes_at or a close (403), and reopens", async () => {
    const { poll: scheduled } = await threadWithPoll(cast.author, cast.group, {
      options: ["a", "b"],
      opens_at: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expectRefused(await vote(cast.stranger, scheduled.id, [optionIds(scheduled)[0]!]), 40300);
    const { poll: ending } = await threadWithPoll(cast.author, cast.group, { options: ["a", "b"], closes_at: new Date(Date.now() + 1_500).toISOString() });
    expectOk(await vote(cast.stranger, ending.id, [optionIds(ending)[0]!]));
    await sleep(1_600);
    expectRefused(await vote(cast.moderator, ending.id, [optionIds(ending)[0]!]), 40300);
    expectRefused(await unvote(cast.stranger, ending.id), 40300);
    const { poll } = await threadWithPoll(cast.author, cast.group, { options: ["a", "b"] });
    const closed = await closePoll(cast.moderator, poll.id, 1);
    expect(closed.body.data.poll.status).toBe("closed");
    expectRefused(await vote(cast.stranger, poll.id, [optionIds(poll)[0]!]), 40300);
    expectRefused(await closePoll(cast.stranger, poll.id, 0), 40300);
    expectBadParam(await closePoll(cast.author, poll.id, 2 as 1), "closed");
    expect((await closePoll(cast.author, poll.id, 0)).body.data.poll.status).toBe("open");
    expectOk(await vote(cast.stranger, poll.id, [optionIds(poll)[0]!]));
  });
});

describe("results visibility, the viewer object and the voters list", () => {
  it("on_vote hides counts from a viewer until they vote; on_close from everyone, moderators too, until it closes", async () => {
    const { threadId, poll } = await threadWithPoll(cast.author, cast.group, { options: ["a", "b"], results: "on_vote" });
    expectOk(await vote(cast.stranger, poll.id, [optionIds(poll)[0]!]));
    const hidden = await readPollAs(cast.moderator, cast.group, threadId, poll.id);
    expect(hidden).toMatchObject({
      voter_count: null,
      total_weight: null,
      options: [
        { votes: null, weight: null },
        { votes: null, weight: null },
      ],
    });
    expect(await readPollAs(cast.stranger, cast.group, threadId, poll.id)).toMatchObject({ voter_count: 1, options: [{ votes: 1 }, { votes: 0 }] });

    const later = await threadWithPoll(cast.author, cast.group, { options: ["a", "b"], results: "on_close", voters: "public" });
    const mine = await vote(cast.stranger, later.poll.id, [optionIds(later.poll)[1]!]);
    expect(mine.body.data.poll).toMatchObject({ voter_count: null, viewer: { voted: 1, options: [optionIds(later.poll)[1]], weight: "1" } });
    for (const viewer of [cast.moderator, cast.owner, cast.author, undefined]) {
      expect(await readPollAs(viewer, cast.group, later.threadId, later.poll.id)).toMatchObject({
        voter_count: null,
        options: [{ votes: null }, { votes: null }],
      });
    }
    expectRefused(await listVoters(cast.owner, later.poll.id), 40300);
    await closePoll(cast.author, later.poll.id, 1);
    expect(await readPollAs(undefined, cast.group, later.threadId, later.poll.id)).toMatchObject({ voter_count: 1, options: [{ votes: 0 }, { votes: 1 }] });
    expect((await listVoters(undefined, later.poll.id)).body.data.count).toBe(1);
  });

  it("answers viewer null for guests and eligible 0 for the banned", async () => {
    const { threadId, poll } = await threadWithPoll(cast.author, cast.group, { options: ["a", "b"] });
    expect((await readPollAs(undefined, cast.group, threadId, poll.id)).viewer).toBeNull();
    expect((await readPollAs(cast.banned, cast.group, threadId, poll.id)).viewer).toEqual({ voted: 0, options: [], weight: null, eligible: 0 });
  });

  it("lists public voters (per option, paged) and refuses secret ones", async () => {
    const { poll } = await threadWithPoll(cast.author, cast.group, { type: "multiple", options: ["a", "b"], voters: "public" });
    const [a, b] = optionIds(poll);
    const people = [cast.stranger, cast.moderator, await createTestUser()];
    for (const [index, person] of people.entries()) expectOk(await vote(person, poll.id, index === 0 ? [a!, b!] : [b!]));
    const all = await listVoters(undefined, poll.id);
    expectOk(all);
    expect(all.body.data.count).toBe(3);
    expect(all.body.data.voters[0]).toEqual({
      user: { id: people[2]!.id, username: people[2]!.username, photo_url: expect.any(String) },
      options: [b],
      weight: "1",
      created_at: expect.stringMatching(/Z$/),
    });
    expect((await listVoters(cast.author, poll.id, { option_id: a! })).body.data).toMatchObject({
      count: 1,
      voters: [{ user: { id: cast.stranger.id }, options: [a, b] }],
    });
    expect((await listVoters(cast.author, poll.id, { per_page: 2, page: 2 })).body.data.voters).toHaveLength(1);
    expectBadParam(await listVoters(cast.author, poll.id, { option_id: 999_999_999 }), "option_id");
    const secret = await threadWithPoll(cast.author, cast.group, { options: ["a", "b"] });
    expectRefused(await listVoters(cast.owner, secret.poll.id), 40300);
    expectRefused(await listVoters(undefined, 999_999_999), 40400);
  });
});
