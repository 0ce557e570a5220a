import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/engine/client";
import type { CreatedPostDto, PostDto } from "@/lib/schemas/post-schemas";
import { call } from "../support/api-client";
import {
  createCast,
  expectBadParam,
  expectOk,
  expectRefused,
  getAs,
  listThreadsAs,
  postAs,
  readModlog,
  readPostAs,
  readThreadAs,
  type Cast,
} from "../support/community-helpers";
import { createThreadOverHttp, textDelta } from "../support/thread-helpers";

// Contract section 17, sensitive content: `nsfw` on create thread, create post and post edit; the
// nsfw endpoint (author or moderator, a moderator's change logged); `nsfw` in every answer shape
// (int in get thread and {post} answers, string in the /api/v2 lists).

const setNsfw = (user: Cast["owner"] | undefined, postId: number | string, nsfw: unknown) =>
  postAs<{ post: PostDto }>(user, `/api/v2/posts/${postId}/nsfw`, nsfw === undefined ? {} : { nsfw });

async function storedNsfw(postId: number): Promise<number> {
  const db = await getDb();
  return (await db.post.findUniqueOrThrow({ where: { id: postId }, select: { nsfw: true } })).nsfw;
}

async function createPost(cast: Cast, threadId: number, body: Record<string, unknown>) {
  return postAs<{ post: CreatedPostDto }>(cast.author, `/api/v2/threads/${threadId}/posts/create`, { content: textDelta("A post"), ...body });
}

describe("sensitive content", () => {
  let cast: Cast;
  let threadId: number;

  beforeAll(async () => {
    cast = await createCast();
    threadId = (await createThreadOverHttp(cast.author, cast.group.id)).id;
  });

  it("create thread takes nsfw: get thread's first_post and the list item's first_post follow it", async () => {
    const created = await postAs<{ thread: { id: number; first_post: PostDto } }>(cast.author, `/api/v2/groups/${cast.group.id}/threads/create`, {
      title: "Careful",
      content: textDelta("Sensitive opening"),
      nsfw: 1,
    });
    expectOk(created);
    const thread = created.body.data.thread;
    expect(thread.first_post.nsfw).toBe(1);
    expect((await readThreadAs(undefined, cast.group, thread.id)).body.data.thread.first_post.nsfw).toBe(1);
    const item = (await listThreadsAs(undefined, cast.group.id)).find((row) => row.id === thread.id);
    expect(item?.first_post.nsfw).toBe("1");
    const plain = (await listThreadsAs(undefined, cast.group.id)).find((row) => row.id === threadId);
    expect(plain?.first_post.nsfw).toBe("0");
  });

  it("create post takes nsfw (0 by default): the {post} answer, get thread and the user's post list carry it", async () => {
    const marked = await createPost(cast, threadId, { nsfw: "1" });
    expectOk(marked);
    expect(marked.body.data.post.nsfw).toBe(1);
    const plain = await createPost(cast, threadId, {});
    expect(plain.body.data.post.nsfw).toBe(0);
    expect((await readPostAs(cast.stranger, cast.group, threadId, marked.body.data.post.id)).nsfw).toBe(1);
    expect((await readPostAs(cast.stranger, cast.group, threadId, plain.body.data.post.id)).nsfw).toBe(0);
    const list = await getAs<{ user_posts: { id: number; nsfw: string }[] }>(undefined, `/api/v2/users/${cast.author.id}/posts`);
    expectOk(list);
    expect(list.body.data.user_posts.find((post) => post.id === marked.body.data.post.id)?.nsfw).toBe("1");
    expect(list.body.data.user_posts.find((post) => post.id === plain.body.data.post.id)?.nsfw).toBe("0");
  });

  it("refuses a bad nsfw on create with a 400, writing nothing", async () => {
    const db = await getDb();
    const before = await db.post.count({ where: { threadId } });
    expectBadParam(await createPost(cast, threadId, { nsfw: 2 }), "nsfw");
    expectBadParam(await createPost(cast, threadId, { nsfw: "yes" }), "nsfw");
    expectBadParam(await postAs(cast.author, `/api/v2/groups/${cast.group.id}/threads/create`, { title: "Bad", content: textDelta("x"), nsfw: -1 }), "nsfw");
    expect(await db.post.count({ where: { threadId } })).toBe(before);
  });

  it("post edit takes nsfw; an edit without it keeps the mark", async () => {
    const post = (await createPost(cast, threadId, {})).body.data.post;
    const edited = await postAs<{ post: PostDto }>(cast.author, `/api/v2/posts/${post.id}/edit`, { content: textDelta("Now sensitive"), nsfw: 1 });
    expectOk(edited);
    expect(edited.body.data.post.nsfw).toBe(1);
    const again = await postAs<{ post: PostDto }>(cast.author, `/api/v2/posts/${post.id}/edit`, { content: textDelta("Still sensitive") });
    expect(again.body.data.post.nsfw).toBe(1);
    // Only the mark changes: same words, the mark off.
    const off = await postAs<{ post: PostDto }>(cast.author, `/api/v2/posts/${post.id}/edit`, { content: textDelta("Still sensitive"), nsfw: 0 });
    expect(off.body.data.post.nsfw).toBe(0);
    expect(await storedNsfw(post.id)).toBe(0);
    expectBadParam(await postAs(cast.author, `/api/v2/posts/${post.id}/edit`, { content: textDelta("x"), nsfw: 5 }), "nsfw");
    expect(await storedNsfw(post.id)).toBe(0);
  });

  it("POST /posts/{id}/nsfw: the author changes it without a modlog entry; the answer is {post}", async () => {
    const post = (await createPost(cast, threadId, {})).body.data.post;
    const before = (await readModlog(cast.group.id)).length;
    const response = await setNsfw(cast.author, post.id, 1);
    expectOk(response);
    expect(response.body.data.post).toMatchObject({ id: post.id, nsfw: 1, can_edit: true });
    expect(await storedNsfw(post.id)).toBe(1);
    expect((await setNsfw(cast.author, post.id, 1)).body.data.post.nsfw).toBe(1);
    expect((await readModlog(cast.group.id)).length).toBe(before);
    expect((await readPostAs(cast.stranger, cast.group, threadId, post.id)).nsfw).toBe(1);
    expect((await setNsfw(cast.author, post.id, "0")).body.data.post.nsfw).toBe(0);
    expect((await readPostAs(cast.stranger, cast.group, threadId, post.id)).nsfw).toBe(0);
  });

  it.each(["moderator", "admin", "owner"] as const)("a %s changes another's post and the modlog records it", async (role) => {
    const post = (await createPost(cast, threadId, {})).body.data.post;
    const response = await setNsfw(cast[role], post.id, 1);
    expectOk(response);
    expect(response.body.data.post.nsfw).toBe(1);
    expect((await readModlog(cast.group.id))[0]).toMatchObject({ action: "set_post_nsfw", targetType: "post", targetId: post.id, moderatorId: cast[role].id });
    // A change to what it already is writes no second entry.
    const count = (await readModlog(cast.group.id)).length;
    expectOk(await setNsfw(cast[role], post.id, 1));
    expect((await readModlog(cast.group.id)).length).toBe(count);
  });

  it("refuses strangers, the banned, bad values, unknown and deleted posts and no token, changing nothing", async () => {
    const post = (await createPost(cast, threadId, {})).body.data.post;
    const before = (await readModlog(cast.group.id)).length;
    expectRefused(await setNsfw(cast.stranger, post.id, 1), 40300);
    expectRefused(await setNsfw(cast.banned, post.id, 1), 40300);
    expectRefused(await setNsfw(undefined, post.id, 1), 40102);
    expectBadParam(await setNsfw(cast.author, post.id, 2), "nsfw");
    expectBadParam(await setNsfw(cast.author, post.id, undefined), "nsfw");
    expectBadParam(await setNsfw(cast.author, "x", 1), "post_id");
    expectRefused(await setNsfw(cast.author, 2_000_000_000, 1), 40400);
    expectOk(await postAs(cast.author, `/api/v2/posts/${post.id}/delete`));
    expectRefused(await setNsfw(cast.author, post.id, 1), 40300);
    expect(await storedNsfw(post.id)).toBe(0);
    expect((await readModlog(cast.group.id)).length).toBe(before);
  });

  it("the /api family's get thread (endpoint 1) shows the int; a kept guest answer follows a change", async () => {
    const post = (await createPost(cast, threadId, {})).body.data.post;
    const read = () => call<{ thread: { posts: PostDto[] } }>("GET", `/api/get_thread/${threadId}`, { query: { group_name: cast.group.name, page_size: 100 } });
    const find = async () => (await read()).body.data.thread.posts.find((row) => row.id === post.id)?.nsfw;
    expect(await find()).toBe(0);
    expectOk(await setNsfw(cast.moderator, post.id, 1));
    expect(await find()).toBe(1);
  });
});
