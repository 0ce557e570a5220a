import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/engine/client";
import { call, expectedError } from "../support/api-client";
import { createTestUser, type TestUser } from "../support/fixtures";
import { createNamedGroup, createPostOverHttp, createThreadOverHttp, getThreadOverHttp } from "../support/thread-helpers";

// Contract section 12: likes. Every counter a like moves is read back from the database.

type LikeState = { post_id: number; liked: 0 | 1; total_likes: number };

const like = (user: TestUser, postId: number | string) => call<LikeState>("POST", `/api/v2/posts/${postId}/like`, { token: user.token });
const unlike = (user: TestUser, postId: number | string) => call<LikeState>("POST", `/api/v2/posts/${postId}/unlike`, { token: user.token });

async function readLikeCounters(postId: number) {
  const db = await getDb();
  const post = await db.post.findUniqueOrThrow({ where: { id: postId }, select: { likesCount: true, threadId: true, userId: true } });
  const thread = await db.thread.findUniqueOrThrow({ where: { id: post.threadId }, select: { likesCount: true } });
  const author = await db.user.findUniqueOrThrow({ where: { id: post.userId }, select: { likesCount: true } });
  const rows = await db.postLike.count({ where: { postId } });
  return { post: post.likesCount, thread: thread.likesCount, author: author.likesCount, rows };
}

describe("POST /api/v2/posts/{post_id}/like and /unlike", () => {
  let author: TestUser;
  let reader: TestUser;
  let group: { id: number; name: string };
  let threadId: number;
  let postId: number;

  beforeAll(async () => {
    author = await createTestUser();
    reader = await createTestUser();
    group = await createNamedGroup(author);
    threadId = (await createThreadOverHttp(author, group.id)).id;
    postId = (await createPostOverHttp(author, threadId, "Worth a like")).id;
  });

  it("likes once however often it is asked, and moves the post, thread and author counters together", async () => {
    const first = await like(reader, postId);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ status: true, code: "20000", data: { post_id: postId, liked: 1, total_likes: 1 } });
    expect((await like(reader, postId)).body.data).toEqual({ post_id: postId, liked: 1, total_likes: 1 });
    expect(await readLikeCounters(postId)).toEqual({ post: 1, thread: 1, author: 1, rows: 1 });
  });

  it("shows the like to the liker in both families' thread reads, and to nobody else as theirs", async () => {
    const read = async (token?: string) => {
      const response = await getThreadOverHttp(threadId, { group_name: group.name }, token ? { token } : {});
      return response.body.data.thread.posts.find((post) => post.id === postId)!;
    };
    expect(await read(reader.token)).toMatchObject({ liked: 1, total_likes: 1, likes: [{ user_id: reader.id, post_id: postId }] });
    expect(await read()).toMatchObject({ liked: 0, total_likes: 1 });
    const list = await call<{ threads: { id: number; likes_count: number }[] }>("GET", `/api/v2/groups/${group.id}/threads`);
    expect(list.body.data.threads.find((thread) => thread.id === threadId)?.likes_count).toBe(1);
  });

  it("takes a like back once, and unliking what was not liked changes nothing", async () => {
    expect((await unlike(reader, postId)).body.data).toEqual({ post_id: postId, liked: 0, total_likes: 0 });
    expect((await unlike(reader, postId)).body.data).toEqual({ post_id: postId, liked: 0, total_likes: 0 });
    expect(await readLikeCounters(postId)).toEqual({ post: 0, thread: 0, author: 0, rows: 0 });
  });

  it("counts 50 people liking one post at once exactly", async () => {
    const target = (await createPostOverHttp(author, threadId, "Popular")).id;
    const before = await readLikeCounters(target);
    const likers = await Promise.all(Array.from({ length: 50 }, () => createTestUser()));
    const answers = await Promise.all(likers.map((user) => like(user, target)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(50).fill(200));
    const after = await readLikeCounters(target);
    expect(after).toEqual({ post: 50, thread: before.thread + 50, author: before.author + 50, rows: 50 });
  });

  it("ends a like/unlike storm by one person at 0 or 1, with the counters matching the rows", async () => {
    const target = (await createPostOverHttp(author, threadId, "Stormy")).id;
    const before = await readLikeCounters(target);
    await Promise.all(Array.from({ length: 40 }, (_, index) => (index % 2 === 0 ? like(reader, target) : unlike(reader, target))));
    const after = await readLikeCounters(target);
    expect([0, 1]).toContain(after.rows);
    expect(after).toEqual({ post: after.rows, thread: before.thread + after.rows, author: before.author + after.rows, rows: after.rows });
  });

  it("refuses without a token, for unknown posts and for deleted posts, changing nothing", async () => {
    const noToken = await call("POST", `/api/v2/posts/${postId}/like`);
    expect(noToken.status).toBe(401);
    expect(noToken.body).toMatchObject(expectedError("v2", 40102));
    const unknown = await like(reader, 2_000_000_000);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject(expectedError("v2", 40400));
    expect((await like(reader, "abc")).status).toBe(400);
    const deleted = (await createPostOverHttp(author, threadId, "Soon gone")).id;
    await (await getDb()).post.update({ where: { id: deleted }, data: { deleted: 1 } });
    const refused = await like(reader, deleted);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject(expectedError("v2", 40300));
    expect(await readLikeCounters(deleted)).toMatchObject({ post: 0, rows: 0 });
    expect((await call("GET", `/api/v2/posts/${postId}/like`, { token: reader.token })).status).toBe(405);
  });
});
