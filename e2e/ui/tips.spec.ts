import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { createPublicClient, createWalletClient, http, parseEther, type Address } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { createEvmTestWallet } from "@/lib/auth/wallet/test-wallets";
import { deployContracts } from "@/tests/support/test-contracts";
import { expect, test } from "../fixtures/wallet";
import { ANVIL_CHAIN_ID, e2eRpcUrl } from "../helpers/e2e-chain";
import { postAs, setUpForumWorld, shootBothWidths } from "../helpers/forum-world";

// Tips in the browser (contract section 19): the group's admin lists a tip token in the settings
// section; a reader tips another's post with the injected wallet (a real ERC-20 transfer on the e2e
// chain, verified by the server), sees it pending then confirmed, and finds it listed under the post.
const suffix = randomBytes(3).toString("hex");
const SHOTS = "/tmp/shots-tips";

test("an admin lists a tip token; a reader tips a post with the wallet: pending, confirmed, listed", async ({ page, request, baseURL, wallet }) => {
  fs.mkdirSync(SHOTS, { recursive: true });
  const rpcUrl = e2eRpcUrl(baseURL!);
  const { addresses, send } = await deployContracts(rpcUrl, "tip-token.sol", ["TipToken"] as const);
  const token: Address = addresses.TipToken;
  await send("TipToken", "mint", [wallet.address, 100n]);
  const chain = createPublicClient({ transport: http(rpcUrl) });
  await chain.request({ method: "anvil_setBalance", params: [wallet.address, `0x${parseEther("1").toString(16)}`] } as never);

  const world = await setUpForumWorld(page, { baseURL: baseURL!, request, wallet, suffix, label: "tips" });
  await page.goto(`/g/${world.group.name}/settings`);
  const section = page.getByRole("region", { name: "Tip tokens" });
  await section.getByRole("button", { name: "Add token" }).click();
  const row = section.getByTestId("tip-token");
  await row.getByLabel("Chain id").fill("31337");
  await row.getByLabel("Contract address").fill(token);
  await row.getByLabel("Symbol").fill("TIP");
  await row.getByLabel("Decimals").fill("0");
  await section.getByRole("button", { name: "Save tip tokens" }).click();
  await expect(section.getByRole("status")).toHaveText("Tip tokens saved.");
  await shootBothWidths(page, SHOTS, "settings");

  const replyText = `Worth a tip ${suffix}`;
  await postAs(world, world.other, replyText);
  await page.goto(world.thread.path);
  // Nobody is offered a tip on their own post.
  await expect(page.locator(".post--first").getByRole("button", { name: "Tip", exact: true })).toHaveCount(0);
  const reply = page.locator(".replies [data-testid=post]").filter({ hasText: replyText });
  await reply.getByRole("button", { name: "Tip", exact: true }).click();
  const panel = reply.getByRole("form", { name: "Tip this post" });
  await panel.getByLabel("Amount").fill("3");
  // Declined in the wallet: nothing is sent, and the panel says why.
  await wallet.rejectSignatures(true);
  await panel.getByRole("button", { name: "Send tip" }).click();
  await expect(panel.getByRole("alert")).toContainText("The tip was not registered");
  expect(wallet.sentTransactions).toHaveLength(0);
  await wallet.rejectSignatures(false);
  await panel.getByRole("button", { name: "Send tip" }).click();
  await expect(panel.getByRole("status")).toHaveText(/Confirm the transfer|Waiting for the transaction|Tip confirmed/);
  await expect(panel.getByRole("status")).toHaveText("Tip confirmed: 3 TIP", { timeout: 30_000 });
  expect(wallet.sentTransactions).toHaveLength(1);
  await shootBothWidths(page, SHOTS, "confirmed");

  await reply.getByRole("button", { name: "1 tip" }).click();
  await expect(reply.getByRole("list", { name: "Tips" })).toContainText(`me_${suffix} tipped 3 TIP`);
  await page.reload();
  const reloaded = page.locator(".replies [data-testid=post]").filter({ hasText: replyText });
  await reloaded.getByRole("button", { name: "1 tip" }).click();
  await expect(reloaded.getByRole("list", { name: "Tips" })).toContainText(`me_${suffix} tipped 3 TIP`);

  // The tip is the wallet's own transaction, and the post is among its author's tipped posts.
  const tips = await world.api.call<{ tips: { tx_hash: string }[] }>("GET", `/api/v2/posts/${await replyId(world, replyText)}/tips`);
  expect(tips.tips[0]!.tx_hash).toBe(wallet.sentTransactions[0]);
});

test("a tip from someone else lights the author's bell and shows under their post", async ({ page, request, baseURL, wallet }) => {
  const rpcUrl = e2eRpcUrl(baseURL!);
  const world = await setUpForumWorld(page, { baseURL: baseURL!, request, wallet, suffix: `${suffix}b`, label: "tipped" });
  const tokens = [{ chain_id: ANVIL_CHAIN_ID, type: "native", symbol: "ETH", decimals: 18 }];
  await world.api.call("POST", `/api/v2/groups/${world.group.id}/tip-tokens`, { token: world.me.token, data: { tokens } });
  // A fan, registered over the API with a key this test holds, sends ETH to the author's wallet and registers it.
  const fanWallet = createEvmTestWallet();
  const fan = await world.api.registerUser(`fan_${suffix}`, fanWallet);
  const chain = createPublicClient({ transport: http(rpcUrl) });
  await chain.request({ method: "anvil_setBalance", params: [fanWallet.address, `0x${parseEther("1").toString(16)}`] } as never);
  const anvil = { id: ANVIL_CHAIN_ID, name: "anvil", nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 }, rpcUrls: { default: { http: [rpcUrl] } } };
  const sender = createWalletClient({ account: privateKeyToAccount(fanWallet.privateKey), chain: anvil, transport: http(rpcUrl) });
  const hash = await sender.sendTransaction({ to: wallet.address as Address, value: parseEther("0.01") });
  await chain.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  await page.goto(world.thread.path);
  await world.api.call("POST", `/api/v2/posts/${world.thread.firstPostId}/tips`, { token: fan.token, data: { chain_id: ANVIL_CHAIN_ID, tx_hash: hash } });

  // No reload: the bell follows the person's notification stream.
  await expect(page.getByTestId("unread-count")).toHaveText("1");
  await page.getByRole("button", { name: /^Notifications/ }).click();
  await expect(page.getByRole("dialog", { name: "Notifications" }).getByTestId("notification")).toContainText(`fan_${suffix} tipped your post`);
  await page.keyboard.press("Escape");
  await page.reload();
  const first = page.locator(".post--first");
  await expect(first.getByRole("button", { name: "Tip", exact: true })).toHaveCount(0);
  await first.getByRole("button", { name: "1 tip" }).click();
  await expect(first.getByRole("list", { name: "Tips" })).toContainText(`fan_${suffix} tipped 0.01 ETH`);

  // With the group's rewards switched off (contract section 20) the page offers no tips at all.
  await world.api.call("POST", `/api/v2/groups/${world.group.id}/features`, { token: world.me.token, data: { feature_name: "rewards", status: 0 } });
  await postAs(world, world.other, `No tips here ${suffix}`);
  await page.reload();
  await expect(page.locator(".post--first").getByRole("button", { name: "1 tip" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Tip", exact: true })).toHaveCount(0);
});

async function replyId(world: Awaited<ReturnType<typeof setUpForumWorld>>, text: string): Promise<number> {
  const { user_posts } = await world.api.call<{ user_posts: { id: number; content: string }[] }>("GET", `/api/v2/users/${world.other.id}/posts`, {
    params: { filter: "tips" },
  });
  const post = user_posts.find((candidate) => candidate.content.includes(text));
  expect(post).toBeDefined();
  return post!.id;
}
