import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/engine/client";
import type { NotificationDto } from "@/lib/schemas/notification-schemas";
import { banOverHttp, expectBadParam, expectOk, getAs, postAs } from "../support/community-helpers";
import { createTestUser, type TestUser } from "../support/fixtures";
import { createNamedGroup, createPostOverHttp, createThreadOverHttp, textDelta } from "../support/thread-helpers";

// Contract section 13: notifications. Each rule is driven over HTTP and read back through
// GET /api/v2/notifications; the live events the writes publish are read from live_events.

type NotificationList = { notifications: NotificationDto[]; unread_count: number };

async function listOf(user: TestUser, query: Record<string, string | number> = {}): Promise<NotificationList> {
  const response = await getAs<NotificationList>(user, "/api/v2/notifications", { per_page: 100, ...query });
  expectOk(response);
  return response.body.data;
}

const markRead = (user: TestUser, body: Record<string, unknown>) => postAs<{ unread_count: number }>(user, "/api/v2/notifications/read", body);
const subscribe = (user: TestUser, threadId: number | string, value: unknown) =>
  postAs<{ is_subscribe: boolean }>(user, `/api/v2/threads/${threadId}/subscribe`, { subscribe: value });

/** The newest notification event published for a user (topic 'user:<id>'). */
async function lastEvent(user: TestUser): Promise<{ notification_id: number | null; unread_count: number } | null> {
  const db = await getDb();
  const event = await db.liveEvent.findFirst({ where: { topic: `user:${user.id}`, type: "notification" }, orderBy: { id: "desc" } });
  return (event?.data as { notification_id: number | null; unread_count: number } | undefined) ?? null;
}

async function countEvents(user: TestUser): Promise<number> {
  const db = await getDb();
  return db.liveEvent.count({ where: { topic: `user:${user.id}` } });
}

/** A group whose owner starts a thread; answers the thread and its opening post. */
async function startThread(owner: TestUser) {
  const group = await createNamedGroup(owner);
  const thread = await createThreadOverHttp(owner, group.id);
  return { group, threadId: thread.id, firstPostId: thread.first_post_id };
}

describe("notifications: who gets what", () => {
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;

  beforeAll(async () => {
    [alice, bob, carol] = await Promise.all([createTestUser(), createTestUser(), createTestUser()]);
  });

  it("a reply notifies the parent's author once (reply, not also post), and nobody hears of their own post", async () => {
    const { threadId, firstPostId } = await startThread(alice);
    const reply = await createPostOverHttp(bob, threadId, "Nice thread", firstPostId);
    const list = await listOf(alice);
    const mine = list.notifications.filter((n) => n.thread_id === threadId);
    expect(mine).toEqual([
      expect.objectContaining({
        type: "reply",
        thread_id: threadId,
        post_id: reply.id,
        count: 1,
        read: false,
        actor: expect.objectContaining({ id: bob.id, username: bob.username }),
      }),
    ]);
    expect(mine[0]!.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/);
    expect((await listOf(bob)).notifications.filter((n) => n.thread_id === threadId)).toEqual([]);
    // Alice answering her own thread notifies Bob (he follows it since he posted), never Alice.
    const own = await createPostOverHttp(alice, threadId, "Thanks");
    expect((await listOf(alice)).notifications.filter((n) => n.thread_id === threadId)).toHaveLength(1);
    expect((await listOf(bob)).notifications.filter((n) => n.thread_id === threadId)).toEqual([
      expect.objectContaining({ type: "post", post_id: own.id, count: 1 }),
    ]);
  });

  it("groups a thread's replies into one unread row with a count; after reading, the next one starts a new row", async () => {
    const { threadId, firstPostId } = await startThread(alice);
    await createPostOverHttp(bob, threadId, "One", firstPostId);
    const second = await createPostOverHttp(carol, threadId, "Two", firstPostId);
    let rows = (await listOf(alice)).notifications.filter((n) => n.thread_id === threadId);
    expect(rows).toEqual([
      expect.objectContaining({ type: "reply", count: 2, post_id: second.id, read: false, actor: expect.objectContaining({ id: carol.id }) }),
    ]);
    expectOk(await markRead(alice, { ids: String(rows[0]!.id) }));
    const third = await createPostOverHttp(bob, threadId, "Three", firstPostId);
    rows = (await listOf(alice)).notifications.filter((n) => n.thread_id === threadId);
    expect(rows.map((n) => ({ type: n.type, count: n.count, read: n.read, post_id: n.post_id }))).toEqual([
      { type: "reply", count: 1, read: false, post_id: third.id },
      { type: "reply", count: 2, read: true, post_id: second.id },
    ]);
  });

  it("mentions resolve case-insensitively in one post, unknown names are ignored, and a mention outranks post", async () => {
    const { threadId } = await startThread(alice);
    const dave = await createTestUser();
    const post = await createPostOverHttp(
      bob,
      threadId,
      `Hey @${dave.username.toUpperCase()} and @${alice.username}, also @nobody-${Date.now()} and mail@${carol.username}`,
    );
    expect((await listOf(dave)).notifications).toEqual([expect.objectContaining({ type: "mention", thread_id: threadId, post_id: post.id, count: 1 })]);
    // Alice follows the thread (she started it) but hears of the post once, as a mention.
    expect((await listOf(alice)).notifications.filter((n) => n.thread_id === threadId)).toEqual([
      expect.objectContaining({ type: "mention", post_id: post.id }),
    ]);
    // "mail@name" is an address, not a mention.
    expect((await listOf(carol)).notifications.filter((n) => n.thread_id === threadId)).toEqual([]);
    // Mentioning yourself notifies nobody.
    await createPostOverHttp(dave, threadId, `I am @${dave.username}`);
    expect((await listOf(dave)).notifications).toHaveLength(1);
  });

  it("an edit notifies only the people it newly mentions", async () => {
    const { threadId } = await startThread(alice);
    const [dave, erin] = await Promise.all([createTestUser(), createTestUser()]);
    const post = await createPostOverHttp(bob, threadId, `Ping @${dave.username}`);
    expect((await listOf(dave)).notifications).toHaveLength(1);
    expectOk(await postAs(bob, `/api/v2/posts/${post.id}/edit`, { content: textDelta(`Ping @${dave.username} and @${erin.username}`) }));
    expect((await listOf(dave)).notifications).toEqual([expect.objectContaining({ type: "mention", count: 1 })]);
    expect((await listOf(erin)).notifications).toEqual([
      expect.objectContaining({ type: "mention", post_id: post.id, count: 1, actor: expect.objectContaining({ id: bob.id }) }),
    ]);
    // Taking a name out and putting it back is not a new mention either.
    expectOk(await postAs(bob, `/api/v2/posts/${post.id}/edit`, { content: textDelta("No names") }));
    expectOk(await postAs(bob, `/api/v2/posts/${post.id}/edit`, { content: textDelta(`Again @${erin.username}`) }));
    expect((await listOf(erin)).notifications).toEqual([expect.objectContaining({ count: 1 })]);
  });

  it("a like notifies the post's author (not for their own like); an unread like is taken back by unlike", async () => {
    const { threadId, firstPostId } = await startThread(alice);
    expectOk(await postAs(alice, `/api/v2/posts/${firstPostId}/like`));
    expect((await listOf(alice)).notifications.filter((n) => n.thread_id === threadId)).toEqual([]);
    expectOk(await postAs(bob, `/api/v2/posts/${firstPostId}/like`));
    expectOk(await postAs(carol, `/api/v2/posts/${firstPostId}/like`));
    let likes = (await listOf(alice)).notifications.filter((n) => n.thread_id === threadId);
    expect(likes).toEqual([expect.objectContaining({ type: "like", post_id: firstPostId, count: 2, actor: expect.objectContaining({ id: carol.id }) })]);
    expectOk(await postAs(carol, `/api/v2/posts/${firstPostId}/unlike`));
    likes = (await listOf(alice)).notifications.filter((n) => n.thread_id === threadId);
    expect(likes).toEqual([expect.objectContaining({ type: "like", count: 1, actor: expect.objectContaining({ id: bob.id }) })]);
    expectOk(await postAs(bob, `/api/v2/posts/${firstPostId}/unlike`));
    expect((await listOf(alice)).notifications.filter((n) => n.thread_id === threadId)).toEqual([]);
    // A like already read stays in the history when taken back.
    expectOk(await postAs(bob, `/api/v2/posts/${firstPostId}/like`));
    expectOk(await markRead(alice, { all: 1 }));
    expectOk(await postAs(bob, `/api/v2/posts/${firstPostId}/unlike`));
    expect((await listOf(alice)).notifications.filter((n) => n.thread_id === threadId)).toEqual([
      expect.objectContaining({ type: "like", read: true, count: 1 }),
    ]);
  });

  it("a deleted post leaves its grouped row (count down, latest post back) and a row left empty disappears", async () => {
    const { threadId, firstPostId } = await startThread(alice);
    const first = await createPostOverHttp(bob, threadId, "First", firstPostId);
    const second = await createPostOverHttp(bob, threadId, "Second", firstPostId);
    expectOk(await postAs(bob, `/api/v2/posts/${second.id}/delete`));
    let rows = (await listOf(alice)).notifications.filter((n) => n.thread_id === threadId);
    expect(rows).toEqual([expect.objectContaining({ type: "reply", count: 1, post_id: first.id })]);
    expect(await lastEvent(alice)).toEqual({ notification_id: rows[0]!.id, unread_count: (await listOf(alice)).unread_count });
    expectOk(await postAs(bob, `/api/v2/posts/${first.id}/delete`));
    rows = (await listOf(alice)).notifications.filter((n) => n.thread_id === threadId);
    expect(rows).toEqual([]);
  });

  it("concurrent replies and deletes in one thread keep the grouped row exact", async () => {
    const { threadId, firstPostId } = await startThread(alice);
    const repliers = await Promise.all(Array.from({ length: 10 }, () => createTestUser()));
    const first = await Promise.all(repliers.map((user, index) => createPostOverHttp(user, threadId, `Reply ${index}`, firstPostId)));
    let rows = (await listOf(alice)).notifications.filter((n) => n.thread_id === threadId);
    expect(rows).toEqual([expect.objectContaining({ type: "reply", count: 10 })]);
    // Half of them take theirs back while the other half reply again.
    const answers = await Promise.all(
      repliers.map((user, index) =>
        index % 2 === 0
          ? postAs(user, `/api/v2/posts/${first[index]!.id}/delete`)
          : postAs(user, `/api/v2/threads/${threadId}/posts/create`, { content: textDelta("Again"), parent_id: firstPostId }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    rows = (await listOf(alice)).notifications.filter((n) => n.thread_id === threadId);
    expect(rows).toEqual([expect.objectContaining({ type: "reply", count: 10 })]);
    const db = await getDb();
    const row = await db.notification.findUniqueOrThrow({ where: { id: rows[0]!.id }, include: { events: { orderBy: { id: "asc" } } } });
    const live = await db.post.findMany({ where: { threadId, parentId: firstPostId, deleted: 0 }, select: { id: true }, orderBy: { id: "asc" } });
    const grouped = row.events.map((event) => event.postId);
    expect([...grouped].sort((a, b) => a - b)).toEqual(live.map((post) => post.id));
    expect(row.count).toBe(grouped.length);
    expect(row.postId).toBe(grouped[grouped.length - 1]);
    expect((await lastEvent(alice))?.unread_count).toBe((await listOf(alice)).unread_count);
  });

  it("a deleted thread takes its notifications with it", async () => {
    const { group, threadId, firstPostId } = await startThread(alice);
    await createPostOverHttp(bob, threadId, "Reply", firstPostId);
    expect((await listOf(alice)).notifications.some((n) => n.thread_id === threadId)).toBe(true);
    expectOk(await postAs(alice, `/api/v2/threads/${threadId}/delete`));
    expect((await listOf(alice)).notifications.some((n) => n.thread_id === threadId)).toBe(false);
    expect(group.id).toBeGreaterThan(0);
  });

  it("people banned in the group get nothing from it", async () => {
    const { group, threadId, firstPostId } = await startThread(alice);
    const reply = await createPostOverHttp(bob, threadId, "Before the ban", firstPostId);
    await banOverHttp(alice, group.id, bob);
    const before = (await listOf(bob)).notifications.length;
    await createPostOverHttp(alice, threadId, `Answer to you @${bob.username}`, reply.id);
    expectOk(await postAs(alice, `/api/v2/posts/${reply.id}/like`));
    expect((await listOf(bob)).notifications).toHaveLength(before);
  });

  it("people who stop following a thread stop getting its posts; following again brings them back", async () => {
    const { threadId } = await startThread(alice);
    const frank = await createTestUser();
    expectOk(await subscribe(frank, threadId, 1));
    await createPostOverHttp(bob, threadId, "For followers");
    expect((await listOf(frank)).notifications).toEqual([expect.objectContaining({ type: "post", thread_id: threadId, count: 1 })]);
    expectOk(await subscribe(frank, threadId, 0));
    await createPostOverHttp(bob, threadId, "Not for Frank");
    expect((await listOf(frank)).notifications).toEqual([expect.objectContaining({ count: 1 })]);
    expectOk(await subscribe(frank, threadId, "1"));
    await createPostOverHttp(bob, threadId, "Frank again");
    expect((await listOf(frank)).notifications).toEqual([expect.objectContaining({ count: 2 })]);
  });
});

describe("notifications: reading them", () => {
  let alice: TestUser;
  let bob: TestUser;
  let threads: { threadId: number; firstPostId: number }[];

  beforeAll(async () => {
    [alice, bob] = await Promise.all([createTestUser(), createTestUser()]);
    threads = [];
    for (let index = 0; index < 4; index += 1) {
      const started = await startThread(alice);
      threads.push(started);
      await createPostOverHttp(bob, started.threadId, `Reply ${index}`, started.firstPostId);
    }
  });

  it("lists newest first, pages, filters unread and publishes every change with the new unread count", async () => {
    const all = await listOf(alice);
    expect(all.unread_count).toBe(4);
    expect(all.notifications.map((n) => n.thread_id)).toEqual(threads.map((t) => t.threadId).reverse());
    const page2 = await listOf(alice, { page: 2, per_page: 3 });
    expect(page2.notifications.map((n) => n.thread_id)).toEqual([threads[0]!.threadId]);
    expect(page2.unread_count).toBe(4);
    expect(await lastEvent(alice)).toEqual({ notification_id: all.notifications[0]!.id, unread_count: 4 });
  });

  it("reads one, then several, then all, answering the unread count; the event carries it too", async () => {
    const ids = (await listOf(alice)).notifications.map((n) => n.id);
    const one = await markRead(alice, { ids: String(ids[0]) });
    expectOk(one);
    expect(one.body.data).toEqual({ unread_count: 3 });
    expect(await lastEvent(alice)).toEqual({ notification_id: ids[0], unread_count: 3 });
    const several = await markRead(alice, { ids: `${ids[1]}, ${ids[2]},${ids[0]}` });
    expect(several.body.data).toEqual({ unread_count: 1 });
    expect(await lastEvent(alice)).toEqual({ notification_id: null, unread_count: 1 });
    expect((await listOf(alice, { unread: 1 })).notifications.map((n) => n.id)).toEqual([ids[3]]);
    // Reading what is read already publishes nothing.
    const events = await countEvents(alice);
    expect((await markRead(alice, { ids: String(ids[0]) })).body.data).toEqual({ unread_count: 1 });
    expect(await countEvents(alice)).toBe(events);
    expect((await markRead(alice, { all: "1" })).body.data).toEqual({ unread_count: 0 });
    expect(await lastEvent(alice)).toEqual({ notification_id: ids[3], unread_count: 0 });
    expect((await listOf(alice, { unread: 1 })).notifications).toEqual([]);
    expect((await listOf(alice)).notifications.every((n) => n.read)).toBe(true);
  });

  it("ids of another person's notifications change nothing", async () => {
    const started = await startThread(bob);
    await createPostOverHttp(alice, started.threadId, "To Bob", started.firstPostId);
    const bobs = await listOf(bob, { unread: 1 });
    expect(bobs.unread_count).toBeGreaterThan(0);
    const answer = await markRead(alice, { ids: bobs.notifications.map((n) => n.id).join(",") });
    expectOk(answer);
    expect(answer.body.data).toEqual({ unread_count: 0 });
    expect(await listOf(bob, { unread: 1 })).toEqual(bobs);
  });

  it("refuses bad parameters with the 400 envelope and changes nothing", async () => {
    const started = await startThread(bob);
    await createPostOverHttp(alice, started.threadId, "Unread for Bob", started.firstPostId);
    const before = await listOf(bob);
    const events = await countEvents(bob);
    const refused: [Record<string, unknown>, string][] = [
      [{}, "ids"],
      [{ ids: "abc" }, "ids"],
      [{ ids: "0" }, "ids"],
      [{ ids: "1,,2" }, "ids"],
      [{ ids: "-4" }, "ids"],
      [{ ids: "99999999999" }, "ids"],
      [{ ids: Array(101).fill(before.notifications[0]!.id).join(",") }, "ids"],
      [{ all: 2 }, "all"],
      [{ all: 0 }, "ids"],
      [{ ids: "x", all: 1 }, "ids"],
    ];
    for (const [body, parameter] of refused) expectBadParam(await markRead(bob, body), parameter);
    const badQueries: Record<string, string | number>[] = [{ unread: 2 }, { unread: "yes" }, { per_page: 0 }, { per_page: 101 }, { page: 0 }, { page: "x" }];
    for (const query of badQueries) {
      const response = await getAs(bob, "/api/v2/notifications", query);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ status: false, code: "40000" });
    }
    expect(await listOf(bob)).toEqual(before);
    expect(await countEvents(bob)).toBe(events);
  });

  it("needs a token", async () => {
    for (const response of [await getAs(undefined, "/api/v2/notifications"), await markRead(undefined as unknown as TestUser, { all: 1 })]) {
      expect(response.status).toBe(401);
      expect(response.body.status).toBe(false);
    }
  });
});
