import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/engine/client";
import { createCast, expectOk, type Cast } from "../support/community-helpers";
import { createTestUser, type TestUser } from "../support/fixtures";
import { closePoll, optionIds, readPollAs, threadWithPoll, unvote, vote } from "../support/poll-helpers";

// Contract section 18: votes count exactly under concurrency. Many voters at once over real HTTP;
// the answer's counts are checked against the ballot rows.

let cast: Cast;
let crowd: TestUser[];
const CROWD = 60;

async function ballotRows(pollId: number) {
  const db = await getDb();
  const ballots = await db.pollBallot.count({ where: { pollId } });
  const choices = await db.pollBallotChoice.groupBy({ by: ["optionId"], where: { ballot: { pollId } }, _count: { _all: true } });
  return { ballots, byOption: new Map(choices.map((row) => [row.optionId, row._count._all])) };
}

beforeAll(async () => {
  cast = await createCast();
  crowd = [];
  for (let index = 0; index < CROWD; index += 1) crowd.push(await createTestUser());
}, 120_000);

describe("votes under concurrency", () => {
  it(`counts ${CROWD} people voting at once, each twice, exactly: one ballot each`, async () => {
    const { threadId, poll } = await threadWithPoll(cast.author, cast.group, { type: "multiple", options: ["a", "b", "c"], max: 2 });
    const [a, b, c] = optionIds(poll) as [number, number, number];
    const choiceOf = (index: number) => (index % 3 === 0 ? [a] : index % 3 === 1 ? [b, c] : [c]);
    // Each person sends the same ballot twice at once: the second replaces the first.
    const answers = await Promise.all(crowd.flatMap((user, index) => [vote(user, poll.id, choiceOf(index)), vote(user, poll.id, choiceOf(index))]));
    expect(answers.map((answer) => answer.status)).toEqual(Array(CROWD * 2).fill(200));
    const rows = await ballotRows(poll.id);
    expect(rows.ballots).toBe(CROWD);
    const counted = await readPollAs(undefined, cast.group, threadId, poll.id);
    expect(counted.voter_count).toBe(CROWD);
    expect(counted.total_weight).toBe(String(CROWD));
    expect(counted.options.map((option) => option.votes)).toEqual([CROWD / 3, CROWD / 3, (CROWD * 2) / 3]);
    expect(counted.options.map((option) => option.votes)).toEqual([a, b, c].map((id) => rows.byOption.get(id) ?? 0));
  });

  it("ends a vote/unvote storm by one person at 0 or 1 ballot, with the counts matching", async () => {
    const { threadId, poll } = await threadWithPoll(cast.author, cast.group, { options: ["a", "b"] });
    const [a, b] = optionIds(poll) as [number, number];
    const storm = await Promise.all(
      Array.from({ length: 30 }, (_, index) => (index % 3 === 2 ? unvote(crowd[0], poll.id) : vote(crowd[0], poll.id, [index % 2 ? a : b]))),
    );
    for (const answer of storm) expect([200, 403]).toContain(answer.status);
    const rows = await ballotRows(poll.id);
    expect([0, 1]).toContain(rows.ballots);
    const counted = await readPollAs(undefined, cast.group, threadId, poll.id);
    expect(counted.voter_count).toBe(rows.ballots);
    expect(counted.options.map((option) => option.votes)).toEqual([a, b].map((id) => rows.byOption.get(id) ?? 0));
  });

  it("lets no vote in after a close that races it: every ballot is one the answers accepted", async () => {
    const { threadId, poll } = await threadWithPoll(cast.author, cast.group, { options: ["a", "b"], allow_change: 0 });
    const voting = crowd.slice(0, 30).map((user) => vote(user, poll.id, [optionIds(poll)[0]!]));
    const closing = new Promise((resolve) => setTimeout(resolve, 20)).then(() => closePoll(cast.author, poll.id, 1));
    const answers = await Promise.all(voting);
    expectOk(await closing);
    const accepted = answers.filter((answer) => answer.status === 200).length;
    for (const answer of answers) expect([200, 403]).toContain(answer.status);
    expect((await ballotRows(poll.id)).ballots).toBe(accepted);
    expect((await readPollAs(undefined, cast.group, threadId, poll.id)).voter_count).toBe(accepted);
  });
});
