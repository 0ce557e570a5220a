import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/engine/client";
import { ThreadResponseSchema, ThreadSchema } from "@/lib/schemas/thread-schemas";
import { createCategory } from "@/lib/services/categories";
import { call, expectedError } from "../support/api-client";
import { createTestUser, type TestUser } from "../support/fixtures";
import { createNamedGroup, createThreadOverHttp, getThreadOverHttp, readCounters, textDelta } from "../support/thread-helpers";

const createPath = (groupId: number | string) => `/api/v2/groups/${groupId}/threads/create`;

async function countGroupThreads(groupId: number) {
  const db = await getDb();
  const rows = await db.thread.count({ where: { groupId } });
  const group = await db.group.findUniqueOrThrow({
    where: { id: groupId },
    select: { threadsCount: true, postsCount: true, tallies: { select: { postsCount: true } } },
  });
  // A group's posts_count is its row's plus its tallies' (lib/db/tallies.ts).
  return { rows, threadsCount: group.threadsCount, postsCount: group.tallies.reduce((sum, tally) => sum + tally.postsCount, group.postsCount) };
}

describe("POST /api/v2/groups/{group_id}/threads/create (contract section 9)", () => {
  let owner: TestUser;
  let outsider: TestUser;
  let group: { id: number; name: string };

  beforeAll(async () => {
    owner = await createTestUser();
    outsider = await createTestUser();
    group = await createNamedGroup(owner);
  });

  it("answers {thread} as the full record, the same as get thread shows it", async () => {
    const before = await countGroupThreads(group.id);
    const response = await call("POST", createPath(group.id), {
      token: owner.token,
      body: { title: "  A trimmed title  ", content: textDelta("The first post") },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: true, code: "20000", description: "", server: "rest" });
    const { thread } = ThreadResponseSchema.strict().parse(response.body.data);
    expect(thread).toMatchObject({
      title: "A trimmed title",
      slug: expect.stringMatching(/^a-trimmed-title/),
      user_id: owner.id,
      group_id: group.id,
      posts_count: 1,
      first_level_count: 0,
      category_index_id: null,
      is_subscribe: true,
      participant: 1,
      posts: [],
      first_post: { content: textDelta("The first post"), parent_id: -1, user_group_level: 1, can_edit: true },
    });
    expect(thread.first_post_id).toBe(thread.first_post.id);
    expect(await countGroupThreads(group.id)).toEqual({
      rows: before.rows + 1,
      threadsCount: before.threadsCount + 1,
      postsCount: before.postsCount + 1,
    });

    const read = await getThreadOverHttp(thread.id, { group_name: group.name }, { token: owner.token });
    expect(ThreadSchema.strict().parse(read.body.data.thread)).toEqual(thread);
  });

  it("lets a non-member start a thread (user_group_level 0) and counts their post", async () => {
    const thread = await createThreadOverHttp(outsider, group.id);
    expect(thread.first_post).toMatchObject({ user_id: outsider.id, user_group_level: 0 });
    const counters = await readCounters(thread.id, group.id, outsider.id);
    expect(counters.user.postsCount).toBe(1);
    expect(counters.thread).toEqual({ postsCount: 1, firstLevelCount: 0 });
  });

  it("files the thread under a category of the group; 0 means none", async () => {
    const category = await createCategory(owner, { groupId: group.id, name: "News", parentId: null });
    expect((await createThreadOverHttp(owner, group.id, { category_id: category.id })).category_index_id).toBe(category.id);
    expect((await createThreadOverHttp(owner, group.id, { category_id: 0 })).category_index_id).toBeNull();
  });

  it("accepts a title of exactly 200 characters", async () => {
    expect((await createThreadOverHttp(owner, group.id, { title: "t".repeat(200) })).title).toHaveLength(200);
  });

  describe("refusals write nothing", () => {
    let foreignCategoryId: number;

    beforeAll(async () => {
      const otherGroup = await createNamedGroup(owner);
      foreignCategoryId = (await createCategory(owner, { groupId: otherGroup.id, name: "Elsewhere", parentId: null })).id;
    });

    it.each([
      ["no title", { content: textDelta("x") }, /^title: is required/],
      ["a blank title", { title: "   ", content: textDelta("x") }, /^title/],
      ["a 201-character title", { title: "t".repeat(201), content: textDelta("x") }, /^title.*200/],
      ["no content", { title: "T" }, /^content: is required/],
      ["empty content", { title: "T", content: JSON.stringify([{ insert: "\n" }]) }, /^content: must not be empty/],
      ["a javascript: link", { title: "T", content: JSON.stringify([{ insert: "x", attributes: { link: "javascript:alert(1)" } }]) }, /^content/],
      ["an unknown attribute", { title: "T", content: JSON.stringify([{ insert: "x", attributes: { color: "red" } }]) }, /^content.*unknown attribute/],
      ["category_id=abc", { title: "T", content: textDelta("x"), category_id: "abc" }, /^category_id/],
      ["category_id=-1", { title: "T", content: textDelta("x"), category_id: -1 }, /^category_id/],
      ["a NUL character in the title", { title: "a\u0000b", content: textDelta("x") }, /^title: must not contain NUL/],
    ])("refuses %s with 400", async (_label, body, description) => {
      const before = await countGroupThreads(group.id);
      const response = await call("POST", createPath(group.id), { token: owner.token, body });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject(expectedError("v2", 40000));
      expect(response.body.description).toMatch(description);
      expect(await countGroupThreads(group.id)).toEqual(before);
    });

    // Contract section 5: a category that does not exist, or is in another group than named, is a 404.
    it.each([
      ["of another group", () => foreignCategoryId],
      ["that does not exist", () => 2147483000],
    ])("answers a category %s with 404", async (_label, categoryId) => {
      const before = await countGroupThreads(group.id);
      const response = await call("POST", createPath(group.id), {
        token: owner.token,
        body: { title: "T", content: textDelta("x"), category_id: categoryId() },
      });
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject(expectedError("v2", 40400));
      expect(response.body.description).toMatch(/^category_id/);
      expect(await countGroupThreads(group.id)).toEqual(before);
    });

    it.each([
      ["no token", {}, 401, 40102],
      ["a forged token", { token: "eyJhbGciOiJIUzI1NiJ9.e30.bad" }, 401, 40103],
    ])("refuses %s", async (_label, options, status, code) => {
      const before = await countGroupThreads(group.id);
      const response = await call("POST", createPath(group.id), { body: { title: "T", content: textDelta("x") }, ...options });
      expect(response.status).toBe(status);
      expect(response.body).toMatchObject(expectedError("v2", code));
      expect(await countGroupThreads(group.id)).toEqual(before);
    });

    it.each([
      ["an unknown group", "2147483000", 404, 40400],
      ["group_id=abc", "abc", 400, 40000],
    ])("answers %s with %i", async (_label, id, status, code) => {
      const response = await call("POST", createPath(id), { token: owner.token, body: { title: "T", content: textDelta("x") } });
      expect(response.status).toBe(status);
      expect(response.body).toMatchObject(expectedError("v2", code));
    });
  });
});
