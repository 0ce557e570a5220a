import { randomBytes } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "../fixtures/wallet";
import { createApiClient, textDelta } from "../helpers/api-users";
import { withDatabase } from "../helpers/database";
import { signInWithWallet } from "../helpers/sign-in";

/** The tab's page stream, following this thread (it may carry the reader's notifications too). */
function isThreadStream(url: string, threadId: number): boolean {
  const parsed = new URL(url);
  return parsed.pathname === "/live/events" && parsed.searchParams.get("thread") === String(threadId);
}

// Live updates on the thread page (contract section 13): a reader keeps a thread open while
// another person writes in it through the API. New replies wait behind a bar until the reader
// asks for them, and what the reader is looking at does not move; an edit and a deletion
// replace the post where it stands.
const suffix = randomBytes(3).toString("hex");
const longText = (label: string) => `${label}. ${"This reply is long enough to take some room on the page. ".repeat(6)}`;

let writers = 0;

/** A writer (a wallet registered over the API) with a group and a thread of `replies` long replies. */
async function writeThread(request: APIRequestContext, baseURL: string, replies: number) {
  const api = await createApiClient(request, baseURL, `e2e live ${suffix}`);
  const writer = await api.registerUser(`writer_${suffix}_${++writers}`);
  const token = writer.token;
  const groupName = `live-${suffix}-${writers}`;
  await api.call("POST", "/api/group/create", {
    token,
    data: { uid: writer.id, signature: "unused", name: groupName, title: `Live ${suffix}`, description: "Live updates.", cover: "", logo: "" },
  });
  const groupId = await withDatabase(baseURL, async (db) => (await db.query<{ id: number }>("SELECT id FROM groups WHERE name = $1", [groupName])).rows[0]!.id);
  const { thread } = await api.call<{ thread: { id: number } }>("POST", `/api/v2/groups/${groupId}/threads/create`, {
    token,
    data: { title: `Live thread ${suffix}`, content: textDelta("Opening post") },
  });
  const replyIds: number[] = [];
  for (let index = 1; index <= replies; index++) {
    const { post } = await api.call<{ post: { id: number } }>("POST", `/api/v2/threads/${thread.id}/posts/create`, {
      token,
      data: { content: textDelta(longText(`Reply number ${index}`)) },
    });
    replyIds.push(post.id);
  }
  const reply = async (text: string) =>
    (await api.call<{ post: { id: number } }>("POST", `/api/v2/threads/${thread.id}/posts/create`, { token, data: { content: textDelta(text) } })).post;
  return { api, token, groupName, threadId: thread.id, replyIds, reply };
}

test("a reply written elsewhere waits behind the bar, shows on click without moving the page, and edits and deletions land in place", async ({
  page,
  request,
  baseURL,
}) => {
  const { api, token, groupName, threadId, replyIds, reply } = await writeThread(request, baseURL!, 8);
  const thread = { id: threadId };

  // The reader: signed out, scrolled into the middle of the thread, with its stream open.
  await page.setViewportSize({ width: 1100, height: 700 });
  const connected = page.waitForResponse((response) => isThreadStream(response.url(), thread.id));
  await page.goto(`/g/${groupName}/t/${thread.id}`);
  expect((await connected).headers()["content-type"]).toContain("text/event-stream");
  const anchor = page.locator(`#post-${replyIds[3]}`);
  await anchor.scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollBy(0, -40));
  const before = { scrollY: await page.evaluate(() => window.scrollY), top: (await anchor.boundingBox())!.y };

  const fresh = await reply("A brand new live reply");
  const bar = page.getByTestId("live-bar");
  await expect(bar).toContainText("1 new reply");
  await expect(page.locator(`#post-${fresh.id}`)).toHaveCount(0);
  await bar.screenshot({ path: test.info().outputPath("live-bar.png") });
  await page.screenshot({ path: test.info().outputPath("live-bar-page.png") });
  // The bar floats: the page under it did not move when it appeared.
  expect(await page.evaluate(() => window.scrollY)).toBe(before.scrollY);

  await bar.getByRole("button", { name: "Show" }).click();
  await expect(page.locator(`#post-${fresh.id}`)).toContainText("A brand new live reply");
  await expect(bar).toHaveCount(0);
  expect(await page.evaluate(() => window.scrollY)).toBe(before.scrollY);
  expect(Math.abs((await anchor.boundingBox())!.y - before.top)).toBeLessThanOrEqual(1);

  // An edit and a deletion replace the posts where they stand, with no reload.
  await api.call("POST", `/api/v2/posts/${replyIds[3]}/edit`, { token, data: { content: textDelta("Reply number 4, edited while you read") } });
  await expect(anchor.locator(".post__body")).toHaveText("Reply number 4, edited while you read");
  await api.call("POST", `/api/v2/posts/${replyIds[4]}/delete`, { token });
  await expect(page.locator(`#post-${replyIds[4]}`)).toContainText("This post was deleted by its author.");
  // Someone's like moves the count under the reader's eyes.
  await api.call("POST", `/api/v2/posts/${replyIds[2]}/like`, { token });
  await expect(page.locator(`#post-${replyIds[2]} .post__likes`).first()).toContainText("1");
  // The live reply is React's: its edit replaces it in the list.
  await api.call("POST", `/api/v2/posts/${fresh.id}/edit`, { token, data: { content: textDelta("The live reply, edited") } });
  await expect(page.locator(`#post-${fresh.id} .post__body`)).toHaveText("The live reply, edited");
  expect(await page.locator(`#post-${fresh.id}`).count()).toBe(1);
});

test("the notification stream follows the signed-in person's session, and refuses a signed-out one", async ({ page, baseURL, wallet }) => {
  expect(wallet.address).toMatch(/^0x/);
  await page.goto("/");
  expect(await page.evaluate(async () => (await fetch("/live/events?notifications=1")).status)).toBe(401);
  const username = `listener_${suffix}`;
  await signInWithWallet(page, { username });
  const userId = await withDatabase(
    baseURL!,
    async (db) => (await db.query<{ id: number }>("SELECT id FROM users WHERE username = $1", [username])).rows[0]!.id,
  );
  // What the notification bell's hook does: an EventSource on /live/events?notifications=1, with the session cookie.
  const received = page.evaluate(
    () =>
      new Promise<{ id: string; data: string }>((resolve) => {
        const source = new EventSource("/live/events?notifications=1");
        source.addEventListener("notification", (event) => {
          source.close();
          resolve({ id: (event as MessageEvent<string>).lastEventId, data: (event as MessageEvent<string>).data });
        });
        source.onopen = () => document.body.setAttribute("data-live-open", "1");
      }),
  );
  await expect(page.locator("body")).toHaveAttribute("data-live-open", "1");
  const eventId = await withDatabase(
    baseURL!,
    async (db) =>
      (await db.query<{ id: string }>(`SELECT agora_publish($1, 'notification', '{"notification_id": 1, "unread_count": 4}'::jsonb) AS id`, [`user:${userId}`]))
        .rows[0]!.id,
  );
  const event = await received;
  expect({ id: event.id, data: JSON.parse(event.data) }).toEqual({ id: String(eventId), data: { notification_id: 1, unread_count: 4 } });
});

test("newest first, a shown reply goes above the others and the page stays where the reader is", async ({ page, request, baseURL }) => {
  const { groupName, threadId, replyIds, reply } = await writeThread(request, baseURL!, 6);
  await page.setViewportSize({ width: 1100, height: 700 });
  // The short address redirects to the canonical one (with the slug), which takes ?sort.
  await page.goto(`/g/${groupName}/t/${threadId}`);
  const connected = page.waitForResponse((response) => isThreadStream(response.url(), threadId));
  await page.goto(`${new URL(page.url()).pathname}?sort=new`);
  await connected;
  await expect(page.locator(".replies [data-testid=post]").first()).toHaveAttribute("id", `post-${replyIds[5]}`);
  const anchor = page.locator(`#post-${replyIds[2]}`);
  await anchor.scrollIntoViewIfNeeded();
  const top = (await anchor.boundingBox())!.y;

  const first = await reply("Newest live reply one");
  const second = await reply("Newest live reply two");
  await expect(page.getByTestId("live-bar")).toContainText("2 new replies");
  await page.getByTestId("live-bar").getByRole("button", { name: "Show" }).click();
  await expect(page.locator(`#post-${second.id}`)).toBeAttached();
  // Newest on top, both above the page's own first reply (the newest before them).
  const order = await page.locator(".replies [data-testid=post]").evaluateAll((posts) => posts.map((post) => post.id));
  expect(order.slice(0, 3)).toEqual([`post-${second.id}`, `post-${first.id}`, `post-${replyIds[5]}`]);
  expect(Math.abs((await anchor.boundingBox())!.y - top)).toBeLessThanOrEqual(1);
});
