import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/engine/client";
import type { NotificationDto } from "@/lib/schemas/notification-schemas";
import { remindOfBookmark } from "@/lib/services/bookmarks";
import { call } from "../support/api-client";
import { expectBadParam, expectOk, expectRefused, getAs, notificationsOf, postAs, type Group } from "../support/community-helpers";
import { createTestUser, type TestUser } from "../support/fixtures";
import { createNamedGroup, createPostOverHttp, createThreadOverHttp, getThreadOverHttp } from "../support/thread-helpers";

// Contract section 17, bookmarks and reminders: set and take back (idempotent), the list (newest
// first, unreadable posts left out), the viewer's `bookmarked` in get thread, and reminders that
// arrive once, from the job, at their time.

type Bookmark = { post_id: number; thread_id: number; note: string; remind_at: string | null; created_at: string };
type ListItem = Bookmark & { group_id: number; title: string; snippet: string };
type BookmarkList = { bookmarks: ListItem[]; count: number };

const bookmark = (user: TestUser | undefined, postId: number | string, body: Record<string, unknown>) =>
  postAs<{ bookmark: Bookmark | null }>(user, `/api/v2/posts/${postId}/bookmark`, body);

async function listOf(user: TestUser, query: Record<string, string | number> = {}): Promise<BookmarkList> {
  const response = await getAs<BookmarkList>(user, "/api/v2/users/me/bookmarks", query);
  expectOk(response);
  return response.body.data;
}

async function remindersOf(user: TestUser): Promise<NotificationDto[]> {
  return (await notificationsOf(user)).notifications.filter((row) => row.type === "reminder");
}

const inSeconds = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 40_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await sleep(500);
  }
}

async function storedRemindAt(userId: number, postId: number): Promise<Date | null | undefined> {
  const db = await getDb();
  const row = await db.bookmark.findUnique({ where: { userId_postId: { userId, postId } }, select: { remindAt: true } });
  return row === null ? undefined : row.remindAt;
}

describe("bookmarks (contract section 17)", () => {
  let owner: TestUser;
  let reader: TestUser;
  let group: Group;
  let threadId: number;
  let first: number;
  let second: number;

  beforeAll(async () => {
    [owner, reader] = await Promise.all([createTestUser(), createTestUser()]);
    group = await createNamedGroup(owner);
    threadId = (await createThreadOverHttp(owner, group.id, { title: "Bookmark me" })).id;
    first = (await createPostOverHttp(owner, threadId, "The first saved post")).id;
    second = (await createPostOverHttp(owner, threadId, "The second saved post")).id;
  });

  it("bookmarks with a note, idempotently, and lists newest first with the contract's fields", async () => {
    const made = await bookmark(reader, first, { bookmarked: 1, note: "read later" });
    expectOk(made);
    expect(made.body.data.bookmark).toEqual({ post_id: first, thread_id: threadId, note: "read later", remind_at: null, created_at: expect.any(String) });
    const again = await bookmark(reader, first, { bookmarked: 1 });
    expect(again.body.data.bookmark).toEqual(made.body.data.bookmark);
    expectOk(await bookmark(reader, second, { bookmarked: "1" }));
    const list = await listOf(reader);
    expect(list.count).toBe(2);
    expect(list.bookmarks.map((row) => row.post_id)).toEqual([second, first]);
    expect(list.bookmarks[1]).toEqual({
      post_id: first,
      thread_id: threadId,
      group_id: group.id,
      title: "Bookmark me",
      snippet: "The first saved post",
      note: "read later",
      remind_at: null,
      created_at: made.body.data.bookmark!.created_at,
    });
    expect((await listOf(reader, { per_page: 1, page: 2 })).bookmarks.map((row) => row.post_id)).toEqual([first]);
    expect((await listOf(reader, { page: 9 })).count).toBe(2);
  });

  it("get thread carries the viewer's bookmarked, 0 for everyone else", async () => {
    const read = async (user?: TestUser) => {
      const response = await getThreadOverHttp(threadId, { group_name: group.name }, user ? { token: user.token } : {});
      return Object.fromEntries(response.body.data.thread.posts.map((post) => [post.id, post.bookmarked]));
    };
    expect(await read(reader)).toMatchObject({ [first]: 1, [second]: 1 });
    expect(await read(owner)).toMatchObject({ [first]: 0, [second]: 0 });
    expect(await read()).toMatchObject({ [first]: 0, [second]: 0 });
  });

  it("takes a bookmark back (null), idempotently; the post's thread then shows 0", async () => {
    const gone = await bookmark(reader, second, { bookmarked: 0 });
    expectOk(gone);
    expect(gone.body.data).toEqual({ bookmark: null });
    expect((await bookmark(reader, second, { bookmarked: 0 })).body.data).toEqual({ bookmark: null });
    expect((await listOf(reader)).bookmarks.map((row) => row.post_id)).toEqual([first]);
    const thread = await getThreadOverHttp(threadId, { group_name: group.name }, { token: reader.token });
    expect(thread.body.data.thread.posts.find((post) => post.id === second)?.bookmarked).toBe(0);
  });

  it("refuses bad input with the 400 envelope and changes nothing", async () => {
    const before = await listOf(reader);
    const bad: [Record<string, unknown>, string][] = [
      [{}, "bookmarked"],
      [{ bookmarked: 2 }, "bookmarked"],
      [{ bookmarked: 1, note: "x".repeat(201) }, "note"],
      [{ bookmarked: 1, remind_at: "tomorrow" }, "remind_at"],
      [{ bookmarked: 1, remind_at: "2030-01-01" }, "remind_at"],
      [{ bookmarked: 1, remind_at: "2030-02-30T10:00:00" }, "remind_at"],
      [{ bookmarked: 1, remind_at: inSeconds(-60) }, "remind_at"],
      [{ bookmarked: 1, remind_at: inSeconds(367 * 24 * 3600) }, "remind_at"],
    ];
    for (const [body, parameter] of bad) {
      expectBadParam(await bookmark(reader, second, body), parameter);
      expectBadParam(await bookmark(reader, first, { ...body, note: body.note ?? "changed?" }), parameter);
    }
    expect(await listOf(reader)).toEqual(before);
    expectRefused(await bookmark(reader, 2_000_000_000, { bookmarked: 1 }), 40400);
    expectRefused(await bookmark(undefined, first, { bookmarked: 1 }), 40102);
    expectRefused(await call("GET", "/api/v2/users/me/bookmarks"), 40102);
    expect(await listOf(reader)).toEqual(before);
  });

  it("a note of exactly 200 characters and a reminder within the year are kept; a blank remind_at clears it", async () => {
    const note = "n".repeat(200);
    const remindAt = inSeconds(364 * 24 * 3600);
    const set = await bookmark(reader, first, { bookmarked: 1, note, remind_at: remindAt });
    expectOk(set);
    expect(set.body.data.bookmark).toMatchObject({ note, remind_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/) });
    expect(Date.parse(set.body.data.bookmark!.remind_at!)).toBe(Date.parse(remindAt));
    const cleared = await bookmark(reader, first, { bookmarked: 1, remind_at: "" });
    expect(cleared.body.data.bookmark).toMatchObject({ note, remind_at: null });
  });

  it("leaves out posts the user can no longer read, and refuses bookmarking them", async () => {
    const user = await createTestUser();
    const host = await createTestUser();
    const closing = await createNamedGroup(host);
    const closingThread = (await createThreadOverHttp(host, closing.id)).id;
    const secretPost = (await createPostOverHttp(host, closingThread, "Soon private")).id;
    const deletedPost = (await createPostOverHttp(host, threadId, "Soon deleted")).id;
    expectOk(await bookmark(user, secretPost, { bookmarked: 1 }));
    expectOk(await bookmark(user, deletedPost, { bookmarked: 1 }));
    expectOk(await bookmark(user, first, { bookmarked: 1 }));
    expect((await listOf(user)).count).toBe(3);
    expectOk(await postAs(host, `/api/v2/groups/${closing.id}/settings`, { visibility: 1 }));
    expectOk(await postAs(host, `/api/v2/posts/${deletedPost}/delete`, {}));
    const list = await listOf(user);
    expect(list).toMatchObject({ count: 1, bookmarks: [{ post_id: first }] });
    expectRefused(await bookmark(user, secretPost, { bookmarked: 1, note: "again" }), 40300);
    expectRefused(await bookmark(user, deletedPost, { bookmarked: 1 }), 40400);
    expectOk(await postAs(host, `/api/v2/groups/${closing.id}/settings`, { visibility: 2 }));
    expectRefused(await bookmark(user, secretPost, { bookmarked: 1 }), 40400);
    // Taking one back works whatever became of the post.
    expect((await bookmark(user, secretPost, { bookmarked: 0 })).body.data).toEqual({ bookmark: null });
  });

  /** A thread of `count` more posts written straight to the table (the limit is about bookmarks, not posting), its first `bookmarked` posts bookmarked by `user`. */
  async function fillBookmarks(user: TestUser, count: number, bookmarked: number): Promise<number[]> {
    const db = await getDb();
    const extraThread = (await createThreadOverHttp(owner, group.id)).id;
    await db.$executeRaw`
      INSERT INTO posts (thread_id, group_id, user_id, depth, reply_uid, content, sign_msg, created_at, updated_at)
      SELECT ${extraThread}, ${group.id}, ${owner.id}, 0, 0, '[{"insert":"filler\\n"}]', '', now(), now() FROM generate_series(1, ${count}::int)`;
    const ids = (await db.post.findMany({ where: { threadId: extraThread }, select: { id: true }, orderBy: { id: "asc" } })).map((row) => row.id);
    await db.$executeRaw`INSERT INTO bookmarks (user_id, post_id) SELECT ${user.id}, unnest(${ids.slice(0, bookmarked)}::int[])`;
    return ids;
  }

  it("keeps at most 1,000 bookmarks per user: the next is a 400, changing an existing one still works", async () => {
    const user = await createTestUser();
    const ids = await fillBookmarks(user, 1000, 999);
    expectOk(await bookmark(user, ids[999]!, { bookmarked: 1 }));
    const refused = await bookmark(user, first, { bookmarked: 1 });
    expectRefused(refused, 40000);
    expect(refused.body.description).toContain("1000");
    expect((await listOf(user)).count).toBe(1000);
    expectOk(await bookmark(user, ids[0]!, { bookmarked: 1, note: "still editable" }));
    expectOk(await bookmark(user, ids[0]!, { bookmarked: 0 }));
    expectOk(await bookmark(user, first, { bookmarked: 1 }));
    expect((await listOf(user)).count).toBe(1000);
  });

  it("bookmarks sent at once cannot pass the limit together", async () => {
    const user = await createTestUser();
    const ids = await fillBookmarks(user, 1004, 998);
    const answers = await Promise.all(ids.slice(998, 1004).map((id) => bookmark(user, id, { bookmarked: 1 })));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(2);
    expect(answers.filter((answer) => answer.status === 400)).toHaveLength(4);
    expect((await listOf(user)).count).toBe(1000);
  });

  it("a reminder arrives once at its time (post and thread set, no actor), clears remind_at and keeps the bookmark", async () => {
    const user = await createTestUser();
    const set = await bookmark(user, first, { bookmarked: 1, note: "ping me", remind_at: inSeconds(3) });
    expectOk(set);
    expectOk(await bookmark(user, second, { bookmarked: 1, remind_at: inSeconds(3) }));
    expect(await remindersOf(user)).toEqual([]);
    const reminders = await waitFor(
      () => remindersOf(user),
      (rows) => rows.length >= 2,
    );
    // Two reminders in one thread are two rows: reminders are never grouped.
    expect(reminders).toHaveLength(2);
    expect(reminders.map((row) => row.post_id).sort()).toEqual([first, second].sort());
    for (const row of reminders) expect(row).toMatchObject({ type: "reminder", thread_id: threadId, actor: null, count: 1, read: false });
    const list = await listOf(user);
    expect(list.bookmarks.map((row) => [row.post_id, row.remind_at, row.note])).toEqual([
      [second, null, ""],
      [first, null, "ping me"],
    ]);
    await sleep(4000);
    expect(await remindersOf(user)).toHaveLength(2);
  });

  it("a reminder moved later, or taken away with the bookmark, does not fire at the old time", async () => {
    const user = await createTestUser();
    const control = await createTestUser();
    expectOk(await bookmark(user, first, { bookmarked: 1, remind_at: inSeconds(2) }));
    expectOk(await bookmark(user, first, { bookmarked: 1, remind_at: inSeconds(3600) }));
    expectOk(await bookmark(user, second, { bookmarked: 1, remind_at: inSeconds(2) }));
    expectOk(await bookmark(user, second, { bookmarked: 0 }));
    expectOk(await bookmark(control, first, { bookmarked: 1, remind_at: inSeconds(2) }));
    await waitFor(
      () => remindersOf(control),
      (rows) => rows.length > 0,
    );
    await sleep(3000);
    expect(await remindersOf(user)).toEqual([]);
    expect(await storedRemindAt(user.id, first)).not.toBeNull();
  });

  it("fires exactly once when its job runs several times at once (several instances)", async () => {
    const user = await createTestUser();
    const remindAt = inSeconds(3600);
    expectOk(await bookmark(user, first, { bookmarked: 1, remind_at: remindAt }));
    const stored = (await storedRemindAt(user.id, first))!;
    const payload = { userId: user.id, postId: first, remindAt: stored.toISOString() };
    await Promise.all([remindOfBookmark(payload), remindOfBookmark(payload), remindOfBookmark(payload)]);
    expect(await remindersOf(user)).toHaveLength(1);
    expect(await storedRemindAt(user.id, first)).toBeNull();
    await remindOfBookmark(payload);
    expect(await remindersOf(user)).toHaveLength(1);
  });

  it("the reminder job is durable: it is a pg-boss job written with the bookmark, starting at remind_at", async () => {
    const user = await createTestUser();
    const remindAt = inSeconds(7200);
    expectOk(await bookmark(user, second, { bookmarked: 1, remind_at: remindAt }));
    const db = await getDb();
    const jobs = await db.$queryRaw<{ start_after: Date }[]>`
      SELECT start_after FROM pgboss.job WHERE name = 'remind-bookmark' AND data->>'userId' = ${String(user.id)} AND state = 'created'`;
    expect(jobs).toHaveLength(1);
    expect(Math.abs(jobs[0]!.start_after.getTime() - Date.parse(remindAt))).toBeLessThan(5000);
  });
});
