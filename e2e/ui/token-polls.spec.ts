import fs from "node:fs";
import { randomBytes } from "node:crypto";
import { expect, test } from "../fixtures/wallet";
import { expectNoSeriousViolations } from "../helpers/axe";
import { withDatabase } from "../helpers/database";
import { ANVIL_CHAIN_ID, deployE2eToken } from "../helpers/e2e-chain";
import { setUpForumWorld } from "../helpers/forum-world";
import { createPollThread, pollCard } from "../helpers/poll-threads";

// Contract section 18: a token poll on the thread page shows its token, who may vote, how votes
// are weighed and the snapshot block; the reader's weight is their balance at that block, on a
// real local chain (anvil beside the e2e server), so tokens minted after it count for nothing.

const suffix = randomBytes(3).toString("hex");
const SHOTS = "/tmp/shots-polls";

test("a token-weighted poll: the token, the snapshot block, and a vote weighing the balance at the snapshot", async ({ page, request, baseURL, wallet }) => {
  const world = await setUpForumWorld(page, { baseURL: baseURL!, request, wallet, suffix, label: "token-polls" });
  const chain = await deployE2eToken(baseURL!);
  await chain.mintToken(wallet.address, 1500n);
  const title = `Holders decide ${suffix}`;
  const token = { type: "erc20", chain_id: ANVIL_CHAIN_ID, contract_address: chain.token, min_amount: "100" };
  const thread = await createPollThread(baseURL!, world, world.me, `Token vote ${suffix}`, [
    { title, options: ["Ship it", "Wait"], eligibility: "token", weighting: "token_balance", token },
  ]);
  const pollId = thread.polls[0]!.id;
  const snapshot = await withDatabase(
    baseURL!,
    async (db) => (await db.query<{ block: string }>("SELECT snapshot_block::text AS block FROM polls WHERE id = $1", [pollId])).rows[0]!.block,
  );
  expect(Number(snapshot)).toBeGreaterThan(0);
  // Tokens that arrive after the snapshot do not count.
  await chain.mintToken(wallet.address, 1000n);

  await page.goto(thread.path);
  const card = pollCard(page, title);
  const terms = card.getByTestId("poll-token");
  await expect(terms).toContainText(`ERC-20 ${chain.token.slice(0, 6)}`);
  await expect(terms).toContainText(`on chain ${ANVIL_CHAIN_ID}`);
  await expect(terms).toContainText("Holders of at least 100 (base units)");
  await expect(terms).toContainText("Each vote weighs the voter's balance, all their wallets added, at the snapshot block");
  await expect(card.getByTestId("poll-snapshot")).toContainText(`#${Number(snapshot).toLocaleString("en-US")}`);
  await expect(card.getByText("Token poll", { exact: true })).toBeVisible();

  await card.getByRole("radio", { name: "Ship it" }).check();
  await card.getByRole("button", { name: "Vote", exact: true }).click();
  await expect(card.getByTestId("poll-my-vote")).toHaveText("You voted: Ship it");
  await expect(terms.locator("div").filter({ hasText: "Your weight" }).locator("dd")).toHaveText("1,500");
  await expect(card.getByTestId("poll-result").filter({ hasText: "Ship it" })).toContainText("1 vote · weight 1,500 · 100%");
  await expect(card.getByText("1 voter · total weight 1,500")).toBeVisible();

  await expectNoSeriousViolations(page, "a token poll");
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await card.screenshot({ path: `${SHOTS}/poll-card-token-${width}.png` });
  }
});
