import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/engine/client";
import type { NotificationDto } from "@/lib/schemas/notification-schemas";
import { expectBadParam, expectOk, getAs, postAs, type Group } from "../support/community-helpers";
import { createTestUser, type TestUser } from "../support/fixtures";
import { createNamedGroup, createPostOverHttp, createThreadOverHttp, getThreadOverHttp, textDelta } from "../support/thread-helpers";

// Contract section 17, quotes: a blockquote line may carry `quote` (the quoted post's id); the
// writer must be able to read it; pages show its author and a link; its author hears of it once.

type Op = { insert: string; attributes?: Record<string, unknown> };

/** A reply that quotes `lines` of post `quoteId` (one blockquote line each), then says `text`. */
function quoting(quoteId: number | string, lines: string[], text = "I agree"): string {
  const ops: Op[] = lines.flatMap((line) => [{ insert: line }, { insert: "\n", attributes: { blockquote: true, quote: quoteId } }]);
  return JSON.stringify([...ops, { insert: `${text}\n` }]);
}

async function notificationsOf(user: TestUser, threadId: number): Promise<NotificationDto[]> {
  const response = await getAs<{ notifications: NotificationDto[] }>(user, "/api/v2/notifications", { per_page: 100 });
  expectOk(response);
  return response.body.data.notifications.filter((row) => row.thread_id === threadId);
}

const writePost = (user: TestUser, threadId: number, content: string) =>
  postAs<{ post: { id: number } }>(user, `/api/v2/threads/${threadId}/posts/create`, { content });
const editPost = (user: TestUser, postId: number, content: string) => postAs(user, `/api/v2/posts/${postId}/edit`, { content });

async function countPosts(threadId: number): Promise<number> {
  const db = await getDb();
  return db.post.count({ where: { threadId } });
}

async function readPostHtml(postId: number): Promise<string> {
  const db = await getDb();
  const post = await db.post.findUniqueOrThrow({ where: { id: postId }, select: { contentHtml: true } });
  return post.contentHtml ?? "";
}

describe("quotes (contract section 17)", () => {
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let group: Group;
  let threadId: number;
  let quoted: number;

  beforeAll(async () => {
    [alice, bob, carol] = await Promise.all([createTestUser(), createTestUser(), createTestUser()]);
    group = await createNamedGroup(alice);
    threadId = (await createThreadOverHttp(alice, group.id)).id;
    quoted = (await createPostOverHttp(alice, threadId, "Quotable words")).id;
  });

  it("keeps the quote in the delta, renders its author and a link, and notifies the quoted author once", async () => {
    const response = await writePost(bob, threadId, quoting(quoted, ["Quotable words"]));
    expectOk(response);
    const postId = response.body.data.post.id;
    const thread = await getThreadOverHttp(threadId, { group_name: group.name }, { token: bob.token });
    const post = thread.body.data.thread.posts.find((row) => row.id === postId)!;
    expect(JSON.parse(post.content)).toContainEqual({ insert: "\n", attributes: { blockquote: true, quote: quoted } });
    const html = await readPostHtml(postId);
    expect(html).toContain(`<blockquote class="quote" data-quote="${quoted}">`);
    expect(html).toContain(`<a href="/g/${group.name}/t/${threadId}/`);
    expect(html).toContain(`#post-${quoted}">${alice.username}</a> wrote:`);
    expect(html).toContain("<p>Quotable words</p></blockquote><p>I agree</p>");
    const rows = await notificationsOf(alice, threadId);
    expect(rows.filter((row) => row.type === "quote")).toEqual([
      expect.objectContaining({ type: "quote", thread_id: threadId, post_id: postId, count: 1, actor: expect.objectContaining({ id: bob.id }) }),
    ]);
  });

  it("groups quotes per thread, and never notifies someone who quotes themselves", async () => {
    const before = (await notificationsOf(alice, threadId)).filter((row) => row.type === "quote");
    const second = await writePost(carol, threadId, quoting(quoted, ["Quotable"], "Me too"));
    expectOk(second);
    const after = (await notificationsOf(alice, threadId)).filter((row) => row.type === "quote");
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ count: before[0]!.count + 1, post_id: second.body.data.post.id, actor: { id: carol.id } });
    expectOk(await writePost(alice, threadId, quoting(quoted, ["Myself"])));
    expect((await notificationsOf(alice, threadId)).filter((row) => row.type === "quote")).toEqual(after);
  });

  it("a reply that also quotes its parent's author notifies them once, as a reply", async () => {
    const dave = await createTestUser();
    const own = (await createPostOverHttp(dave, threadId, "Dave's point")).id;
    const reply = await postAs<{ post: { id: number } }>(bob, `/api/v2/threads/${threadId}/posts/create`, { content: quoting(own, ["point"]), parent_id: own });
    expectOk(reply);
    const rows = (await notificationsOf(dave, threadId)).filter((row) => row.post_id === reply.body.data.post.id);
    expect(rows.map((row) => row.type)).toEqual(["reply"]);
  });

  it("an edit notifies only authors newly quoted by it", async () => {
    const erin = await createTestUser();
    const frank = await createTestUser();
    const erinPost = (await createPostOverHttp(erin, threadId, "Erin")).id;
    const frankPost = (await createPostOverHttp(frank, threadId, "Frank")).id;
    const mine = await writePost(carol, threadId, textDelta("Nothing quoted yet"));
    expectOk(mine);
    const postId = mine.body.data.post.id;
    expectOk(await editPost(carol, postId, quoting(erinPost, ["Erin"])));
    expect((await notificationsOf(erin, threadId)).filter((row) => row.type === "quote")).toEqual([expect.objectContaining({ post_id: postId, count: 1 })]);
    const both = JSON.stringify([...JSON.parse(quoting(erinPost, ["Erin"])), ...JSON.parse(quoting(frankPost, ["Frank"]))]);
    expectOk(await editPost(carol, postId, both));
    expect((await notificationsOf(erin, threadId)).filter((row) => row.type === "quote")).toEqual([expect.objectContaining({ count: 1 })]);
    expect((await notificationsOf(frank, threadId)).filter((row) => row.type === "quote")).toEqual([expect.objectContaining({ post_id: postId, count: 1 })]);
    expect(await readPostHtml(postId)).toContain(`>${frank.username}</a> wrote:`);
  });

  it("refuses a quote of a post the writer may not read, or that does not exist, and writes nothing", async () => {
    const owner = await createTestUser();
    const secret = await createNamedGroup(owner);
    const secretThread = (await createThreadOverHttp(owner, secret.id)).id;
    const secretPost = (await createPostOverHttp(owner, secretThread, "Members only")).id;
    expectOk(await postAs(owner, `/api/v2/groups/${secret.id}/settings`, { visibility: 1 }));
    const before = await countPosts(threadId);
    for (const id of [secretPost, 2_000_000_000]) {
      const response = await writePost(bob, threadId, quoting(id, ["Leaked"]));
      expectBadParam(response, "content");
      expect(response.body.description).toContain(`post ${id}`);
    }
    expect(await countPosts(threadId)).toBe(before);
    expect((await notificationsOf(owner, secretThread)).filter((row) => row.type === "quote")).toEqual([]);
    // The owner may read it, so the owner may quote it.
    expectOk(await writePost(owner, secretThread, quoting(secretPost, ["Members only"])));
  });

  it("refuses an edit that quotes an unreadable post and keeps the post as it was", async () => {
    const mine = await writePost(bob, threadId, textDelta("Unchanged"));
    expectOk(mine);
    const postId = mine.body.data.post.id;
    const html = await readPostHtml(postId);
    expectBadParam(await editPost(bob, postId, quoting(2_000_000_001, ["Nope"])), "content");
    expect(await readPostHtml(postId)).toBe(html);
  });

  it("refuses malformed quotes with the 400 envelope: not an id, not on a blockquote, too many", async () => {
    const before = await countPosts(threadId);
    for (const bad of ["x", 0, -3, 1.5, true]) expectBadParam(await writePost(bob, threadId, quoting(bad as number, ["Bad"])), "content");
    const stray = JSON.stringify([{ insert: "Stray" }, { insert: "\n", attributes: { quote: quoted } }]);
    expectBadParam(await writePost(bob, threadId, stray), "content");
    const many = Array.from({ length: 21 }, (_, index) => quoted + index);
    const tooMany = JSON.stringify(many.flatMap((id) => [{ insert: "q" }, { insert: "\n", attributes: { blockquote: true, quote: id } }]));
    expectBadParam(await writePost(bob, threadId, tooMany), "content");
    expect(await countPosts(threadId)).toBe(before);
  });

  it("a thread's opening post may quote too", async () => {
    const created = await postAs<{ thread: { id: number } }>(bob, `/api/v2/groups/${group.id}/threads/create`, {
      title: "Quoting from a new thread",
      content: quoting(quoted, ["Quotable words"]),
    });
    expectOk(created);
    const rows = await notificationsOf(alice, created.body.data.thread.id);
    expect(rows).toEqual([expect.objectContaining({ type: "quote", count: 1 })]);
  });
});
