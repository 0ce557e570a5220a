import { beforeAll, describe, expect, inject, it } from "vitest";
import { getDb } from "@/lib/db/engine/client";
import { createEvmTestWallet } from "@/lib/auth/wallet/test-wallets";
import { createCast, expectOk, expectRefused, type Cast } from "../support/community-helpers";
import { ANVIL_CHAIN_ID } from "../support/anvil";
import { createTestUser, type TestUser } from "../support/fixtures";
import { deployPollTokens, type PollChain } from "../support/poll-chain";
import { addPoll, optionIds, readPollAs, sleep, vote } from "../support/poll-helpers";
import { createThreadOverHttp } from "../support/thread-helpers";

// Contract section 18's token polls against a real local chain (anvil, from the global setup):
// the snapshot block is fixed when the poll opens, and eligibility and weight are the voter's
// wallets' balances at that block, whatever moves afterwards. ERC-20, ERC-721 and ERC-1155.

let chain: PollChain;
let cast: Cast;
const token = (type: string, contract: string, extra: Record<string, string> = {}) => ({
  type,
  chain_id: ANVIL_CHAIN_ID,
  contract_address: contract,
  ...extra,
});

async function createTokenPoll(poll: Record<string, unknown>) {
  const threadId = (await createThreadOverHttp(cast.author, cast.group.id)).id;
  const before = await chain.blockNumber();
  const answer = await addPoll(cast.author, threadId, { options: ["yes", "no"], ...poll });
  expectOk(answer);
  return { threadId, poll: answer.body.data.poll, before, after: await chain.blockNumber() };
}

/** A second EVM wallet of the user (their balances are added up). */
async function addWallet(user: TestUser): Promise<string> {
  const { address } = createEvmTestWallet();
  await (await getDb()).wallet.create({ data: { userId: user.id, type: 5, address: address.toLowerCase() } });
  return address;
}

beforeAll(async () => {
  chain = await deployPollTokens(inject("rpcUrl"));
  cast = await createCast();
}, 60_000);

describe("token polls", () => {
  it("ERC-20: eligibility and weight are the sum of the voter's wallets at the snapshot; moving tokens after it changes nothing", async () => {
    const [holder, later, newcomer] = [await createTestUser(), await createTestUser(), await createTestUser()];
    const second = await addWallet(holder);
    await chain.mint20(holder.address, 150n);
    await chain.mint20(second, 30n);
    const { threadId, poll, before, after } = await createTokenPoll({
      eligibility: "token",
      weighting: "token_balance",
      token: token("erc20", chain.erc20, { min_amount: "100" }),
    });
    expect(poll.snapshot_block).not.toBeNull();
    expect(BigInt(poll.snapshot_block!)).toBeGreaterThanOrEqual(before);
    expect(BigInt(poll.snapshot_block!)).toBeLessThanOrEqual(after);
    expect(poll.token).toEqual({ type: "erc20", chain_id: ANVIL_CHAIN_ID, contract_address: chain.erc20.toLowerCase(), token_id: "", min_amount: "100" });
    // After the snapshot: the holder gives everything away, the newcomer is minted plenty.
    await chain.move20(holder.address, later.address, 150n);
    await chain.move20(second, later.address, 30n);
    await chain.mint20(newcomer.address, 1000n);
    expect((await readPollAs(later, cast.group, threadId, poll.id)).viewer).toMatchObject({ eligible: 0 });
    const voted = await vote(holder, poll.id, [optionIds(poll)[0]!]);
    expectOk(voted);
    expect(voted.body.data.poll).toMatchObject({
      total_weight: "180",
      voter_count: 1,
      options: [
        { votes: 1, weight: "180" },
        { votes: 0, weight: "0" },
      ],
    });
    expect(voted.body.data.poll.viewer).toEqual({ voted: 1, options: [optionIds(poll)[0]], weight: "180", eligible: 1 });
    expectRefused(await vote(later, poll.id, [optionIds(poll)[1]!]), 40300);
    expectRefused(await vote(newcomer, poll.id, [optionIds(poll)[1]!]), 40300);
    expect((await readPollAs(undefined, cast.group, threadId, poll.id)).snapshot_block).toBe(poll.snapshot_block);
  });

  it("ERC-721: holders at the snapshot vote once each (per_user weight 1), an NFT received after it does not let in", async () => {
    const [holder, receiver] = [await createTestUser(), await createTestUser()];
    await chain.mint721(holder.address);
    const { poll } = await createTokenPoll({ eligibility: "token", token: token("erc721", chain.erc721, { min_amount: "1" }) });
    expect(poll).toMatchObject({ eligibility: "token", weighting: "per_user" });
    await chain.move721(1n, receiver.address);
    const voted = await vote(holder, poll.id, [optionIds(poll)[1]!]);
    expectOk(voted);
    expect(voted.body.data.poll).toMatchObject({ total_weight: "1", viewer: { weight: "1" } });
    expectRefused(await vote(receiver, poll.id, [optionIds(poll)[1]!]), 40300);
  });

  it('ERC-1155 with eligibility everyone: weight is the balance of the token id at the snapshot, "0" for a holder of nothing; min_amount only gates eligibility', async () => {
    const [big, small, none] = [await createTestUser(), await createTestUser(), await createTestUser()];
    await chain.mint1155(big.address, 7n, 5n);
    await chain.mint1155(small.address, 7n, 2n);
    await chain.mint1155(none.address, 8n, 50n);
    const { threadId, poll } = await createTokenPoll({
      weighting: "token_balance",
      token: token("erc1155", chain.erc1155, { token_id: "7", min_amount: "3" }),
    });
    await chain.move1155(big.address, none.address, 7n, 5n);
    expect((await vote(none, poll.id, [optionIds(poll)[0]!])).body.data.poll.viewer).toMatchObject({ voted: 1, weight: "0", eligible: 1 });
    expect((await vote(small, poll.id, [optionIds(poll)[0]!])).body.data.poll.viewer).toMatchObject({ weight: "2" });
    expect((await vote(big, poll.id, [optionIds(poll)[1]!])).body.data.poll.viewer).toMatchObject({ weight: "5" });
    const counted = await readPollAs(undefined, cast.group, threadId, poll.id);
    expect(counted).toMatchObject({
      voter_count: 3,
      total_weight: "7",
      options: [
        { votes: 2, weight: "2" },
        { votes: 1, weight: "5" },
      ],
    });
  });

  it("a poll opening later has no snapshot until it opens; the first vote after opens_at fixes it at the latest", async () => {
    const holder = await createTestUser();
    await chain.mint20(holder.address, 40n);
    const opensAt = Date.now() + 1_500;
    const { threadId, poll } = await createTokenPoll({
      opens_at: new Date(opensAt).toISOString(),
      eligibility: "token",
      weighting: "token_balance",
      token: token("erc20", chain.erc20, { min_amount: "10" }),
    });
    expect(poll).toMatchObject({ status: "scheduled", snapshot_block: null });
    expectRefused(await vote(holder, poll.id, [optionIds(poll)[0]!]), 40300);
    // Tokens received before it opens count.
    await chain.mint20(holder.address, 60n);
    const beforeOpening = await chain.blockNumber();
    await sleep(opensAt - Date.now() + 50);
    const voted = await vote(holder, poll.id, [optionIds(poll)[0]!]);
    expectOk(voted);
    const snapshot = voted.body.data.poll.snapshot_block!;
    expect(BigInt(snapshot)).toBeGreaterThanOrEqual(beforeOpening);
    expect(voted.body.data.poll).toMatchObject({ status: "open", total_weight: "100", viewer: { weight: "100" } });
    await chain.move20(holder.address, cast.stranger.address, 100n);
    expect(await readPollAs(undefined, cast.group, threadId, poll.id)).toMatchObject({ snapshot_block: snapshot, total_weight: "100" });
  });

  it("a job fixes a scheduled poll's snapshot when it opens, with nobody reading it", async () => {
    const opensAt = Date.now() + 1_000;
    const { poll } = await createTokenPoll({ opens_at: new Date(opensAt).toISOString(), eligibility: "token", token: token("erc721", chain.erc721) });
    const beforeOpening = await chain.blockNumber();
    const db = await getDb();
    const deadline = opensAt + 15_000;
    let block: bigint | null = null;
    while (block === null && Date.now() < deadline) {
      await sleep(250);
      block = (await db.poll.findUniqueOrThrow({ where: { id: poll.id }, select: { snapshotBlock: true } })).snapshotBlock;
    }
    expect(block).not.toBeNull();
    expect(block!).toBeGreaterThanOrEqual(beforeOpening);
    expect(Date.now()).toBeGreaterThanOrEqual(opensAt);
  }, 30_000);

  it("a poll that is not a token poll never has a snapshot", async () => {
    const { poll } = await createTokenPoll({});
    expect(poll.snapshot_block).toBeNull();
  });
});
