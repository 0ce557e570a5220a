import { randomBytes } from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "../fixtures/wallet";
import { expectNoSeriousViolations } from "../helpers/axe";
import { setUpForumWorld } from "../helpers/forum-world";
import { shootAtWidths } from "../helpers/screenshots";
import { pollCard, readBallot, readThreadPolls, voteAs } from "../helpers/poll-threads";

// Contract section 18, "Polls", on the web: a poll built in the new-thread composer (options
// added, reordered from the keyboard, removed), a single-choice vote on the thread page, and a
// vote cast elsewhere reaching an open page live, through the thread's `poll` event.

const suffix = randomBytes(3).toString("hex");
const SHOTS = "/tmp/shots-polls";

const shoot = (target: Page | Locator, page: Page, name: string) => shootAtWidths(target, page, SHOTS, name);

/** Moves the focused sortable handle by `steps` (negative: up), as a keyboard user does. */
async function moveHandle(page: Page, handle: Locator, steps: number): Promise<void> {
  await handle.focus();
  const arrow = steps < 0 ? "ArrowUp" : "ArrowDown";
  // Each step waits for the row to settle: the next arrow measures from where it landed.
  for (const key of ["Space", ...Array<string>(Math.abs(steps)).fill(arrow), "Space"]) {
    await page.keyboard.press(key);
    await page.waitForTimeout(300);
  }
}

const resultOf = (card: Locator, text: string) => card.getByTestId("poll-result").filter({ hasText: text });

test("a poll built in the composer: options reordered by keyboard, a single vote, and a vote from elsewhere arriving live", async ({
  page,
  browser,
  request,
  baseURL,
  wallet,
}) => {
  const world = await setUpForumWorld(page, { baseURL: baseURL!, request, wallet, suffix, label: "polls" });
  const question = `Which colour ${suffix}?`;

  await page.goto(`/g/${world.group.name}/new`);
  await page.getByLabel("Title", { exact: true }).fill(`Colour vote ${suffix}`);
  await page.getByRole("textbox", { name: "Post" }).click();
  await page.keyboard.type("Pick the colour of the new logo.");
  await page.getByRole("button", { name: "Add a poll" }).click();
  const draft = page.getByTestId("poll-draft");
  await draft.getByLabel("Question").fill(question);

  // An empty poll is refused by the form before anything is sent.
  await page.getByRole("button", { name: "Publish thread" }).click();
  await expect(draft.getByText("Option 1 is empty: fill it in or remove it.")).toBeVisible();

  await draft.getByLabel("Option 1", { exact: true }).fill("Red");
  await draft.getByLabel("Option 2", { exact: true }).fill("Green");
  await draft.getByRole("button", { name: "Add option" }).click();
  await draft.getByLabel("Option 3", { exact: true }).fill("Blue");
  await draft.getByRole("button", { name: "Add option" }).click();
  await draft.getByLabel("Option 4", { exact: true }).fill("Mauve");
  await draft.getByRole("button", { name: "Remove option 4" }).click();
  // Blue to the top from the keyboard.
  await moveHandle(page, draft.getByRole("button", { name: "Move option 3", exact: true }), -2);
  const optionInputs = draft.getByRole("list", { name: "Options of poll 1" }).getByRole("textbox");
  await expect.poll(() => optionInputs.evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value))).toEqual(["Blue", "Red", "Green"]);
  await draft.getByLabel("Voters", { exact: true }).selectOption({ label: "Public (who voted for what)" });
  await expectNoSeriousViolations(page, "the composer's poll builder");
  await shoot(page, page, "composer");

  await page.getByRole("button", { name: "Publish thread" }).click();
  await expect(page).toHaveURL(/\/t\/\d+\//);
  const threadId = Number(/\/t\/(\d+)\//.exec(page.url())![1]);
  const [poll] = await readThreadPolls(baseURL!, threadId);
  expect(poll!.options.map((option) => option.text)).toEqual(["Blue", "Red", "Green"]);
  const id = Object.fromEntries(poll!.options.map((option) => [option.text, option.id]));

  const card = pollCard(page, question);
  await expect(card.getByRole("radio")).toHaveCount(3);
  await expect(resultOf(card, "Blue")).toContainText("0 votes · 0%");

  // A guest keeps the thread open in a second page: results, and an invitation to sign in.
  const guestContext = await browser.newContext({ baseURL });
  const guest = await guestContext.newPage();
  const guestStream = guest.waitForResponse((response) => new URL(response.url()).pathname === "/live/events");
  await guest.goto(page.url());
  await guestStream;
  const guestCard = pollCard(guest, question);
  await expect(guestCard.getByRole("link", { name: "Sign in to vote" })).toBeVisible();
  await expect(guestCard.getByText("0 voters")).toBeVisible();

  // Voting needs a choice first, then counts.
  await card.getByRole("button", { name: "Vote", exact: true }).click();
  await expect(card.getByText("Choose an option first.")).toBeVisible();
  await card.getByRole("radio", { name: "Red" }).check();
  await card.getByRole("button", { name: "Vote", exact: true }).click();
  await expect(card.getByTestId("poll-my-vote")).toHaveText("You voted: Red");
  await expect(resultOf(card, "Red")).toContainText("1 vote · 100%");
  await expect(resultOf(card, "Blue")).toContainText("0 votes · 0%");
  expect(await readBallot(baseURL!, poll!.id, world.me.id)).toEqual(["Red"]);
  // The guest's page follows live, without a reload.
  await expect(resultOf(guestCard, "Red")).toContainText("1 vote · 100%");

  // Someone votes through the API: both open pages follow.
  await voteAs(world, world.other, poll!.id, [id.Blue!]);
  for (const shown of [card, guestCard]) {
    await expect(resultOf(shown, "Blue")).toContainText("1 vote · 50%");
    await expect(resultOf(shown, "Red")).toContainText("1 vote · 50%");
    await expect(shown.getByText("2 voters")).toBeVisible();
  }

  // Public voters: who chose what.
  await card.getByRole("button", { name: "Show who voted" }).click();
  const voters = card.getByRole("region", { name: `Voters of ${question}` });
  await expect(voters.getByRole("listitem")).toHaveCount(2);
  await expect(voters.getByRole("listitem").filter({ hasText: world.other.username })).toContainText("Blue");

  await expectNoSeriousViolations(page, "the poll card");
  await shoot(card, page, "poll-card-single");
  await shoot(page, page, "thread-with-poll");
  await guestContext.close();
});
