import { beforeAll, describe, expect, inject, it } from "vitest";
import type { Hex } from "viem";
import type { ThreadDto } from "@/lib/schemas/thread-schemas";
import type { UserPostDto } from "@/lib/schemas/user-post-schemas";
import { ANVIL_CHAIN_ID } from "../support/anvil";
import { createCast, expectBadParam, expectOk, expectRefused, getAs, notificationsOf, postAs, readThreadAs, type Cast } from "../support/community-helpers";
import { createTestUser, type TestUser } from "../support/fixtures";
import { deployTipTokens, type TipChain } from "../support/tip-chain";
import { createPostOverHttp, createThreadOverHttp } from "../support/thread-helpers";

// Contract section 19's tips against a real local chain (anvil): the server reads each receipt
// back, needs two confirmations here (AGORA_TIP_CONFIRMATIONS on the test server) and re-checks
// each tip 3 s later (AGORA_TIP_RECHECK_SECONDS), which a reorg (evm_snapshot / evm_revert) shows.

let chain: TipChain;
let cast: Cast;
let fan: TestUser;
const key = (user: TestUser) => user.wallet.privateKey;

const tip = (user: TestUser, postId: number, txHash: Hex, chainId = ANVIL_CHAIN_ID) =>
  postAs<{ tip: Record<string, unknown> }>(user, `/api/v2/posts/${postId}/tips`, { chain_id: chainId, tx_hash: txHash });
const listTips = (user: TestUser | undefined, postId: number) =>
  getAs<{ tips: { id: number; amount: string; user: { id: number; username: string } }[]; count: number }>(user, `/api/v2/posts/${postId}/tips`);

async function threadAs(user: TestUser | undefined, threadId: number): Promise<ThreadDto> {
  const response = await readThreadAs(user, cast.group, threadId);
  expect(response.status).toBe(200);
  return response.body.data.thread;
}

/** A confirmed ERC-20 transfer (of the listed token unless named) from `from` to `to`. */
async function confirmedTransfer(from: TestUser, to: string, amount = 5n, token = chain.listed): Promise<Hex> {
  const hash = await chain.transfer20(key(from), token, to, amount);
  await chain.mine(1);
  return hash;
}

/** Switches the group's rewards feature through its endpoint (contract section 20), as its owner. */
async function setRewards(status: 0 | 1): Promise<void> {
  expectOk(await postAs(cast.owner, `/api/v2/groups/${cast.group.id}/features`, { feature_name: "rewards", status }));
}

beforeAll(async () => {
  chain = await deployTipTokens(inject("rpcUrl"));
  cast = await createCast();
  fan = await createTestUser();
  await chain.fund(fan.address, chain.listed, 1000n);
  await chain.fund(fan.address, chain.unlisted, 1000n);
  await chain.fund(cast.stranger.address, chain.listed, 1000n);
  const tokens = [
    { chain_id: ANVIL_CHAIN_ID, type: "erc20", contract_address: chain.listed, symbol: "TIP", decimals: 18 },
    { chain_id: ANVIL_CHAIN_ID, type: "native", symbol: "ETH", decimals: 18 },
  ];
  expectOk(await postAs(cast.admin, `/api/v2/groups/${cast.group.id}/tip-tokens`, { tokens: JSON.stringify(tokens) }));
}, 120_000);

describe("tip tokens", () => {
  it("admins set at most 5; group info lists them; others are refused and nothing changes", async () => {
    const info = await getAs<{ group: { tip_token_info: unknown[] } }>(undefined, `/api/v2/groups/${cast.group.id}`);
    expectOk(info);
    expect(info.body.data.group.tip_token_info).toEqual([
      { chain_id: ANVIL_CHAIN_ID, type: "erc20", contract_address: chain.listed.toLowerCase(), symbol: "TIP", decimals: 18 },
      { chain_id: ANVIL_CHAIN_ID, type: "native", contract_address: "", symbol: "ETH", decimals: 18 },
    ]);
    const path = `/api/v2/groups/${cast.group.id}/tip-tokens`;
    const one = { chain_id: 1, type: "native", symbol: "ETH", decimals: 18 };
    expectBadParam(await postAs(cast.owner, path, { tokens: Array.from({ length: 6 }, (_, i) => ({ ...one, chain_id: i + 1 })) }), "tokens");
    expectBadParam(await postAs(cast.owner, path, { tokens: [{ ...one, type: "erc20" }] }), "tokens.0.contract_address");
    expectBadParam(await postAs(cast.owner, path, { tokens: [{ ...one, contract_address: chain.listed }] }), "tokens.0.contract_address");
    expectBadParam(await postAs(cast.owner, path, { tokens: [one, one] }), "tokens");
    expectRefused(await postAs(cast.author, path, { tokens: [one] }), 40300);
    expectRefused(await postAs(undefined, path, { tokens: [one] }), 40102);
    const after = await getAs<{ group: { tip_token_info: unknown[] } }>(undefined, `/api/v2/groups/${cast.group.id}`);
    expect(after.body.data.group.tip_token_info).toHaveLength(2);
  });
});

describe("tipping a post", () => {
  it("ERC-20: one confirmation is too few, then the tip counts once; counters, tipped, tip_list, the list, filter=tips and the notification", async () => {
    const thread = await createThreadOverHttp(cast.author, cast.group.id);
    const postId = thread.first_post.id;
    const hash = await chain.transfer20(key(fan), chain.listed, cast.author.address, 7n);
    const early = await tip(fan, postId, hash);
    expectBadParam(early, "tx_hash");
    expect(early.body.description).toMatch(/1 of 2 confirmations: try again/);
    await chain.mine(1);
    const made = await tip(fan, postId, hash);
    expectOk(made);
    expect(made.body.data.tip).toMatchObject({
      post_id: postId,
      from_user_id: fan.id,
      to_user_id: cast.author.id,
      chain_id: ANVIL_CHAIN_ID,
      tx_hash: hash,
      token: chain.listed.toLowerCase(),
      symbol: "TIP",
      amount: "7",
    });
    expect(made.body.data.tip.log_index).toBeGreaterThanOrEqual(0);
    // The same transfer, by anyone, again: counted once on the whole site.
    expectRefused(await tip(fan, postId, hash), 40900);
    const other = await createThreadOverHttp(cast.author, cast.group.id);
    expectRefused(await tip(fan, other.first_post.id, hash), 40900);

    const seenByFan = await threadAs(fan, thread.id);
    expect(seenByFan).toMatchObject({ tip_count: 1, tipped: true });
    expect(seenByFan.first_post).toMatchObject({ tip_count: 1, tipped: 1 });
    expect(seenByFan.tip_list).toEqual([
      { user: { id: fan.id, username: fan.username, photo_url: expect.any(String) }, symbol: "TIP", amount: "7", chain_id: ANVIL_CHAIN_ID, tx_hash: hash },
    ]);
    const seenByGuest = await threadAs(undefined, thread.id);
    expect(seenByGuest).toMatchObject({ tip_count: 1, tipped: false });
    expect(seenByGuest.first_post).toMatchObject({ tip_count: 1, tipped: null });

    // A reply's tip adds to the thread's count, not to tip_list (the first post's). Two requests
    // racing with one transfer: the unique index lets one write, the other is a 409.
    const reply = await createPostOverHttp(cast.author, thread.id, "a reply");
    const replyTransfer = await confirmedTransfer(fan, cast.author.address, 3n);
    const raced = await Promise.all([tip(fan, reply.id, replyTransfer), tip(fan, reply.id, replyTransfer)]);
    expect(raced.map((response) => response.status).sort()).toEqual([200, 409]);
    const both = await threadAs(fan, thread.id);
    expect(both.tip_count).toBe(2);
    expect(both.tip_list).toHaveLength(1);
    expect(both.posts.find((post) => post.id === reply.id)).toMatchObject({ tip_count: 1, tipped: 1 });

    const listed = await listTips(undefined, postId);
    expectOk(listed);
    expect(listed.body.data.count).toBe(1);
    expect(listed.body.data.tips[0]).toMatchObject({ amount: "7", user: { id: fan.id, username: fan.username } });

    const tipped = await getAs<{ user_posts: UserPostDto[] }>(undefined, `/api/v2/users/${cast.author.id}/posts`, { filter: "tips" });
    expectOk(tipped);
    expect(tipped.body.data.user_posts.map((post) => post.id).sort()).toEqual([postId, reply.id].sort());
    const { notifications } = await notificationsOf(cast.author);
    expect(notifications.find((notification) => notification.type === "tip" && notification.thread_id === thread.id)).toMatchObject({
      actor: { id: fan.id },
      count: 2,
    });
  });

  it("native: the transaction's value, token native and log_index -1", async () => {
    const thread = await createThreadOverHttp(cast.author, cast.group.id);
    const hash = await chain.sendNative(key(fan), cast.author.address, 12345n);
    await chain.mine(1);
    const made = await tip(fan, thread.first_post.id, hash);
    expectOk(made);
    expect(made.body.data.tip).toMatchObject({ token: "native", symbol: "ETH", log_index: -1, amount: "12345" });
  });

  it("refusals name what failed and write nothing: reverted, wrong recipient, wrong sender, unlisted token, no RPC, unknown transaction, own post", async () => {
    const thread = await createThreadOverHttp(cast.author, cast.group.id);
    const postId = thread.first_post.id;
    const reverted = await chain.transfer20(key(fan), chain.listed, cast.author.address, 10n ** 9n);
    await chain.mine(1);
    const cases: [Promise<Awaited<ReturnType<typeof tip>>>, string, RegExp][] = [
      [tip(fan, postId, reverted), "tx_hash", /reverted/],
      [tip(fan, postId, await confirmedTransfer(fan, cast.stranger.address)), "tx_hash", /not to one of the author's wallets/],
      [tip(fan, postId, await confirmedTransfer(cast.stranger, cast.author.address)), "tx_hash", /not from one of your wallets/],
      [tip(fan, postId, await confirmedTransfer(fan, cast.author.address, 5n, chain.unlisted)), "tx_hash", /none of the group's tip tokens/],
      [tip(fan, postId, `0x${"ab".repeat(32)}`), "tx_hash", /not on the chain/],
      [tip(fan, postId, reverted, 999), "chain_id", /no tip token on chain 999/],
      [postAs(fan, `/api/v2/posts/${postId}/tips`, { chain_id: ANVIL_CHAIN_ID, tx_hash: "0x12" }), "tx_hash", /64 hex digits/],
    ];
    for (const [answer, parameter, words] of cases) {
      const response = await answer;
      expectBadParam(response, parameter);
      expect(response.body.description).toMatch(words);
    }
    const own = await tip(cast.author, postId, await confirmedTransfer(fan, cast.author.address));
    expectRefused(own, 40300);
    expect(own.body.description).toMatch(/your own post/);
    expectRefused(await tip(fan, 2_000_000_000, reverted), 40400);
    expect((await listTips(undefined, postId)).body.data.count).toBe(0);
    expect((await threadAs(undefined, thread.id)).tip_count).toBe(0);
  });

  it("rewards off: new tips are refused (403), reads show no tips, GET tips still lists them", async () => {
    const thread = await createThreadOverHttp(cast.author, cast.group.id);
    const postId = thread.first_post.id;
    expectOk(await tip(fan, postId, await confirmedTransfer(fan, cast.author.address)));
    await setRewards(0);
    try {
      const refused = await tip(fan, postId, await confirmedTransfer(fan, cast.author.address));
      expectRefused(refused, 40300);
      expect(refused.body.description).toMatch(/rewards/);
      const read = await threadAs(fan, thread.id);
      expect(read).toMatchObject({ tip_count: 0, tip_list: [], tipped: false });
      expect(read.first_post).toMatchObject({ tip_count: 0, tipped: null });
      const info = await getAs<{ group: { tip_token_info: unknown[] } }>(undefined, `/api/v2/groups/${cast.group.id}`);
      expect(info.body.data.group.tip_token_info).toEqual([]);
      expect((await listTips(undefined, postId)).body.data.count).toBe(1);
      const tipped = await getAs<{ user_posts: UserPostDto[] }>(undefined, `/api/v2/users/${cast.author.id}/posts`, { filter: "tips" });
      expect(tipped.body.data.user_posts.map((post) => post.id)).not.toContain(postId);
    } finally {
      await setRewards(1);
    }
    expect((await threadAs(fan, thread.id)).tip_count).toBe(1);
    const tippedAgain = await getAs<{ user_posts: UserPostDto[] }>(undefined, `/api/v2/users/${cast.author.id}/posts`, { filter: "tips" });
    expect(tippedAgain.body.data.user_posts.map((post) => post.id)).toContain(postId);
  });

  it("a reorg: the re-check job removes a tip whose block left the chain, and its counters", async () => {
    const thread = await createThreadOverHttp(cast.author, cast.group.id);
    const postId = thread.first_post.id;
    const snapshot = await chain.snapshot();
    const hash = await confirmedTransfer(fan, cast.author.address, 9n);
    expectOk(await tip(fan, postId, hash));
    await chain.revert(snapshot);
    await chain.mine(3);
    expect((await threadAs(undefined, thread.id)).tip_count).toBe(1);
    const deadline = Date.now() + 20_000;
    while ((await listTips(undefined, postId)).body.data.count > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 250));
    expect((await listTips(undefined, postId)).body.data.count).toBe(0);
    const read = await threadAs(fan, thread.id);
    expect(read).toMatchObject({ tip_count: 0, tipped: false });
    expect(read.first_post.tip_count).toBe(0);
  }, 40_000);
});
