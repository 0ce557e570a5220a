import { beforeAll, describe, expect, it } from "vitest";
import { createCast, expectBadParam, expectOk, type Cast } from "../support/community-helpers";
import { createTestUser, type TestUser } from "../support/fixtures";
import { optionIds, readPollAs, threadWithPoll, vote } from "../support/poll-helpers";

// Contract section 18: ranked polls over HTTP, counted by instant runoff (rounds, winner, the
// tie rule: the higher id is dropped).

let cast: Cast;
let voters: TestUser[];

beforeAll(async () => {
  cast = await createCast();
  voters = [];
  for (let index = 0; index < 8; index += 1) voters.push(await createTestUser());
}, 60_000);

describe("ranked polls", () => {
  it("counts by instant runoff: each round's votes, the drops, and the winner that passed half", async () => {
    const { threadId, poll } = await threadWithPoll(cast.author, cast.group, { type: "ranked", options: ["A", "B", "C", "D"] });
    const [a, b, c, d] = optionIds(poll) as [number, number, number, number];
    const preferences = [
      [a, b],
      [a, b],
      [a, b],
      [b, c],
      [b, c],
      [c, b],
      [c, b],
      [d, c],
    ];
    for (const [index, ranking] of preferences.entries()) expectOk(await vote(voters[index], poll.id, ranking));
    const counted = await readPollAs(undefined, cast.group, threadId, poll.id);
    expect(counted.rounds).toEqual([
      [
        { option_id: a, votes: 3 },
        { option_id: b, votes: 2 },
        { option_id: c, votes: 2 },
        { option_id: d, votes: 1 },
      ],
      [
        { option_id: a, votes: 3 },
        { option_id: b, votes: 2 },
        { option_id: c, votes: 3 },
      ],
      [
        { option_id: a, votes: 3 },
        { option_id: c, votes: 5 },
      ],
    ]);
    expect(counted.winner).toBe(c);
    // votes: the ballots that ranked the option at all.
    expect(counted.options.map((option) => option.votes)).toEqual([3, 7, 5, 1]);
    expect(counted.voter_count).toBe(8);
    expect(counted).toMatchObject({ min: 1, max: 4 });
  });

  it("drops the higher id when the fewest tie, and keeps the order a voter ranked in", async () => {
    const { threadId, poll } = await threadWithPoll(cast.author, cast.group, { type: "ranked", options: ["A", "B", "C"] });
    const [a, b, c] = optionIds(poll) as [number, number, number];
    expectOk(await vote(voters[0], poll.id, [a]));
    expectOk(await vote(voters[1], poll.id, [b]));
    const mine = await vote(voters[2], poll.id, [c, a]);
    expect(mine.body.data.poll.viewer).toMatchObject({ voted: 1, options: [c, a] });
    const counted = await readPollAs(undefined, cast.group, threadId, poll.id);
    expect(counted.rounds).toEqual([
      [
        { option_id: a, votes: 1 },
        { option_id: b, votes: 1 },
        { option_id: c, votes: 1 },
      ],
      [
        { option_id: a, votes: 2 },
        { option_id: b, votes: 1 },
      ],
    ]);
    expect(counted.winner).toBe(a);
  });

  it("answers rounds [] and winner null before the first ballot, and takes a ranking of one to all options", async () => {
    const { poll } = await threadWithPoll(cast.author, cast.group, { type: "ranked", options: ["A", "B"] });
    expect(poll).toMatchObject({ rounds: [], winner: null });
    const [a, b] = optionIds(poll) as [number, number];
    expectBadParam(await vote(voters[0], poll.id, [a, b, a]), "options");
    const one = await vote(voters[0], poll.id, [b]);
    expect(one.body.data.poll).toMatchObject({
      rounds: [
        [
          { option_id: a, votes: 0 },
          { option_id: b, votes: 1 },
        ],
      ],
      winner: b,
    });
  });

  it("answers rounds and winner null for polls that are not ranked", async () => {
    const { poll } = await threadWithPoll(cast.author, cast.group, { type: "multiple", options: ["A", "B"] });
    const answer = await vote(voters[0], poll.id, optionIds(poll));
    expect(answer.body.data.poll).toMatchObject({ rounds: null, winner: null, voter_count: 1 });
  });
});
