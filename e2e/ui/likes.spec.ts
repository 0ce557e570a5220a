import { randomBytes } from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "../fixtures/wallet";
import { signInWithWallet } from "../helpers/sign-in";

const USERNAME = `liker_${randomBytes(3).toString("hex")}`;
// A seeded thread no other browser test reads counts from.
const THREAD = "/g/agora-lounge/t/2";

function likeButtonOf(post: Locator): Locator {
  return post.locator(".post__like-button");
}

async function likeCountOf(post: Locator): Promise<number> {
  return Number(await likeButtonOf(post).locator("span").first().textContent());
}

async function secondPost(page: Page): Promise<Locator> {
  await page.goto(THREAD);
  const post = page.getByTestId("post").nth(1);
  await expect(post).toBeVisible();
  return post;
}

test("signed out, the heart invites to sign in instead of liking", async ({ page }) => {
  await page.goto(THREAD);
  const post = page.getByTestId("post").nth(1);
  await expect(post.locator(".post__like-button")).toHaveCount(0);
  await expect(post.getByRole("link", { name: /Sign in to like/ })).toHaveAttribute("href", /^\/signin\?next=/);
});

test("like and take it back: the count moves at once and survives a reload", async ({ page, wallet }) => {
  expect(wallet.address).toMatch(/^0x/);
  await signInWithWallet(page, { username: USERNAME });
  let post = await secondPost(page);
  const button = likeButtonOf(post);
  await expect(button).toHaveAttribute("aria-pressed", "false");
  const before = await likeCountOf(post);

  await button.click();
  await expect(button).toHaveAttribute("aria-pressed", "true");
  await expect(button).toContainText(String(before + 1));
  await expect(button).toBeEnabled();

  // What the server stored, not what the button guessed.
  post = await secondPost(page);
  await expect(likeButtonOf(post)).toHaveAttribute("aria-pressed", "true");
  expect(await likeCountOf(post)).toBe(before + 1);

  await likeButtonOf(post).click();
  await expect(likeButtonOf(post)).toHaveAttribute("aria-pressed", "false");
  await expect(likeButtonOf(post)).toBeEnabled();
  post = await secondPost(page);
  await expect(likeButtonOf(post)).toHaveAttribute("aria-pressed", "false");
  expect(await likeCountOf(post)).toBe(before);
});
