import fs from "node:fs";
import { randomBytes } from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "../fixtures/wallet";
import { expectNoSeriousViolations } from "../helpers/axe";
import { setUpForumWorld } from "../helpers/forum-world";
import { createPollThread, pollCard, readBallot } from "../helpers/poll-threads";

// Contract section 18, "Polls": the ballots of the thread page. Checkboxes within min and max, a
// ranking put in order from the keyboard (@dnd-kit, as the category manager), changing and
// withdrawing a vote, results hidden until the reader votes or the poll closes, and the
// author's close and reopen.

const suffix = randomBytes(3).toString("hex");
const SHOTS = "/tmp/shots-polls";

async function shootCard(card: Locator, page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await card.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

const rankedTexts = (card: Locator) => card.getByTestId("ranked-option");

test("multiple within min and max, ranked by keyboard, change and withdraw, hidden results, close and reopen", async ({ page, request, baseURL, wallet }) => {
  const world = await setUpForumWorld(page, { baseURL: baseURL!, request, wallet, suffix, label: "ballots" });
  const pick = `Pick two ${suffix}`;
  const rank = `Rank the talks ${suffix}`;
  const later = `Secret until the end ${suffix}`;
  const thread = await createPollThread(baseURL!, world, world.other, `Ballots ${suffix}`, [
    { title: pick, type: "multiple", options: ["Tea", "Coffee", "Juice", "Water"], min: 2, max: 2, results: "on_vote" },
    { title: rank, type: "ranked", options: ["Alpha", "Beta", "Gamma"] },
    { title: later, options: ["Yes", "No"], results: "on_close" },
  ]);
  await page.goto(thread.path);

  // Multiple: at most two, at least two; results wait for the vote.
  const multiple = pollCard(page, pick);
  await expect(multiple.getByText("Results are shown after you vote.")).toBeVisible();
  await expect(multiple.getByText("Choose 2", { exact: true })).toBeVisible();
  await multiple.getByRole("checkbox", { name: "Coffee" }).check();
  await multiple.getByRole("button", { name: "Vote", exact: true }).click();
  await expect(multiple.getByRole("alert")).toHaveText("Choose 2 options.");
  await multiple.getByRole("checkbox", { name: "Water" }).check();
  await expect(multiple.getByRole("checkbox", { name: "Tea" })).toBeDisabled();
  await multiple.getByRole("button", { name: "Vote", exact: true }).click();
  await expect(multiple.getByTestId("poll-my-vote")).toHaveText("You voted: Coffee, Water");
  await expect(multiple.getByTestId("poll-result").filter({ hasText: "Water" })).toContainText("1 vote · 100%");
  expect(await readBallot(baseURL!, thread.polls[0]!.id, world.me.id)).toEqual(["Coffee", "Water"]);

  // Change the vote, then withdraw it: the results hide again.
  await multiple.getByRole("button", { name: "Change vote" }).click();
  await multiple.getByRole("checkbox", { name: "Water" }).uncheck();
  await multiple.getByRole("checkbox", { name: "Tea" }).check();
  await multiple.getByRole("button", { name: "Save my new vote" }).click();
  await expect(multiple.getByTestId("poll-my-vote")).toHaveText("You voted: Tea, Coffee");
  expect(await readBallot(baseURL!, thread.polls[0]!.id, world.me.id)).toEqual(["Tea", "Coffee"]);
  await multiple.getByRole("button", { name: "Withdraw vote" }).click();
  await expect(multiple.getByText("Results are shown after you vote.")).toBeVisible();
  await expect.poll(() => readBallot(baseURL!, thread.polls[0]!.id, world.me.id)).toEqual([]);

  // Ranked, from the keyboard: Gamma to the top, then Alpha below Beta.
  const ranked = pollCard(page, rank);
  await expect(rankedTexts(ranked)).toHaveText(["Alpha", "Beta", "Gamma"]);
  for (const [name, keys] of [
    ["Move Gamma, ranked 3", ["ArrowUp", "ArrowUp"]],
    ["Move Alpha, ranked 2", ["ArrowDown"]],
  ] as const) {
    await ranked.getByRole("button", { name }).focus();
    for (const key of ["Space", ...keys, "Space"]) {
      await page.keyboard.press(key);
      await page.waitForTimeout(300);
    }
  }
  await expect(rankedTexts(ranked)).toHaveText(["Gamma", "Beta", "Alpha"]);
  await expectNoSeriousViolations(page, "poll ballots");
  await shootCard(ranked, page, "poll-card-ranked-ballot");
  await ranked.getByRole("button", { name: "Vote", exact: true }).click();
  await expect(ranked.getByTestId("poll-my-vote")).toHaveText("You voted: 1. Gamma, 2. Beta, 3. Alpha");
  expect(await readBallot(baseURL!, thread.polls[1]!.id, world.me.id)).toEqual(["Gamma", "Beta", "Alpha"]);
  await expect(ranked.getByText(/Instant runoff: 1 round, Gamma wins/)).toBeVisible();
  const gamma = ranked.getByTestId("poll-result").filter({ hasText: "Gamma" });
  await expect(gamma).toContainText("Winner");
  await expect(gamma).toContainText("Your #1");
  await expect(gamma).toContainText("1 vote · 100%");
  await shootCard(ranked, page, "poll-card-ranked-results");

  // Results after the close, for everyone; the group's owner (a moderator) closes and reopens it.
  const closing = pollCard(page, later);
  await closing.getByRole("radio", { name: "Yes" }).check();
  await closing.getByRole("button", { name: "Vote", exact: true }).click();
  await expect(closing.getByTestId("poll-my-vote")).toHaveText("You voted: Yes");
  await expect(closing.getByText("Results are shown after the poll closes.")).toBeVisible();
  await closing.getByRole("button", { name: "Close poll" }).click();
  await expect(closing.getByText("Closed", { exact: true })).toBeVisible();
  await expect(closing.getByTestId("poll-result").filter({ hasText: "Yes" })).toContainText("1 vote · 100%");
  await expect(closing.getByRole("button", { name: "Change vote" })).toHaveCount(0);
  await shootCard(closing, page, "poll-card-closed");
  await closing.getByRole("button", { name: "Reopen poll" }).click();
  await expect(closing.getByText("Results are shown after the poll closes.")).toBeVisible();
  await expect(closing.getByRole("button", { name: "Change vote" })).toBeVisible();

  // Three polls fit a phone without sideways scrolling.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoSeriousViolations(page, "poll cards on a phone");
});
