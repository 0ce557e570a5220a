import { beforeAll, describe, expect, it } from "vitest";
import type { CategoryDto } from "@/lib/schemas/category-schemas";
import { ThreadResponseSchema, type ThreadDto } from "@/lib/schemas/thread-schemas";
import type { ThreadListItemDto } from "@/lib/schemas/thread-list-schemas";
import type { ApiResponse } from "../support/api-client";
import {
  createCast,
  describePermissionMatrix,
  expectBadParam,
  expectOk,
  expectRefused,
  getAs,
  isModeratorName,
  listThreadsAs,
  postAs,
  readModlog,
  readThreadAs,
  readThreadState,
  type Cast,
} from "../support/community-helpers";
import { createTestUser, type TestUser } from "../support/fixtures";
import { createNamedGroup, createPostOverHttp, createThreadOverHttp, textDelta } from "../support/thread-helpers";

// Contract section 12, the rows about a thread: edit, delete, pin, lock (and posting in a locked
// thread). Every refusal is checked to leave the thread, its group's counters and the modlog as they were.

const UNKNOWN_ID = 2_000_000_000;

const editThread = (user: TestUser | undefined, threadId: number, body: Record<string, unknown>) =>
  postAs<{ thread: ThreadDto }>(user, `/api/v2/threads/${threadId}/edit`, body);
const deleteThread = (user: TestUser | undefined, threadId: number, body: Record<string, unknown> = {}) =>
  postAs(user, `/api/v2/threads/${threadId}/delete`, body);
const pinThread = (user: TestUser | undefined, threadId: number, pinned: unknown) =>
  postAs<{ thread: ThreadDto }>(user, `/api/v2/threads/${threadId}/pin`, { pinned });
const lockThread = (user: TestUser | undefined, threadId: number, locked: unknown) =>
  postAs<{ thread: ThreadDto }>(user, `/api/v2/threads/${threadId}/lock`, { locked });
const replyIn = (user: TestUser | undefined, threadId: number, text = "A reply") =>
  postAs(user, `/api/v2/threads/${threadId}/posts/create`, { content: textDelta(text) });

const threadOf = (response: ApiResponse<unknown>) => ThreadResponseSchema.parse(response.body.data).thread;

/** The modlog entries about one thread, newest first. */
async function entriesFor(groupId: number, threadId: number) {
  return (await readModlog(groupId)).filter((entry) => entry.targetType === "thread" && entry.targetId === threadId);
}

async function createCategoryOverHttp(owner: TestUser, groupId: number, name: string): Promise<number> {
  const response = await postAs<{ category: CategoryDto }>(owner, `/api/v2/groups/${groupId}/categories/create`, { name });
  expectOk(response);
  return response.body.data.category.id;
}

let cast: Cast;
const getCast = () => cast;

beforeAll(async () => {
  cast = await createCast();
});

describe("who may act on a thread (contract section 12's permission matrix)", () => {
  const fresh = (c: Cast, author: TestUser) => createThreadOverHttp(author, c.group.id, { title: "Original title" });

  describePermissionMatrix("POST /api/v2/threads/{thread_id}/edit", getCast, {
    allowed: ["author", "moderator", "admin", "owner"],
    arrange: fresh,
    act: (actor, thread) => editThread(actor, thread.id, { title: "Retitled" }),
    state: (thread) => readThreadState(thread.id),
    async expectDone({ response, target, cast: c, actor, actorName }) {
      expect(threadOf(response)).toMatchObject({ id: target.id, title: "Retitled", slug: "retitled" });
      expect((await readThreadState(target.id)).thread).toMatchObject({ title: "Retitled" });
      // A thread edit is logged only when someone other than its author makes it.
      expect(await entriesFor(c.group.id, target.id)).toEqual(
        actorName === "author" ? [] : [{ action: "edit_thread", targetType: "thread", targetId: target.id, moderatorId: actor.id }],
      );
    },
  });

  describePermissionMatrix("POST /api/v2/threads/{thread_id}/delete while nobody else has posted in it", getCast, {
    allowed: ["author", "moderator", "admin", "owner", "banned author"],
    arrange: fresh,
    act: (actor, thread) => deleteThread(actor, thread.id, { reason: "Duplicate" }),
    state: (thread) => readThreadState(thread.id),
    async expectDone({ response, target, cast: c, actor, actorName }) {
      expect(response.body.data).toEqual({});
      expect((await readThreadState(target.id)).thread).toMatchObject({ isDelete: 1 });
      expect((await listThreadsAs(undefined, c.group.id)).map((item) => item.id)).not.toContain(target.id);
      expect(await entriesFor(c.group.id, target.id)).toEqual(
        isModeratorName(actorName) ? [{ action: "delete_thread", targetType: "thread", targetId: target.id, moderatorId: actor.id }] : [],
      );
    },
  });

  describePermissionMatrix("POST /api/v2/threads/{thread_id}/delete after someone else replied", getCast, {
    allowed: ["moderator", "admin", "owner"],
    async arrange(c, author) {
      const thread = await fresh(c, author);
      await createPostOverHttp(await createTestUser(), thread.id, "Someone else's reply");
      return thread;
    },
    act: (actor, thread) => deleteThread(actor, thread.id),
    state: (thread) => readThreadState(thread.id),
    async expectDone({ target }) {
      expect((await readThreadState(target.id)).thread).toMatchObject({ isDelete: 1 });
    },
  });

  describePermissionMatrix("POST /api/v2/threads/{thread_id}/pin", getCast, {
    allowed: ["moderator", "admin", "owner"],
    arrange: fresh,
    act: (actor, thread) => pinThread(actor, thread.id, 1),
    state: (thread) => readThreadState(thread.id),
    async expectDone({ response, target, cast: c, actor }) {
      expect(threadOf(response)).toMatchObject({ id: target.id, is_pin: 1 });
      expect(await entriesFor(c.group.id, target.id)).toEqual([{ action: "pin_thread", targetType: "thread", targetId: target.id, moderatorId: actor.id }]);
    },
  });

  describePermissionMatrix("POST /api/v2/threads/{thread_id}/lock", getCast, {
    allowed: ["moderator", "admin", "owner"],
    arrange: fresh,
    act: (actor, thread) => lockThread(actor, thread.id, 1),
    state: (thread) => readThreadState(thread.id),
    async expectDone({ response, target, cast: c, actor }) {
      expect(threadOf(response)).toMatchObject({ id: target.id, is_locked: 1 });
      expect(await entriesFor(c.group.id, target.id)).toEqual([{ action: "lock_thread", targetType: "thread", targetId: target.id, moderatorId: actor.id }]);
    },
  });

  describePermissionMatrix("POST /api/v2/threads/{thread_id}/posts/create in a locked thread", getCast, {
    allowed: ["moderator", "admin", "owner"],
    async arrange(c, author) {
      const thread = await fresh(c, author);
      expectOk(await lockThread(c.moderator, thread.id, 1));
      return thread;
    },
    act: (actor, thread) => replyIn(actor, thread.id, "Posted while locked"),
    state: (thread) => readThreadState(thread.id),
    async expectDone({ target }) {
      expect(await readThreadState(target.id)).toMatchObject({ thread: { postsCount: 2, isLocked: 1 }, posts: 2 });
    },
  });
});

describe("POST /api/v2/threads/{thread_id}/edit", () => {
  it("moves a thread into a category of its group and out again with category_id 0", async () => {
    const categoryId = await createCategoryOverHttp(cast.owner, cast.group.id, "Announcements");
    const thread = await createThreadOverHttp(cast.author, cast.group.id);
    const moved = threadOf(await editThread(cast.author, thread.id, { category_id: categoryId }));
    expect(moved).toMatchObject({ category_index_id: categoryId, title: thread.title });
    const inCategory = await getAs<{ threads: ThreadListItemDto[] }>(undefined, `/api/v2/groups/${cast.group.id}/categories/${categoryId}`);
    expect(inCategory.body.data.threads.map((item) => item.id)).toContain(thread.id);
    expect(threadOf(await editThread(cast.moderator, thread.id, { category_id: 0 }))).toMatchObject({ category_index_id: null });
    expect((await readThreadState(thread.id)).thread.categoryId).toBeNull();
  });

  it("answers 404 naming category_id for a category of another group, changing nothing", async () => {
    const otherOwner = await createTestUser();
    const otherGroup = await createNamedGroup(otherOwner);
    const foreign = await createCategoryOverHttp(otherOwner, otherGroup.id, "Elsewhere");
    const thread = await createThreadOverHttp(cast.author, cast.group.id);
    const before = await readThreadState(thread.id);
    const response = await editThread(cast.author, thread.id, { category_id: foreign });
    expectRefused(response, 40400);
    expect(response.body.description).toMatch(/^category_id/);
    expect(await readThreadState(thread.id)).toEqual(before);
  });

  it.each([
    ["a title longer than 200 characters", { title: "x".repeat(201) }, "title"],
    ["a negative category_id", { category_id: -1 }, "category_id"],
    ["a category_id that is not a number", { category_id: "news" }, "category_id"],
  ])("refuses %s with 400 naming the parameter, changing nothing", async (_label, body, parameter) => {
    const thread = await createThreadOverHttp(cast.author, cast.group.id);
    const before = await readThreadState(thread.id);
    expectBadParam(await editThread(cast.author, thread.id, body), parameter);
    expect(await readThreadState(thread.id)).toEqual(before);
  });

  it("refuses an edit that names nothing to change with 400, changing nothing", async () => {
    const thread = await createThreadOverHttp(cast.author, cast.group.id);
    const before = await readThreadState(thread.id);
    expectRefused(await editThread(cast.author, thread.id, {}), 40000);
    expect(await readThreadState(thread.id)).toEqual(before);
  });
});

describe("POST /api/v2/threads/{thread_id}/delete", () => {
  it("takes the thread out of every listing and makes get thread 404 for all but the group's moderators", async () => {
    const categoryId = await createCategoryOverHttp(cast.owner, cast.group.id, "Doomed");
    const thread = await createThreadOverHttp(cast.author, cast.group.id, { category_id: categoryId });
    await createPostOverHttp(cast.author, thread.id, "My own reply");
    const before = await readThreadState(thread.id);
    expectOk(await deleteThread(cast.author, thread.id));

    expect(await readThreadState(thread.id)).toMatchObject({ thread: { isDelete: 1 }, group: { threadsCount: before.group.threadsCount - 1 } });
    for (const viewer of [undefined, cast.stranger, cast.moderator]) {
      expect((await listThreadsAs(viewer, cast.group.id)).map((item) => item.id)).not.toContain(thread.id);
    }
    const inCategory = await getAs<{ threads: ThreadListItemDto[] }>(cast.moderator, `/api/v2/groups/${cast.group.id}/categories/${categoryId}`);
    expect(inCategory.body.data.threads).toEqual([]);
    const authorsPosts = await getAs<{ user_posts: { thread_id: number }[] }>(undefined, `/api/v2/users/${cast.author.id}/posts`, { per_page: 100 });
    expect(authorsPosts.body.data.user_posts.map((post) => post.thread_id)).not.toContain(thread.id);

    for (const viewer of [undefined, cast.stranger, cast.author, cast.banned]) {
      const response = await readThreadAs(viewer, cast.group, thread.id);
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject({ status: false, code: 40400 });
    }
    for (const viewer of [cast.moderator, cast.admin, cast.owner]) {
      const response = await readThreadAs(viewer, cast.group, thread.id);
      expect(response.status).toBe(200);
      expect(response.body.data.thread).toMatchObject({ id: thread.id, is_delete: 1 });
    }
  });

  it("treats the thread and its posts as unknown (404) to everyone but moderators once deleted", async () => {
    const thread = await createThreadOverHttp(cast.author, cast.group.id);
    expectOk(await deleteThread(cast.moderator, thread.id));
    const before = await readThreadState(thread.id);
    expectRefused(await deleteThread(cast.author, thread.id), 40400);
    expectRefused(await editThread(cast.author, thread.id, { title: "Back from the dead" }), 40400);
    expectRefused(await replyIn(cast.author, thread.id), 40400);
    expectRefused(await postAs(cast.author, `/api/v2/posts/${thread.first_post_id}/edit`, { content: textDelta("Still here?") }), 40400);
    expectRefused(await getAs(cast.stranger, `/api/v2/posts/${thread.first_post_id}/revisions`), 40400);
    expect(await readThreadState(thread.id)).toEqual(before);
    // A moderator deleting it again changes nothing.
    const modlog = await readModlog(cast.group.id);
    expectOk(await deleteThread(cast.admin, thread.id));
    expect({ state: await readThreadState(thread.id), modlog: await readModlog(cast.group.id) }).toEqual({ state: before, modlog });
  });

  it("refuses a reason longer than 500 characters with 400 naming reason, changing nothing", async () => {
    const thread = await createThreadOverHttp(cast.author, cast.group.id);
    const before = await readThreadState(thread.id);
    expectBadParam(await deleteThread(cast.moderator, thread.id, { reason: "x".repeat(501) }), "reason");
    expect(await readThreadState(thread.id)).toEqual(before);
  });
});

describe("POST /api/v2/threads/{thread_id}/pin", () => {
  it("pins a thread to the head of its group's listing and unpins it, logging each change once", async () => {
    const owner = await createTestUser();
    const group = await createNamedGroup(owner);
    const older = await createThreadOverHttp(owner, group.id, { title: "Older" });
    await createThreadOverHttp(owner, group.id, { title: "Newer" });
    const listNewest = async () =>
      (await getAs<{ threads: ThreadListItemDto[] }>(undefined, `/api/v2/groups/${group.id}/threads`, { sort: "new" })).body.data.threads;

    expect(threadOf(await pinThread(owner, older.id, 1))).toMatchObject({ is_pin: 1 });
    expect(threadOf(await pinThread(owner, older.id, "1"))).toMatchObject({ is_pin: 1 });
    expect((await listNewest())[0]).toMatchObject({ id: older.id, is_pin: 1 });
    expect(threadOf(await pinThread(owner, older.id, 0))).toMatchObject({ is_pin: 0 });
    expect((await listNewest())[0]).toMatchObject({ title: "Newer", is_pin: 0 });
    expect((await entriesFor(group.id, older.id)).map((entry) => entry.action)).toEqual(["unpin_thread", "pin_thread"]);
  });

  it.each([
    ["pinned 2", { pinned: 2 }],
    ["no pinned", {}],
    ["pinned yes", { pinned: "yes" }],
  ])("refuses %s with 400 naming pinned, changing nothing", async (_label, body) => {
    const thread = await createThreadOverHttp(cast.author, cast.group.id);
    const before = { state: await readThreadState(thread.id), modlog: await readModlog(cast.group.id) };
    expectBadParam(await postAs(cast.moderator, `/api/v2/threads/${thread.id}/pin`, body), "pinned");
    expect({ state: await readThreadState(thread.id), modlog: await readModlog(cast.group.id) }).toEqual(before);
  });
});

describe("POST /api/v2/threads/{thread_id}/lock", () => {
  it("shows is_locked in the full record and the list item, and takes replies from moderators only until unlocked", async () => {
    const thread = await createThreadOverHttp(cast.author, cast.group.id);
    expect(threadOf(await lockThread(cast.moderator, thread.id, 1))).toMatchObject({ id: thread.id, is_locked: 1 });
    expect((await readThreadAs(undefined, cast.group, thread.id)).body.data.thread).toMatchObject({ is_locked: 1 });
    expect((await listThreadsAs(undefined, cast.group.id)).find((item) => item.id === thread.id)).toMatchObject({ is_locked: 1 });

    const before = await readThreadState(thread.id);
    expectRefused(await replyIn(cast.author, thread.id), 40300);
    expect(await readThreadState(thread.id)).toEqual(before);
    expectOk(await replyIn(cast.moderator, thread.id, "Moderator's note"));

    expect(threadOf(await lockThread(cast.owner, thread.id, 0))).toMatchObject({ is_locked: 0 });
    expectOk(await replyIn(cast.author, thread.id, "Open again"));
    expect((await listThreadsAs(undefined, cast.group.id)).find((item) => item.id === thread.id)).toMatchObject({ is_locked: 0, posts_count: 3 });
    expect((await entriesFor(cast.group.id, thread.id)).map((entry) => [entry.action, entry.moderatorId])).toEqual([
      ["unlock_thread", cast.owner.id],
      ["lock_thread", cast.moderator.id],
    ]);
  });

  it.each([
    ["locked 2", { locked: 2 }],
    ["no locked", {}],
  ])("refuses %s with 400 naming locked, changing nothing", async (_label, body) => {
    const thread = await createThreadOverHttp(cast.author, cast.group.id);
    const before = { state: await readThreadState(thread.id), modlog: await readModlog(cast.group.id) };
    expectBadParam(await postAs(cast.moderator, `/api/v2/threads/${thread.id}/lock`, body), "locked");
    expect({ state: await readThreadState(thread.id), modlog: await readModlog(cast.group.id) }).toEqual(before);
  });
});

describe("unknown threads", () => {
  it.each([
    ["edit", () => editThread(cast.owner, UNKNOWN_ID, { title: "Nobody" })],
    ["delete", () => deleteThread(cast.owner, UNKNOWN_ID)],
    ["pin", () => pinThread(cast.owner, UNKNOWN_ID, 1)],
    ["lock", () => lockThread(cast.owner, UNKNOWN_ID, 1)],
  ])("answers 404 40400 to %s of a thread that does not exist", async (_label, send) => {
    expectRefused(await send(), 40400);
  });

  it("answers 400 naming thread_id to an id that is not a positive integer", async () => {
    expectBadParam(await pinThread(cast.owner, 0, 1), "thread_id");
  });
});
