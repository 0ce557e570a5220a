import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/engine/client";
import { CreatePostResponseSchema } from "@/lib/schemas/post-schemas";
import { ThreadSchema } from "@/lib/schemas/thread-schemas";
import { call, expectedError } from "../support/api-client";
import { createTestUser, type TestUser } from "../support/fixtures";
import { createNamedGroup, createPostOverHttp, createThreadOverHttp, getThreadOverHttp, readCounters, textDelta } from "../support/thread-helpers";

const createPath = (threadId: number | string) => `/api/v2/threads/${threadId}/posts/create`;

describe("POST /api/v2/threads/{thread_id}/posts/create (endpoint 3)", () => {
  let owner: TestUser;
  let poster: TestUser;
  let group: { id: number; name: string };
  let threadId: number;

  beforeAll(async () => {
    owner = await createTestUser();
    poster = await createTestUser();
    group = await createNamedGroup(owner);
    threadId = (await createThreadOverHttp(owner, group.id)).id;
  });

  it("answers the reference Created post shape and moves every counter", async () => {
    const before = await readCounters(threadId, group.id, poster.id);
    const response = await call("POST", createPath(threadId), { token: poster.token, body: { content: textDelta("Hello") } });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: true, code: "20000", description: "", server: "rest" });
    const { post, is_subscribe } = CreatePostResponseSchema.strict().parse(response.body.data);
    expect(is_subscribe).toBe(true);
    expect(post).toMatchObject({
      group_id: group.id,
      user_id: poster.id,
      parent_id: -1,
      content: textDelta("Hello"),
      sign: "",
      sign_msg: "",
      depth: 0,
      thread_id: threadId,
      attached_files: [],
      likes: [],
      flags: [],
      badge: [],
      user_title: [],
      total_likes: 0,
      total_report: 0,
      user: {
        id: poster.id,
        name: poster.username,
        email: null,
        web3_public_key: poster.address,
        photo_url: "",
        public_key: null,
        likes: 0,
        posts: before.user.postsCount + 1,
        activate: 1,
        payment_cus_id: "",
        salt: "",
        _import_source_import_id: "",
      },
    });
    expect(post.user.last_post_time).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/);
    const after = await readCounters(threadId, group.id, poster.id);
    expect(after.thread).toEqual({ postsCount: before.thread.postsCount + 1, firstLevelCount: before.thread.firstLevelCount + 1 });
    expect(after.group.postsCount).toBe(before.group.postsCount + 1);
    expect(after.group.membersCount).toBe(before.group.membersCount + 1);
    expect(after.user.postsCount).toBe(before.user.postsCount + 1);

    const asPoster = await getThreadOverHttp(threadId, { group_name: group.name }, { token: poster.token });
    expect(ThreadSchema.strict().parse(asPoster.body.data.thread).is_subscribe).toBe(true);
  });

  it("replies with parent_id: depth, parent's children_count, first_level_count unchanged", async () => {
    const parent = await createPostOverHttp(owner, threadId, "parent");
    const before = await readCounters(threadId, group.id, poster.id);
    const reply = await createPostOverHttp(poster, threadId, "reply", parent.id);
    expect(reply).toMatchObject({ parent_id: parent.id, depth: 1 });
    const after = await readCounters(threadId, group.id, poster.id);
    expect(after.thread).toEqual({ postsCount: before.thread.postsCount + 1, firstLevelCount: before.thread.firstLevelCount });
  });

  it.each(["form", "multipart"] as const)("accepts a %s body with content as JSON text", async (encoding) => {
    const response = await call("POST", createPath(threadId), {
      token: poster.token,
      encoding,
      body: { content: textDelta(`sent as ${encoding}`), parent_id: "", file_attachments: "" },
    });
    expect(response.status).toBe(200);
    expect(CreatePostResponseSchema.parse(response.body.data).post).toMatchObject({ parent_id: -1, content: textDelta(`sent as ${encoding}`) });
  });

  it("accepts content as a JSON array of ops and normalises it", async () => {
    const response = await call("POST", createPath(threadId), {
      token: poster.token,
      body: {
        content: [
          { insert: "bold", attributes: { bold: true } },
          { insert: " plain", attributes: { italic: false } },
        ],
      },
    });
    expect(response.status).toBe(200);
    const { post } = CreatePostResponseSchema.parse(response.body.data);
    expect(JSON.parse(post.content)).toEqual([{ insert: "bold", attributes: { bold: true } }, { insert: " plain\n" }]);
  });

  it.each([
    ["a javascript: link", { content: JSON.stringify([{ insert: "x", attributes: { link: "javascript:alert(1)" } }]) }, /^content.*http/],
    ["an unknown attribute", { content: JSON.stringify([{ insert: "x", attributes: { font: "serif" } }]) }, /^content.*unknown attribute/],
    ["empty content", { content: JSON.stringify([{ insert: "  \n" }]) }, /^content: must not be empty/],
    ["an empty string", { content: "" }, /^content/],
    ["no content", {}, /^content: is required/],
    ["content that is an object", { content: { insert: "x\n" } }, /^content/],
    ["content that is not JSON", { content: "<p>hi</p>" }, /^content: not valid JSON/],
    ["an image that is not http(s)", { content: JSON.stringify([{ insert: { image: "data:image/png;base64,AAAA" } }]) }, /^content/],
    ["parent_id=abc", { content: textDelta("x"), parent_id: "abc" }, /^parent_id/],
    ["parent_id=-2", { content: textDelta("x"), parent_id: -2 }, /^parent_id/],
    ["file_attachments=-1", { content: textDelta("x"), file_attachments: -1 }, /^file_attachments/],
  ])("refuses %s with 400 and writes nothing", async (_label, body, description) => {
    const before = await readCounters(threadId, group.id, poster.id);
    const response = await call("POST", createPath(threadId), { token: poster.token, body });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject(expectedError("v2", 40000));
    expect(response.body.description).toMatch(description);
    expect(await readCounters(threadId, group.id, poster.id)).toEqual(before);
  });

  // Contract section 5: a post that does not exist where it is named is a 404, not a malformed parameter.
  it.each([
    ["from another thread", async () => (await createPostOverHttp(owner, (await createThreadOverHttp(owner, group.id)).id, "elsewhere")).id],
    ["that does not exist", async () => 2147483000],
  ])("answers a parent_id %s with 404 and writes nothing", async (_label, parentId) => {
    const parent_id = await parentId();
    const before = await readCounters(threadId, group.id, poster.id);
    const response = await call("POST", createPath(threadId), { token: poster.token, body: { content: textDelta("x"), parent_id } });
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject(expectedError("v2", 40400));
    expect(response.body.description).toMatch(/^parent_id/);
    expect(await readCounters(threadId, group.id, poster.id)).toEqual(before);
  });

  it.each([
    ["no token", {}, 401, 40102],
    ["a forged token", { token: "eyJhbGciOiJIUzI1NiJ9.e30.bad" }, 401, 40103],
    ["no API key", { apiKey: false as const }, 401, 40100],
  ])("refuses %s and writes nothing", async (_label, options, status, code) => {
    const before = await readCounters(threadId, group.id, poster.id);
    const response = await call("POST", createPath(threadId), { body: { content: textDelta("x") }, ...options });
    expect(response.status).toBe(status);
    expect(response.body).toMatchObject(expectedError("v2", code));
    expect(await readCounters(threadId, group.id, poster.id)).toEqual(before);
  });

  it.each([
    ["an unknown thread", "2147483000", 404, 40400],
    ["thread_id=abc", "abc", 400, 40000],
  ])("answers %s with %i", async (_label, id, status, code) => {
    const response = await call("POST", createPath(id), { token: poster.token, body: { content: textDelta("x") } });
    expect(response.status).toBe(status);
    expect(response.body).toMatchObject(expectedError("v2", code));
  });

  it("keeps counters exact under 50 parallel posts from 5 users", async () => {
    const freshGroup = await createNamedGroup(owner);
    const target = await createThreadOverHttp(owner, freshGroup.id);
    const users: TestUser[] = [];
    for (let index = 0; index < 5; index++) users.push(await createTestUser());
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        call("POST", createPath(target.id), { token: users[index % 5]!.token, body: { content: textDelta(`parallel ${index}`) } }),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(50).fill(200));
    const ids = responses.map((response) => CreatePostResponseSchema.parse(response.body.data).post.id);
    expect(new Set(ids).size).toBe(50);

    const counters = await readCounters(target.id, freshGroup.id, users[0]!.id);
    expect(counters.thread).toEqual({ postsCount: 51, firstLevelCount: 50 });
    expect(counters.rows).toBe(51);
    expect(counters.group).toEqual({ postsCount: 51, threadsCount: 1, membersCount: 6 });
    for (const user of users) expect((await readCounters(target.id, freshGroup.id, user.id)).user.postsCount).toBe(10);

    const record = await getThreadOverHttp(target.id, { group_name: freshGroup.name, page_size: 100 });
    const thread = ThreadSchema.strict().parse(record.body.data.thread);
    expect(thread).toMatchObject({ posts_count: 51, first_level_count: 50, participant: 6 });
    expect(thread.posts.map((post) => post.id)).toEqual([...ids].sort((a, b) => b - a));
    // The newest post is the thread's last one, whichever transaction committed last.
    const newest = Math.max(...ids);
    const db = await getDb();
    const stored = await db.thread.findUniqueOrThrow({ where: { id: target.id }, select: { lastPostId: true, lastPostUserId: true } });
    const newestAuthor = await db.post.findUniqueOrThrow({ where: { id: newest }, select: { userId: true } });
    expect(stored).toEqual({ lastPostId: newest, lastPostUserId: newestAuthor.userId });
  }, 120_000);
});
