import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/engine/client";
import { FirstPostSchema, PostSchema, type PostDto } from "@/lib/schemas/post-schemas";
import { ThreadSchema, type ThreadDto } from "@/lib/schemas/thread-schemas";
import { expectedError } from "../support/api-client";
import { createTestUser, type TestUser } from "../support/fixtures";
import { createNamedGroup, createPostOverHttp, createThreadOverHttp, getThreadOverHttp, textDelta } from "../support/thread-helpers";

const MICROSECOND_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}000Z$/;

async function fetchThread(id: number, groupName: string, query: Record<string, string | number> = {}, token?: string) {
  const response = await getThreadOverHttp(id, { group_name: groupName, ...query }, { token });
  expect(response.body.description).toBe("");
  expect(response.status).toBe(200);
  return ThreadSchema.strict().parse(response.body.data.thread);
}

describe("GET /api/get_thread/{thread_id} (endpoint 1)", () => {
  let owner: TestUser;
  let replier: TestUser;
  let group: { id: number; name: string };
  let thread: ThreadDto;

  beforeAll(async () => {
    owner = await createTestUser();
    replier = await createTestUser();
    group = await createNamedGroup(owner);
    thread = await createThreadOverHttp(owner, group.id, { title: "Thread under test", content: textDelta("Opening words") });
  });

  it("answers the full Thread record, field by field, in the /api envelope", async () => {
    const response = await getThreadOverHttp(thread.id, { group_name: group.name }, { token: owner.token });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: true, code: 20000, description: "", server: "rest" });
    const record = ThreadSchema.strict().parse(response.body.data.thread);
    const firstPost = FirstPostSchema.strict().parse(record.first_post);
    expect(record).toMatchObject({
      id: thread.id,
      title: "Thread under test",
      user_id: owner.id,
      group_id: group.id,
      first_post_id: firstPost.id,
      posts_count: 1,
      first_level_count: 0,
      category_index_id: null,
      is_delete: 0,
      posts: [],
      is_subscribe: true,
      is_pin: 0,
      participant: 1,
      is_gallery: false,
      gallery: null,
      tipped: false,
      tip_count: 0,
      user: { id: owner.id, username: owner.username, photo_url: "", is_nft: 0 },
      edit_history: { count: 0, lists: [] },
    });
    expect(record.updated_at).toMatch(MICROSECOND_TIMESTAMP);
    expect(firstPost).toMatchObject({
      parent_id: -1,
      user_id: owner.id,
      thread_id: thread.id,
      group_id: group.id,
      content: JSON.stringify([{ insert: "Opening words\n" }]),
      user_group_level: 1,
      can_edit: true,
      can_delete: true,
      liked: 0,
      deleted_by: null,
      reply_user: null,
      children: { posts: [] },
    });
    expect(firstPost.created_at).toMatch(MICROSECOND_TIMESTAMP);
    expect(record.hots.map((hot) => hot.id)).toContain(thread.id);
  });

  it("shows guests no viewer state and refuses a bad token", async () => {
    const record = await fetchThread(thread.id, group.name);
    expect(record.is_subscribe).toBe(false);
    expect(record.first_post).toMatchObject({ can_edit: false, can_delete: false, liked: 0 });
    const forged = await getThreadOverHttp(thread.id, { group_name: group.name }, { token: "eyJhbGciOiJIUzI1NiJ9.e30.bad" });
    expect(forged.status).toBe(401);
    expect(forged.body).toMatchObject(expectedError("api", 40103));
  });

  it("matches group_name case-insensitively and 404s on another group's name", async () => {
    const other = await createNamedGroup(owner);
    expect((await fetchThread(thread.id, group.name.toUpperCase())).id).toBe(thread.id);
    const wrong = await getThreadOverHttp(thread.id, { group_name: other.name });
    expect(wrong.status).toBe(404);
    expect(wrong.body).toMatchObject(expectedError("api", 40400));
  });

  it.each([
    ["page_size=101", "1", { page_size: 101 }, 400, 40000, /page_size/],
    ["page_size=0", "1", { page_size: 0 }, 400, 40000, /page_size/],
    ["sort=bad", "1", { sort: "bad" }, 400, 40000, /sort/],
    ["start_post_id=-5", "1", { start_post_id: -5 }, 400, 40000, /start_post_id/],
    ["no group_name", "1", { group_name: undefined }, 400, 40000, /group_name/],
    ["thread_id=abc", "abc", {}, 400, 40000, /thread_id/],
    ["an unknown thread", "2147483000", {}, 404, 40400, /thread/],
  ])("answers %s with %i", async (_label, id, query, status, code, description) => {
    const params: Record<string, string | number> = { group_name: group.name };
    for (const [key, value] of Object.entries(query)) {
      if (value === undefined) delete params[key];
      else params[key] = value;
    }
    const response = await getThreadOverHttp(id === "1" ? thread.id : id, params);
    expect(response.status).toBe(status);
    expect(response.body).toMatchObject(expectedError("api", code));
    expect(response.body.description).toMatch(description);
  });

  it("nests replies recursively under their top-level post", async () => {
    const nested = await createThreadOverHttp(owner, group.id);
    const top = await createPostOverHttp(owner, nested.id, "top");
    const reply = await createPostOverHttp(replier, nested.id, "reply", top.id);
    const replyToReply = await createPostOverHttp(owner, nested.id, "reply to reply", reply.id);
    expect([top.depth, reply.depth, replyToReply.depth]).toEqual([0, 1, 2]);

    const record = await fetchThread(nested.id, group.name, {}, replier.token);
    expect(record.posts).toHaveLength(1);
    const [topPost] = record.posts as [PostDto];
    expect(topPost).toMatchObject({ id: top.id, parent_id: -1, children_count: 1, reply_user: null });
    const [replyPost] = topPost.children.posts as [PostDto];
    expect(replyPost).toMatchObject({ id: reply.id, parent_id: top.id, children_count: 1, reply_uid: owner.id, can_edit: true });
    expect(replyPost.reply_user).toEqual({ id: owner.id, username: owner.username, photo_url: "", is_nft: 0 });
    const [deepest] = replyPost.children.posts as [PostDto];
    expect(deepest).toMatchObject({ id: replyToReply.id, parent_id: reply.id, children_count: 0, children: { posts: [] } });
    expect(deepest.reply_user?.id).toBe(replier.id);
    expect(record).toMatchObject({ posts_count: 4, first_level_count: 1, participant: 2 });
    PostSchema.strict().parse(deepest);
  });

  describe("paging over 25 top-level posts", () => {
    let paged: ThreadDto;
    let ids: number[];

    beforeAll(async () => {
      paged = await createThreadOverHttp(owner, group.id);
      ids = [];
      for (let index = 0; index < 25; index++) ids.push((await createPostOverHttp(replier, paged.id, `post ${index}`)).id);
      // A reply must never show up as a top-level post.
      await createPostOverHttp(owner, paged.id, "a reply", ids[3]);
    });

    it.each([
      ["new", (a: number, b: number) => b - a],
      ["old", (a: number, b: number) => a - b],
    ] as const)("walks sort=%s with start_post_id: no gap, no overlap, in order", async (sort, order) => {
      const seen: number[] = [];
      const sizes: number[] = [];
      let cursor = 0;
      for (let page = 0; page < 5; page++) {
        const record = await fetchThread(paged.id, group.name, { sort, page_size: 10, start_post_id: cursor });
        sizes.push(record.posts.length);
        if (record.posts.length === 0) break;
        seen.push(...record.posts.map((post) => post.id));
        cursor = record.posts.at(-1)!.id;
      }
      expect(sizes).toEqual([10, 10, 5, 0]);
      expect(seen).toEqual([...ids].sort(order));
    });

    it("defaults to sort=new and page_size=10, with replies nested, not listed", async () => {
      const record = await fetchThread(paged.id, group.name);
      expect(record.posts.map((post) => post.id)).toEqual([...ids].reverse().slice(0, 10));
      expect(record.first_level_count).toBe(25);
      expect(record.posts_count).toBe(27);
      const oldest = await fetchThread(paged.id, group.name, { sort: "old", page_size: 5 });
      expect(oldest.posts[3]).toMatchObject({ id: ids[3], children_count: 1 });
      expect(oldest.posts[3]?.children.posts).toHaveLength(1);
    });
  });

  it("reflects likes, edit rights, online state and edit history", async () => {
    const db = await getDb();
    const viewer = await createTestUser();
    const subject = await createThreadOverHttp(owner, group.id);
    const post = await createPostOverHttp(replier, subject.id, "likeable");
    const like = await db.postLike.create({ data: { postId: post.id, userId: viewer.id } });
    await db.post.update({ where: { id: post.id }, data: { likesCount: 1 } });
    // The server records presence on authenticated requests; pin both authors' state explicitly.
    await db.user.update({ where: { id: replier.id }, data: { lastSeenAt: new Date() } });
    await db.user.update({ where: { id: owner.id }, data: { lastSeenAt: new Date(Date.now() - 10 * 60_000) } });
    await db.postEdit.create({ data: { postId: subject.first_post_id, userId: owner.id, previousContent: textDelta("old") } });

    const asViewer = await fetchThread(subject.id, group.name, {}, viewer.token);
    expect(asViewer.posts[0]).toMatchObject({
      id: post.id,
      liked: 1,
      total_likes: 1,
      likes: [{ id: like.id, user_id: viewer.id, post_id: post.id, is_ban: 0 }],
      can_edit: false,
      can_delete: false,
      online: true,
    });
    expect(asViewer.first_post).toMatchObject({ online: false, can_edit: false });
    expect(asViewer.edit_history).toMatchObject({ count: 1, lists: [{ username: owner.username, post_id: subject.first_post_id, user_id: owner.id }] });

    const asAuthor = await fetchThread(subject.id, group.name, {}, replier.token);
    expect(asAuthor.posts[0]).toMatchObject({ liked: 0, can_edit: true, can_delete: true });
    // The group owner, a moderator, may edit and delete anyone's post (contract section 12).
    const asOwner = await fetchThread(subject.id, group.name, {}, owner.token);
    expect(asOwner.posts[0]).toMatchObject({ can_edit: true, can_delete: true });
    const asGuest = await fetchThread(subject.id, group.name);
    expect(asGuest.posts[0]).toMatchObject({ liked: 0, can_edit: false, can_delete: false });
  });

  it("lists the group's pinned threads", async () => {
    const db = await getDb();
    const pinned = await createThreadOverHttp(owner, group.id, { title: "Pinned notice" });
    await db.thread.update({ where: { id: pinned.id }, data: { isPin: 1 } });
    const record = await fetchThread(thread.id, group.name);
    expect(record.pinned.home).toContainEqual(expect.objectContaining({ id: pinned.id, title: "Pinned notice", category_id: 0 }));
    expect(record.pinned.home.length).toBeLessThanOrEqual(5);
  });
});
