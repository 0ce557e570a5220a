import { randomBytes } from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "../fixtures/wallet";
import { expectNoSeriousViolations } from "../helpers/axe";
import { withDatabase } from "../helpers/database";
import { setUpForumWorld } from "../helpers/forum-world";
import { shootAtWidths } from "../helpers/screenshots";
import { pollCard, readThreadPolls, voteAs } from "../helpers/poll-threads";

// Contract section 18, "Polls", after the thread is written: its author adds a poll on the thread
// page, edits it (options only until the first vote), and closes it while a guest's page follows
// live; the group's admin picks the categories whose threads need a poll.

const suffix = randomBytes(3).toString("hex");
const SHOTS = "/tmp/shots-polls";

const shoot = (target: Page | Locator, page: Page, name: string) => shootAtWidths(target, page, SHOTS, name);

test("a poll added to a thread, edited, refused a new option after a vote, and closed live", async ({ page, browser, request, baseURL, wallet }) => {
  const world = await setUpForumWorld(page, { baseURL: baseURL!, request, wallet, suffix, label: "pollmanage" });
  const question = `Meet on which day ${suffix}?`;
  await page.goto(world.thread.path);

  await page.getByRole("button", { name: "Add a poll" }).click();
  const form = page.getByRole("form", { name: "New poll" });
  await form.getByLabel("Question").fill(question);
  await form.getByLabel("Option 1", { exact: true }).fill("Monday");
  await form.getByLabel("Option 2", { exact: true }).fill("Friday");
  await expectNoSeriousViolations(page, "adding a poll to a thread");
  await shoot(form, page, "add-poll");
  await form.getByRole("button", { name: "Add poll" }).click();
  const card = pollCard(page, question);
  await expect(card.getByRole("radio")).toHaveCount(2);
  const [poll] = await readThreadPolls(baseURL!, world.thread.id);
  expect(poll!.options.map((option) => option.text)).toEqual(["Monday", "Friday"]);

  // Before any vote, everything may change: a third option and a new question.
  await card.getByRole("button", { name: "Edit poll" }).click();
  const edit = page.getByRole("form", { name: "Edit poll" });
  await edit.getByLabel("Question").fill(`${question} (evening)`);
  await edit.getByRole("button", { name: "Add option" }).click();
  await edit.getByLabel("Option 3", { exact: true }).fill("Sunday");
  await shoot(edit, page, "edit-poll");
  await edit.getByRole("button", { name: "Save poll" }).click();
  const edited = pollCard(page, `${question} (evening)`);
  await expect(edited.getByRole("radio")).toHaveCount(3);

  // A guest follows the thread from another page.
  const guestContext = await browser.newContext({ baseURL });
  const guest = await guestContext.newPage();
  const guestStream = guest.waitForResponse((response) => new URL(response.url()).pathname === "/live/events");
  await guest.goto(world.thread.path);
  await guestStream;
  const guestCard = pollCard(guest, `${question} (evening)`);
  await expect(guestCard.getByText("Open", { exact: true })).toBeVisible();

  // After a vote the options are frozen: the form says why, and nothing changes.
  const [votedPoll] = await readThreadPolls(baseURL!, world.thread.id);
  await voteAs(world, world.other, votedPoll!.id, [votedPoll!.options[0]!.id]);
  await edited.getByRole("button", { name: "Edit poll" }).click();
  await edit.getByRole("button", { name: "Add option" }).click();
  await edit.getByLabel("Option 4", { exact: true }).fill("Tuesday");
  await edit.getByRole("button", { name: "Save poll" }).click();
  await expect(edit.getByRole("alert")).toContainText("options can no longer change");
  expect((await readThreadPolls(baseURL!, world.thread.id))[0]!.options).toHaveLength(3);
  await edit.getByRole("button", { name: "Cancel" }).click();

  // Closing reaches the guest's page without a reload.
  await edited.getByRole("button", { name: "Close poll" }).click();
  await expect(edited.getByText("Closed", { exact: true })).toBeVisible();
  await expect(guestCard.getByText("Closed", { exact: true })).toBeVisible();
  await edited.getByRole("button", { name: "Reopen poll" }).click();
  await expect(guestCard.getByText("Open", { exact: true })).toBeVisible();
  await guestContext.close();
});

test("an admin makes a category ask for a poll, and the composer says so", async ({ page, request, baseURL, wallet }) => {
  const world = await setUpForumWorld(page, { baseURL: baseURL!, request, wallet, suffix: `${suffix}c`, label: "pollcats" });
  const { category } = await world.api.call<{ category: { id: number } }>("POST", `/api/v2/groups/${world.group.id}/categories/create`, {
    token: world.me.token,
    data: { name: "Proposals" },
  });
  await page.goto(`/g/${world.group.name}/settings`);
  const section = page.getByRole("region", { name: "Polls required" });
  await section.getByRole("checkbox", { name: "Proposals" }).check();
  await section.getByRole("button", { name: "Save poll categories" }).click();
  await expect(section.getByText("Saved: the composer asks for a poll in these categories.")).toBeVisible();
  await shoot(section, page, "poll-categories");
  const stored = await withDatabase(baseURL!, async (db) =>
    (await db.query<{ id: number }>("SELECT id FROM categories WHERE group_id = $1 AND requires_poll = 1", [world.group.id])).rows.map((row) => row.id),
  );
  expect(stored).toEqual([category.id]);

  await page.goto(`/g/${world.group.name}/new`);
  await page.getByRole("combobox", { name: "Category (optional)" }).selectOption({ label: "Proposals" });
  await expect(page.getByText("Threads in this category need a poll.")).toBeVisible();
});
