import { describe, expect, it } from "vitest";
import { findCounterDrift, type RecountScope } from "@/lib/db/counter-recount";
import { getDb } from "@/lib/db/engine/client";
import { insertPostRow } from "@/lib/db/post-insert";
import { recountPostCounters } from "@/lib/services/maintenance";
import { announceStalePosts } from "@/lib/services/posts";
import { call } from "../support/api-client";
import { createTestUser, type TestUser } from "../support/fixtures";
import { createNamedGroup, createPostOverHttp, createThreadOverHttp, getThreadOverHttp, textDelta } from "../support/thread-helpers";

// Issue 30: a post moves its group's and its author's counters in slotted tallies, not on one row
// every writer waits for, and notifies after its commit. Under concurrent posts the counters stay
// exact as the API shows them, and the recount (lib/services/maintenance.ts) finds nothing to fix.

interface MeUser {
  posts: number;
  groups: { id: number; posts: number }[];
}

/** The author's posts and the group's (a member's /api/me lists the group with its posts), as the API shows them. */
async function countsOf(user: TestUser, groupId: number): Promise<{ posts: number; groupPosts: number | undefined }> {
  const response = await call<{ user: MeUser }>("GET", "/api/me", { token: user.token });
  expect(response.status).toBe(200);
  const me = response.body.data.user;
  return { posts: me.posts, groupPosts: me.groups.find((group) => group.id === groupId)?.posts };
}

async function threadPostsCount(threadId: number, groupName: string): Promise<number> {
  const response = await getThreadOverHttp(threadId, { group_name: groupName });
  expect(response.status).toBe(200);
  return response.body.data.thread.posts_count;
}

async function expectNothingToFix(scope: RecountScope): Promise<void> {
  expect(await findCounterDrift(scope)).toEqual([]);
  expect(await recountPostCounters(scope)).toEqual([]);
}

describe("counters under concurrent posts", () => {
  it("50 posts at once into one thread by 10 authors: thread, group and authors exact, nothing to fix", async () => {
    const owner = await createTestUser();
    const group = await createNamedGroup(owner);
    const thread = await createThreadOverHttp(owner, group.id);
    const authors = await Promise.all(Array.from({ length: 10 }, () => createTestUser()));
    await Promise.all(Array.from({ length: 50 }, (_, index) => createPostOverHttp(authors[index % 10]!, thread.id, `Post ${index}`)));

    expect(await threadPostsCount(thread.id, group.name)).toBe(51);
    for (const author of authors) expect(await countsOf(author, group.id)).toEqual({ posts: 5, groupPosts: 51 });
    expect(await countsOf(owner, group.id)).toEqual({ posts: 1, groupPosts: 51 });
    await expectNothingToFix({ threadIds: [thread.id], groupIds: [group.id], userIds: [owner.id, ...authors.map((author) => author.id)] });
  });

  it("50 posts at once spread over 16 threads of one group, each author in two threads: exact, nothing to fix", async () => {
    const owner = await createTestUser();
    const group = await createNamedGroup(owner);
    const threads: { id: number }[] = [];
    for (let index = 0; index < 16; index += 1) threads.push(await createThreadOverHttp(owner, group.id));
    const authors = await Promise.all(Array.from({ length: 8 }, () => createTestUser()));
    await Promise.all(Array.from({ length: 50 }, (_, index) => createPostOverHttp(authors[index % 8]!, threads[index % 16]!.id, `Post ${index}`)));

    for (const [index, thread] of threads.entries()) {
      const written = Array.from({ length: 50 }, (_, n) => n).filter((n) => n % 16 === index).length;
      expect(await threadPostsCount(thread.id, group.name)).toBe(1 + written);
    }
    for (const [index, author] of authors.entries()) {
      const written = Array.from({ length: 50 }, (_, n) => n).filter((n) => n % 8 === index).length;
      expect(await countsOf(author, group.id)).toEqual({ posts: written, groupPosts: 66 });
    }
    await expectNothingToFix({
      threadIds: threads.map((thread) => thread.id),
      groupIds: [group.id],
      userIds: [owner.id, ...authors.map((author) => author.id)],
    });
  });

  it("an author reads their own post at once, in the post's answer and in the next read", async () => {
    const owner = await createTestUser();
    const group = await createNamedGroup(owner);
    const thread = await createThreadOverHttp(owner, group.id);
    const author = await createTestUser();
    for (let n = 1; n <= 3; n += 1) {
      const post = await createPostOverHttp(author, thread.id, `Post ${n}`);
      expect(post.user.posts).toBe(n);
      expect(await countsOf(author, group.id)).toEqual({ posts: n, groupPosts: 1 + n });
    }
  });

  it("the recount finds a counter that drifted, sets it, and then finds nothing", async () => {
    const owner = await createTestUser();
    const group = await createNamedGroup(owner);
    const thread = await createThreadOverHttp(owner, group.id);
    await createPostOverHttp(owner, thread.id, "Second");
    const db = await getDb();
    await db.$executeRaw`UPDATE users SET posts_count = posts_count + 3 WHERE id = ${owner.id}`;
    await db.$executeRaw`UPDATE groups SET posts_count = posts_count - 1 WHERE id = ${group.id}`;
    await db.$executeRaw`UPDATE threads SET first_level_count = first_level_count + 2 WHERE id = ${thread.id}`;
    const scope = { threadIds: [thread.id], groupIds: [group.id], userIds: [owner.id] };
    expect(await recountPostCounters(scope)).toEqual([
      { table: "threads", id: thread.id, counter: "first_level_count", stored: 3, counted: 1 },
      { table: "groups", id: group.id, counter: "posts_count", stored: 1, counted: 2 },
      { table: "users", id: owner.id, counter: "posts_count", stored: 5, counted: 2 },
    ]);
    await expectNothingToFix(scope);
    expect(await countsOf(owner, group.id)).toEqual({ posts: 2, groupPosts: 2 });
  });
});

describe("notifications of a post whose request ended after the commit", () => {
  it("are written by the sweep, once", async () => {
    const [owner, follower] = await Promise.all([createTestUser(), createTestUser()]);
    const group = await createNamedGroup(owner);
    const thread = await createThreadOverHttp(owner, group.id);
    await createPostOverHttp(follower, thread.id, "Following now");
    const unread = async () =>
      (await call<{ unread_count: number }>("GET", "/api/v2/notifications", { token: follower.token, query: { unread: 1 } })).body.data.unread_count;
    expect(await unread()).toBe(0);
    // The post is committed, and its request never got to notify (as if the instance died there).
    const post = await insertPostRow({
      threadId: thread.id,
      groupId: group.id,
      userId: owner.id,
      content: textDelta("Unannounced"),
      html: "<p>Unannounced</p>",
      preview: null,
      parentId: null,
      isFirstPost: false,
      mentionKeys: [],
    });
    expect(post).not.toBeNull();
    expect(await unread()).toBe(0);
    const db = await getDb();
    await db.$executeRaw`UPDATE post_announcements SET created_at = now() - interval '1 minute' WHERE post_id = ${post!.id}`;
    // This instance's sweep and the server's may both run: one of them takes the announcement.
    await announceStalePosts();
    expect(await unread()).toBe(1);
    expect(await db.postAnnouncement.count({ where: { postId: post!.id } })).toBe(0);
    await announceStalePosts();
    const listed = await call<{ notifications: { type: string; post_id: number; count: number }[] }>("GET", "/api/v2/notifications", {
      token: follower.token,
    });
    expect(listed.body.data.notifications.filter((n) => n.post_id === post!.id)).toEqual([expect.objectContaining({ type: "post", count: 1 })]);
  });
});
