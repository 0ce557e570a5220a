import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { createEvmTestWallet } from "@/lib/auth/wallet/test-wallets";
import { expect, test } from "../fixtures/wallet";
import { deployAvatarNftWithToken } from "../helpers/e2e-avatar-nft";
import { ANVIL_CHAIN_ID } from "../helpers/e2e-chain";
import { setUpForumWorld, shootBothWidths } from "../helpers/forum-world";
import { makePng } from "../helpers/images";

// Settings (contract section 19): link a second wallet with the injected wallet's other account
// and unlink it (never the last one); pick an NFT the account holds as the avatar, then stop.
const SHOTS = "/tmp/shots-wallets";

test("link a second wallet, then unlink it; the last wallet cannot be unlinked", async ({ page, request, baseURL, wallet }) => {
  fs.mkdirSync(SHOTS, { recursive: true });
  const suffix = randomBytes(3).toString("hex");
  const world = await setUpForumWorld(page, { baseURL: baseURL!, request, wallet, suffix, label: "wallets" });
  await page.goto("/settings");
  const section = page.getByRole("region", { name: "Wallets" });
  const list = section.getByTestId("wallet-list");
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await expect(section.getByRole("button", { name: `Unlink ${wallet.address}` })).toBeDisabled();
  await expect(section.getByTestId("wallet-link-hint")).toBeVisible();

  const second = createEvmTestWallet();
  await wallet.switchAccount(second);
  await expect(section.getByText(`Connected as ${second.checksumAddress}`)).toBeVisible();
  await section.getByRole("button", { name: "Sign and link" }).click();
  await expect(list.getByRole("listitem")).toHaveCount(2);
  await expect(list).toContainText(second.address);
  expect(wallet.signedMessages.at(-1)).toMatch(/Link this wallet to your account on/);
  const me = await world.api.call<{ user: { web3_public_keys: { address: string }[] } }>("GET", "/api/me", { token: world.me.token });
  expect(me.user.web3_public_keys.map((key) => key.address)).toEqual([wallet.address, second.address]);
  await shootBothWidths(page, SHOTS, "wallets-two");

  await section.getByRole("button", { name: `Unlink ${second.address}` }).click();
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await expect(section.getByRole("button", { name: `Unlink ${wallet.address}` })).toBeDisabled();
});

test("pick an NFT the account holds as the avatar, then stop using it", async ({ page, request, baseURL, wallet }) => {
  fs.mkdirSync(SHOTS, { recursive: true });
  const suffix = randomBytes(3).toString("hex");
  const world = await setUpForumWorld(page, { baseURL: baseURL!, request, wallet, suffix, label: "nft" });
  // The NFT's picture is an upload of this forum's, so the page shows it without the network.
  const { file } = await world.api.call<{ file: { url: string } }>("POST", "/api/v2/uploads", {
    token: world.other.token,
    multipart: { purpose: "avatar", file: { name: `nft-${suffix}.png`, mimeType: "image/png", buffer: await makePng(32, 32, { r: 200, g: 120, b: 30 }) } },
  });
  const metadata = Buffer.from(JSON.stringify({ name: "Avatar", image: file.url })).toString("base64");
  const contract = await deployAvatarNftWithToken(baseURL!, wallet.address, `data:application/json;base64,${metadata}`);

  await page.goto("/settings");
  const form = page.getByRole("form", { name: "NFT avatar" });
  await form.getByLabel("Chain").selectOption(String(ANVIL_CHAIN_ID));
  await form.getByLabel("Token id").fill("2");
  await form.getByLabel("Contract address").fill(contract);
  await form.getByRole("button", { name: "Use as avatar" }).click();
  await expect(form.getByRole("alert")).toContainText("none of your wallets holds token 2");

  await form.getByLabel("Token id").fill("1");
  await form.getByRole("button", { name: "Use as avatar" }).click();
  const current = form.getByTestId("nft-avatar-current");
  await expect(current).toContainText(`Token 1 of ${contract.toLowerCase()} on chain ${ANVIL_CHAIN_ID}`);
  await expect(current.locator("img")).toHaveAttribute("src", new URL(file.url).pathname);
  const me = await world.api.call<{ user: { is_nft: number; photo_url: string } }>("GET", "/api/me", { token: world.me.token });
  expect(me.user).toMatchObject({ is_nft: 1, photo_url: file.url });
  await shootBothWidths(page, SHOTS, "nft-avatar");

  await current.getByRole("button", { name: "Stop using it" }).click();
  await expect(form.getByTestId("nft-avatar-current")).toHaveCount(0);
  const after = await world.api.call<{ user: { is_nft: number; photo_url: string } }>("GET", "/api/me", { token: world.me.token });
  expect(after.user).toMatchObject({ is_nft: 0, photo_url: "" });
});
