import { describe, expect, it } from "vitest";
import { instantRunoff, tallyPoll } from "@/lib/services/poll-tally";

// Contract section 18's counting rules, on their own.

const ballot = (options: number[], weight = 1n) => ({ userId: 0, weight, options, createdAt: new Date(0) });

describe("instant runoff", () => {
  it("drops the fewest each round until an option passes half of the round's votes", () => {
    const ballots = [...Array(3).fill([1, 2]), ...Array(2).fill([2, 3]), ...Array(2).fill([3, 2]), [4, 3]].map((options) => ({ options }));
    expect(instantRunoff([1, 2, 3, 4], ballots)).toEqual({
      rounds: [
        [
          { optionId: 1, votes: 3 },
          { optionId: 2, votes: 2 },
          { optionId: 3, votes: 2 },
          { optionId: 4, votes: 1 },
        ],
        [
          { optionId: 1, votes: 3 },
          { optionId: 2, votes: 2 },
          { optionId: 3, votes: 3 },
        ],
        [
          { optionId: 1, votes: 3 },
          { optionId: 3, votes: 5 },
        ],
      ],
      winner: 3,
    });
  });

  it("drops the higher id on a tie for fewest", () => {
    const result = instantRunoff([1, 2, 3], [{ options: [1] }, { options: [2] }, { options: [3, 1] }]);
    expect(result.rounds[1]).toEqual([
      { optionId: 1, votes: 2 },
      { optionId: 2, votes: 1 },
    ]);
    expect(result.winner).toBe(1);
  });

  it("counts an exhausted ballot in no later round; half exactly is not passing", () => {
    const result = instantRunoff([1, 2, 3], [{ options: [1] }, { options: [2] }, { options: [3] }, { options: [1] }, { options: [2] }]);
    expect(result.rounds).toEqual([
      [
        { optionId: 1, votes: 2 },
        { optionId: 2, votes: 2 },
        { optionId: 3, votes: 1 },
      ],
      [
        { optionId: 1, votes: 2 },
        { optionId: 2, votes: 2 },
      ],
      [{ optionId: 1, votes: 2 }],
    ]);
    expect(result.winner).toBe(1);
  });

  it("has no rounds and no winner before the first ballot", () => {
    expect(instantRunoff([1, 2], [])).toEqual({ rounds: [], winner: null });
  });
});

describe("tallyPoll", () => {
  it("counts ballots per option and sums weights as big integers", () => {
    const big = 10n ** 30n;
    const tally = tallyPoll(
      {
        type: "multiple",
        options: [
          { id: 7, text: "a" },
          { id: 8, text: "b" },
        ],
      },
      [ballot([7, 8], big), ballot([8], 0n), ballot([8], 5n)],
    );
    expect(tally).toEqual({
      options: [
        { id: 7, votes: 1, weight: big },
        { id: 8, votes: 3, weight: big + 5n },
      ],
      voterCount: 3,
      totalWeight: big + 5n,
      rounds: null,
      winner: null,
    });
  });
});
