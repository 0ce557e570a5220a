import { beforeAll, describe, expect, inject, it } from "vitest";
import { createEvmTestWallet, createPermawebTestWallet } from "@/lib/auth/wallet/test-wallets";
import { ANVIL_CHAIN_ID } from "../support/anvil";
import { expectedError } from "../support/api-client";
import { createCast, expectBadParam, expectOk, expectRefused, getAs, postAs, type Cast } from "../support/community-helpers";
import { createTestUser, type TestUser } from "../support/fixtures";
import { deployGateContracts, type GateChain } from "../support/gate-chain";
import { linkOrFail, linkProof, linkWallet, permawebLinkProof, unlinkWallet, walletsOf } from "../support/linked-wallet-helpers";
import { addPoll, optionIds, vote } from "../support/poll-helpers";
import { createNamedGroup, createThreadOverHttp } from "../support/thread-helpers";
import { call } from "../support/api-client";
import { loginEvm } from "../support/wallet-flow";

// Contract section 19's linked wallets over HTTP: each wallet of an account proves itself with a
// signed nonce message, signs in, and counts in token gates and token polls (read on anvil).

const key = (address: string, type = 5) => ({ type, address });

function expectUnproven(answer: { status: number; body: unknown }): void {
  expect({ status: answer.status, body: answer.body }).toMatchObject({ status: 401, body: expectedError("v2", 40103) });
}

const meOf = async (token: string) => (await call<{ user: { id: number } }>("GET", "/api/me", { token })).body.data.user.id;

describe("linking and unlinking wallets", () => {
  it("links a second wallet (again: the same answer), signs in with it, and unlinks it", async () => {
    const user = await createTestUser();
    const second = createEvmTestWallet();
    const linked = await linkWallet(user, await linkProof(second));
    expectOk(linked);
    expect(linked.body.data).toEqual({ web3_public_keys: [key(user.address), key(second.address)] });
    expect(await walletsOf(user)).toEqual([key(user.address), key(second.address)]);
    // A retried request, with a message issued the way section 6 issues them by default.
    const again = await linkWallet(user, await linkProof(second, { purpose: "sign_in" }));
    expectOk(again);
    expect(again.body.data.web3_public_keys).toHaveLength(2);

    expect(await meOf(await loginEvm(second))).toBe(user.id);

    const removed = await unlinkWallet(user, second.checksumAddress);
    expectOk(removed);
    expect(removed.body.data).toEqual({ web3_public_keys: [key(user.address)] });
    await expect(loginEvm(second)).rejects.toThrow(/login failed: 404/);
  });

  it("links a permaweb wallet and removes it by its address", async () => {
    const user = await createTestUser();
    const archive = createPermawebTestWallet();
    const linked = await linkWallet(user, await permawebLinkProof(archive));
    expectOk(linked);
    expect(linked.body.data.web3_public_keys).toEqual([key(user.address), key(archive.address, 3)]);
    expectOk(await unlinkWallet(user, archive.address));
    expect(await walletsOf(user)).toEqual([key(user.address)]);
  });

  it("keeps the last wallet (400) and answers 404 for a wallet that is not the account's", async () => {
    const [user, other] = [await createTestUser(), await createTestUser()];
    expectBadParam(await unlinkWallet(user, user.address), "web3_public_key");
    expectRefused(await unlinkWallet(user, other.address), 40400);
    expectRefused(await unlinkWallet(user, createEvmTestWallet().address), 40400);
    expect(await walletsOf(user)).toEqual([key(user.address)]);
    expect(await walletsOf(other)).toEqual([key(other.address)]);
  });

  it("refuses a bad proof with 401 40103 and binds nothing", async () => {
    const user = await createTestUser();
    const wallet = createEvmTestWallet();
    expectUnproven(await linkWallet(user, await linkProof(wallet, { signer: createEvmTestWallet() })));
    const foreign = await linkProof(createEvmTestWallet());
    expectUnproven(await linkWallet(user, { ...foreign, web3_public_key: wallet.checksumAddress }));
    expectUnproven(await linkWallet(user, await linkProof(wallet, { purpose: "create_group" })));
    expectBadParam(await linkWallet(user, { web3_public_key: wallet.checksumAddress, wallet_type: 5 }), "sign");
    expectBadParam(await linkWallet(user, { ...(await linkProof(wallet)), web3_public_key: "0x1234" }), "web3_public_key");
    expect(await walletsOf(user)).toEqual([key(user.address)]);
  });

  it("accepts a message once: the same signed message cannot link the wallet again", async () => {
    const user = await createTestUser();
    const wallet = createEvmTestWallet();
    const proof = await linkProof(wallet);
    expectOk(await linkWallet(user, proof));
    expectOk(await unlinkWallet(user, wallet.address));
    const replayed = await linkWallet(user, proof);
    expectUnproven(replayed);
    expect(replayed.body.description).toMatch(/already been used/);
    expect(await walletsOf(user)).toEqual([key(user.address)]);
  });

  it("refuses a wallet bound to another account with 409", async () => {
    const [user, other] = [await createTestUser(), await createTestUser()];
    expectRefused(await linkWallet(user, await linkProof(other.wallet)), 40900);
    expect(await walletsOf(user)).toEqual([key(user.address)]);
    expect(await walletsOf(other)).toEqual([key(other.address)]);
  });

  it("lets exactly one of two accounts linking the same wallet at once win; the other gets 409", async () => {
    for (let round = 0; round < 3; round++) {
      const [first, second] = [await createTestUser(), await createTestUser()];
      const wallet = createEvmTestWallet();
      const [a, b] = [await linkProof(wallet), await linkProof(wallet)];
      const answers = await Promise.all([linkWallet(first, a), linkWallet(second, b)]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      const owners = [(await walletsOf(first)).length, (await walletsOf(second)).length].sort();
      expect(owners).toEqual([1, 2]);
    }
  });

  it("needs a user token", async () => {
    const answer = await call("POST", "/api/v2/users/me/wallets", { body: await linkProof(createEvmTestWallet()) });
    expect(answer.status).toBe(401);
  });
});

describe("a linked wallet's tokens count", () => {
  let chain: GateChain;
  let cast: Cast;
  beforeAll(async () => {
    chain = await deployGateContracts(inject("rpcUrl"));
    cast = await createCast();
  }, 30_000);

  it("in a token gate: the tokens of a second wallet let the user join", async () => {
    const user: TestUser = await createTestUser();
    const group = await createNamedGroup(cast.owner);
    const rules = [{ type: "erc20", chain_id: ANVIL_CHAIN_ID, contract_address: chain.token, min_amount: "100" }];
    expectOk(await postAs(cast.owner, `/api/v2/groups/${group.id}/gate`, { logic: "all", rules: JSON.stringify(rules) }));
    expectOk(await postAs(cast.owner, `/api/v2/groups/${group.id}/settings`, { joining: 3 }));
    const second = createEvmTestWallet();
    await chain.mintToken(second.address, 150n);
    expectRefused(await postAs(user, `/api/v2/groups/${group.id}/join`), 40300);
    await linkOrFail(user, second);
    const check = await getAs<{ eligible: boolean; rules: { balance: string }[] }>(user, `/api/v2/groups/${group.id}/gate/check`);
    expect(check.body.data).toMatchObject({ eligible: true, rules: [{ balance: "150" }] });
    const joined = await postAs<{ membership: { state: string } }>(user, `/api/v2/groups/${group.id}/join`);
    expectOk(joined);
    expect(joined.body.data.membership.state).toBe("member");
  });

  it("in a token poll: the second wallet's balance at the snapshot is the vote's weight", async () => {
    const user = await createTestUser();
    const second = createEvmTestWallet();
    await chain.mintToken(second.address, 120n);
    await linkOrFail(user, second);
    const threadId = (await createThreadOverHttp(cast.author, cast.group.id)).id;
    const token = { type: "erc20", chain_id: ANVIL_CHAIN_ID, contract_address: chain.token, min_amount: "100" };
    const created = await addPoll(cast.author, threadId, { options: ["yes", "no"], eligibility: "token", weighting: "token_balance", token });
    expectOk(created);
    const voted = await vote(user, created.body.data.poll.id, [optionIds(created.body.data.poll)[0]!]);
    expectOk(voted);
    expect(voted.body.data.poll.viewer).toMatchObject({ voted: 1, weight: "120", eligible: 1 });
  });
});
