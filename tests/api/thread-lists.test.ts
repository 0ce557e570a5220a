import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/engine/client";
import { countGroupThreads } from "@/lib/db/thread-lists";
import { createCategory } from "@/lib/services/categories";
import { createPost } from "@/lib/services/posts";
import { createThread } from "@/lib/services/threads";
import { ThreadListItemSchema, type ThreadListItemDto } from "@/lib/schemas/thread-list-schemas";
import { call, expectedError } from "../support/api-client";
import { createTestUser, type TestUser } from "../support/fixtures";

type ThreadList = { threads: ThreadListItemDto[] };

const delta = (text: string) => JSON.stringify([{ insert: `${text}\n` }]);

function parseThreads(body: ThreadList): ThreadListItemDto[] {
  return body.threads.map((thread) => ThreadListItemSchema.strict().parse(thread));
}

describe("thread listings (endpoints 12 and 2)", () => {
  let author: TestUser;
  let replier: TestUser;
  let groupId: number;
  let categoryId: number;
  let foreignCategoryId: number;
  /** Thread ids in creation order. */
  let threadIds: number[];
  let pinnedId: number;
  let bumpedId: number;

  beforeAll(async () => {
    author = await createTestUser();
    replier = await createTestUser();
    groupId = await author.createGroup();
    categoryId = (await createCategory(author, { groupId, name: "Announcements", parentId: null })).id;
    const otherGroup = await replier.createGroup();
    foreignCategoryId = (await createCategory(replier, { groupId: otherGroup, name: "Foreign", parentId: null })).id;
    threadIds = [];
    for (let index = 0; index < 25; index += 1) {
      const created = await createThread(author, {
        group: { id: groupId },
        title: `Thread number ${index}`,
        content: delta(`Body ${index}`),
        categoryId: index % 5 === 0 ? categoryId : null,
      });
      threadIds.push(created.id);
    }
    await (await getDb()).thread.update({ where: { id: threadIds[3]! }, data: { isPin: 1 } });
    pinnedId = threadIds[3]!;
    bumpedId = threadIds[5]!;
    await createPost(replier, { threadId: bumpedId, content: delta("A reply that bumps the thread"), parentId: null });
  });

  async function walk(query: Record<string, string | number>): Promise<number[][]> {
    const pages: number[][] = [];
    for (let page = 1; page <= 4; page += 1) {
      const response = await call<ThreadList>("GET", `/api/v2/groups/${groupId}/threads`, { query: { ...query, page, per_page: 10 } });
      expect(response.status).toBe(200);
      pages.push(parseThreads(response.body.data).map((thread) => thread.id));
    }
    return pages;
  }

  it("walks every page of sort=old: oldest created first, no overlap, no gap, short last page, empty past the end", async () => {
    const pages = await walk({ sort: "old" });
    expect(pages.map((page) => page.length)).toEqual([10, 10, 5, 0]);
    expect(pages.flat()).toEqual(threadIds);
  });

  it("walks every page of sort=new: pinned first, then latest activity", async () => {
    const rest = threadIds.filter((id) => id !== pinnedId && id !== bumpedId).reverse();
    const pages = await walk({ sort: "new" });
    expect(pages.map((page) => page.length)).toEqual([10, 10, 5, 0]);
    expect(pages.flat()).toEqual([pinnedId, bumpedId, ...rest]);
  });

  it("defaults to page 1, 10 per page, sort old, every category", async () => {
    const response = await call<ThreadList>("GET", `/api/v2/groups/${groupId}/threads`);
    expect(response.body).toMatchObject({ status: true, code: "20000", description: "", server: "rest" });
    expect(parseThreads(response.body.data).map((thread) => thread.id)).toEqual(threadIds.slice(0, 10));
  });

  it("answers the list-item shape: category, first post, latest reply", async () => {
    const response = await call<ThreadList>("GET", `/api/v2/groups/${groupId}/threads`, { query: { sort: "new", per_page: 3 } });
    const [pinned, bumped, newest] = parseThreads(response.body.data);
    expect(pinned).toMatchObject({ id: pinnedId, is_pin: 1, category: [], categorys_id: "", categorys_name: "", category_index_id: "" });
    expect(pinned!.first_post).toEqual({ content: delta("Body 3"), deleted: "0", user_id: author.id, nsfw: "0" });
    expect(bumped).toMatchObject({
      id: bumpedId,
      title: "Thread number 5",
      slug: expect.any(String),
      gallery_id: "0",
      posts_count: 2,
      likes_count: 0,
      user_id: author.id,
      is_pin: 0,
      last_user_name: replier.username,
      categorys_id: categoryId,
      categorys_name: "Announcements",
      category_index_id: categoryId,
      category: { id: categoryId, name: "Announcements" },
    });
    expect(bumped!.last_post_id).toBeGreaterThan(bumped!.first_post_id);
    expect(bumped!.latest_reply).toEqual({
      user_id: replier.id,
      user: { id: replier.id, is_nfc: 0, name: replier.username, photo_url: "" },
      online: false,
      badge: [],
      user_title: [],
      is_ban: "0",
    });
    expect(newest).toMatchObject({ id: threadIds[24], last_user_name: author.username, last_post_id: newest!.first_post_id });
  });

  it("filters by category_id (retiring) and counts only that category's threads", async () => {
    const response = await call<ThreadList>("GET", `/api/v2/groups/${groupId}/threads`, { query: { category_id: categoryId, per_page: 100 } });
    const expected = threadIds.filter((_id, index) => index % 5 === 0);
    expect(parseThreads(response.body.data).map((thread) => thread.id)).toEqual(expected);
    expect(await countGroupThreads({ groupId, categoryId })).toBe(5);
    expect(await countGroupThreads({ groupId, categoryId: 0 })).toBe(25);
  });

  it("lists a category's threads: pinned first, then latest activity (endpoint 2)", async () => {
    const db = await getDb();
    await db.thread.update({ where: { id: threadIds[10]! }, data: { isPin: 1 } });
    try {
      const response = await call<ThreadList>("GET", `/api/v2/groups/${groupId}/categories/${categoryId}`);
      expect(response.status).toBe(200);
      expect(response.body.code).toBe("20000");
      const ids = parseThreads(response.body.data).map((thread) => thread.id);
      expect(ids).toEqual([threadIds[10], bumpedId, threadIds[20], threadIds[15], threadIds[0]]);
      const paged = await call<ThreadList>("GET", `/api/v2/groups/${groupId}/categories/${categoryId}`, { query: { page: 2, per_page: 2 } });
      expect(paged.body.data.threads.map((thread) => thread.id)).toEqual([threadIds[20], threadIds[15]]);
    } finally {
      await db.thread.update({ where: { id: threadIds[10]! }, data: { isPin: 0 } });
    }
  });

  it.each([
    ["per_page=101", { per_page: 101 }, /per_page/],
    ["page=0", { page: 0 }, /page/],
    ["sort=bad", { sort: "bad" }, /sort/],
    ["category_id=-1", { category_id: -1 }, /category_id/],
  ])("refuses %s on group threads with 400", async (_label, query, description) => {
    const response = await call("GET", `/api/v2/groups/${groupId}/threads`, { query });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject(expectedError("v2", 40000));
    expect(response.body.description).toMatch(description);
  });

  it.each([
    ["per_page=101", { per_page: 101 }, /per_page/],
    ["page=0", { page: 0 }, /page/],
  ])("refuses %s on category threads with 400", async (_label, query, description) => {
    const response = await call("GET", `/api/v2/groups/${groupId}/categories/${categoryId}`, { query });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject(expectedError("v2", 40000));
    expect(response.body.description).toMatch(description);
  });

  it("answers 404 for a category of another group, on both endpoints", async () => {
    const byPath = await call("GET", `/api/v2/groups/${groupId}/categories/${foreignCategoryId}`);
    const byFilter = await call("GET", `/api/v2/groups/${groupId}/threads`, { query: { category_id: foreignCategoryId } });
    for (const response of [byPath, byFilter]) {
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject(expectedError("v2", 40400));
      expect(response.body.description).toMatch(/category/);
    }
  });

  it("answers 404 for an unknown group or category", async () => {
    const group = await call("GET", "/api/v2/groups/999999/threads");
    const category = await call("GET", `/api/v2/groups/${groupId}/categories/999999`);
    expect(group.body).toMatchObject(expectedError("v2", 40400));
    expect(group.body.description).toMatch(/group/);
    expect(category.body).toMatchObject(expectedError("v2", 40400));
  });

  it("leaves deleted threads out", async () => {
    const db = await getDb();
    await db.thread.update({ where: { id: threadIds[1]! }, data: { isDelete: 1 } });
    try {
      const response = await call<ThreadList>("GET", `/api/v2/groups/${groupId}/threads`, { query: { per_page: 100 } });
      expect(response.body.data.threads.map((thread) => thread.id)).toEqual(threadIds.filter((id) => id !== threadIds[1]));
    } finally {
      await db.thread.update({ where: { id: threadIds[1]! }, data: { isDelete: 0 } });
    }
  });
});
