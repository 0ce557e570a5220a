import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { getDb } from "@/lib/db/engine/client";
import { createCategory } from "@/lib/services/categories";
import { parseDeltaContent } from "@/lib/delta/parse";
import { PREVIEW_MAX_BYTES } from "@/lib/delta/preview";
import { ThreadListItemSchema, type ThreadListItemDto } from "@/lib/schemas/thread-list-schemas";
import { call, expectedError } from "../support/api-client";
import { createTestUser, type TestUser } from "../support/fixtures";
import { createNamedGroup, createThreadOverHttp, getThreadOverHttp, textDelta } from "../support/thread-helpers";

// The server runs with the defaults: AGORA_MAX_CONTENT_BYTES 65536, AGORA_PAGE_CONTENT_BYTES 2 MiB.
const MAX_CONTENT_BYTES = 65_536;
const PAGE_CONTENT_BYTES = 2_097_152;

const bytes = (text: string) => Buffer.byteLength(text, "utf8");

/** A delta whose normalised JSON is exactly `size` bytes: one text line. */
function deltaOfBytes(size: number): string {
  const overhead = bytes(JSON.stringify([{ insert: "\n" }]));
  return JSON.stringify([{ insert: `${"a".repeat(size - overhead)}\n` }]);
}

/** Two ~2 KB links in turn, one character each: ops never merge, so a little text weighs a lot. */
function alternatingLinks(count: number): string {
  const link = (n: number) => `https://example.com/${String(n).repeat(2000)}`;
  const ops = Array.from({ length: count }, (_, index) => ({ insert: "x", attributes: { link: link(index % 2) } }));
  return JSON.stringify([...ops, { insert: "\n" }]);
}

async function countPosts(threadId: number): Promise<number> {
  return (await getDb()).post.count({ where: { threadId } });
}

describe("content size: stored bytes, page budgets, list previews", () => {
  let author: TestUser;
  let group: { id: number; name: string };
  let threadId: number;

  beforeAll(async () => {
    author = await createTestUser();
    group = await createNamedGroup(author);
    threadId = (await createThreadOverHttp(author, group.id)).id;
  });

  const createPost = (content: string) => call("POST", `/api/v2/threads/${threadId}/posts/create`, { token: author.token, body: { content } });

  it("refuses content over AGORA_MAX_CONTENT_BYTES with the validation error and writes nothing", async () => {
    const before = await countPosts(threadId);
    const response = await createPost(deltaOfBytes(MAX_CONTENT_BYTES + 1));
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject(expectedError("v2", 40000));
    expect(response.body.description).toContain(`at most ${MAX_CONTENT_BYTES} bytes`);
    expect(await countPosts(threadId)).toBe(before);
  });

  it("accepts content of exactly AGORA_MAX_CONTENT_BYTES and stores its HTML with it", async () => {
    const content = deltaOfBytes(MAX_CONTENT_BYTES);
    expect(bytes(content)).toBe(MAX_CONTENT_BYTES);
    const response = await createPost(content);
    expect(response.status).toBe(200);
    const postId = (response.body.data as { post: { id: number } }).post.id;
    const stored = await (await getDb()).post.findUniqueOrThrow({ where: { id: postId }, select: { content: true, contentHtml: true, contentPreview: true } });
    expect(stored.content).toBe(content);
    expect(stored.contentHtml).toMatch(/^<p>a{100}/);
    expect(stored.contentPreview).not.toBeNull();
  });

  it("measures a many-link delta in bytes, not in characters or ops", async () => {
    const content = alternatingLinks(40);
    // 41 ops and 41 characters of text: far inside the op and text limits, over the byte limit.
    expect(bytes(content)).toBeGreaterThan(MAX_CONTENT_BYTES);
    const before = await countPosts(threadId);
    const response = await createPost(content);
    expect(response.status).toBe(400);
    expect(response.body.description).toContain(`at most ${MAX_CONTENT_BYTES} bytes`);
    expect(await countPosts(threadId)).toBe(before);
    // The same refusal on the other writes that store a delta.
    const thread = await call("POST", `/api/v2/groups/${group.id}/threads/create`, { token: author.token, body: { title: "Too big", content } });
    expect(thread.status).toBe(400);
    const postId = (await createPost(textDelta("small"))).body.data as { post: { id: number } };
    const edit = await call("POST", `/api/v2/posts/${postId.post.id}/edit`, { token: author.token, body: { content } });
    expect(edit.status).toBe(400);
    expect(edit.body.description).toContain(`at most ${MAX_CONTENT_BYTES} bytes`);
    const kept = await (await getDb()).post.findUniqueOrThrow({ where: { id: postId.post.id }, select: { content: true } });
    expect(kept.content).toBe(textDelta("small"));
    // A smaller many-link post is accepted and weighs what it says.
    const fits = alternatingLinks(20);
    expect(bytes(fits)).toBeLessThanOrEqual(MAX_CONTENT_BYTES);
    expect((await createPost(fits)).status).toBe(200);
  });

  describe("a thread full of large posts written before the byte limit", () => {
    const LEGACY_POSTS = 24;
    const LEGACY_BYTES = 512 * 1024;
    let bigThreadId: number;
    let firstPostId: number;
    let legacyIds: number[];

    beforeAll(async () => {
      const thread = await createThreadOverHttp(author, group.id, { title: "Heavy thread" });
      bigThreadId = thread.id;
      firstPostId = thread.first_post_id;
      const db = await getDb();
      // As rows stored before AGORA_MAX_CONTENT_BYTES: about 512 KB each, no HTML yet.
      legacyIds = [];
      for (let index = 0; index < LEGACY_POSTS; index += 1) {
        const content = JSON.stringify([{ insert: `${String(index % 10).repeat(LEGACY_BYTES)}\n` }]);
        const row = await db.post.create({ data: { threadId: bigThreadId, groupId: group.id, userId: author.id, content }, select: { id: true } });
        legacyIds.push(row.id);
      }
    });

    // 12 MB of unrendered rows would keep any later server's start-up backfill busy.
    afterAll(async () => {
      await (await getDb()).post.deleteMany({ where: { id: { in: legacyIds } } });
    });

    it("keeps a get_thread page within AGORA_PAGE_CONTENT_BYTES, and the next pages carry the rest", async () => {
      const seen: number[] = [];
      let start = 0;
      for (let page = 0; page < LEGACY_POSTS; page += 1) {
        const response = await getThreadOverHttp(bigThreadId, { group_name: group.name, sort: "old", page_size: 100, start_post_id: start });
        expect(response.status).toBe(200);
        const { posts } = response.body.data.thread;
        const contentBytes = posts.reduce((total, post) => total + bytes(post.content), 0);
        // Stops once the budget is spent: at most one post's worth past it.
        expect(contentBytes).toBeLessThanOrEqual(PAGE_CONTENT_BYTES + LEGACY_BYTES + 64);
        expect(posts.length).toBeGreaterThan(0);
        if (page === 0) {
          expect(posts.length).toBe(PAGE_CONTENT_BYTES / LEGACY_BYTES);
          console.log(`get_thread page_size=100 over ${LEGACY_POSTS} posts of 512 KB: ${bytes(JSON.stringify(response.body))} bytes, ${posts.length} posts`);
        }
        seen.push(...posts.map((post) => post.id));
        start = posts.at(-1)!.id;
        if (seen.length >= LEGACY_POSTS) break;
      }
      expect(seen).toEqual(legacyIds);
      expect(seen).not.toContain(firstPostId);
      const after = await getThreadOverHttp(bigThreadId, { group_name: group.name, sort: "old", page_size: 100, start_post_id: start });
      expect(after.body.data.thread.posts).toEqual([]);
    });

    it("keeps the thread page within the budget too", async () => {
      const response = await fetch(new URL(`/g/${group.name}/t/${bigThreadId}`, inject("baseUrl")), { redirect: "follow" });
      expect(response.status).toBe(200);
      const html = await response.text();
      // The page shows the posts as HTML and hands them to the client: well under the 12 MB thread.
      expect(bytes(html)).toBeLessThan(4 * PAGE_CONTENT_BYTES);
      // Oldest first (the page's default): the posts that fit, then "Load more" for the rest.
      const shown = legacyIds.filter((id) => html.includes(`id="post-${id}"`));
      expect(shown).toEqual(legacyIds.slice(0, PAGE_CONTENT_BYTES / LEGACY_BYTES));
      console.log(`thread page over ${LEGACY_POSTS} posts of 512 KB: ${bytes(html)} bytes, ${shown.length} posts`);
    });
  });

  describe("thread lists", () => {
    let listGroup: { id: number; name: string };
    let categoryId: number;
    let longThreadId: number;
    let shortThreadId: number;
    const long = JSON.stringify([{ insert: "Opening words. ", attributes: { bold: true } }, { insert: `${"long text ".repeat(5000)}\n` }]);

    beforeAll(async () => {
      listGroup = await createNamedGroup(author);
      categoryId = (await createCategory(author, { groupId: listGroup.id, name: "Long reads", parentId: null })).id;
      longThreadId = (await createThreadOverHttp(author, listGroup.id, { title: "Long opening", content: long, category_id: categoryId })).id;
      shortThreadId = (await createThreadOverHttp(author, listGroup.id, { title: "Short opening", content: textDelta("Short"), category_id: categoryId })).id;
    });

    it.each([
      ["group threads", () => `/api/v2/groups/${listGroup.id}/threads`],
      ["category threads", () => `/api/v2/groups/${listGroup.id}/categories/${categoryId}`],
    ])("%s list a long opening post as a truncated, valid delta and a short one as it is", async (_name, path) => {
      const response = await call<{ threads: ThreadListItemDto[] }>("GET", path());
      expect(response.status).toBe(200);
      const threads = response.body.data.threads.map((thread) => ThreadListItemSchema.strict().parse(thread));
      const preview = threads.find((thread) => thread.id === longThreadId)!.first_post.content;
      expect(bytes(long)).toBeGreaterThan(PREVIEW_MAX_BYTES);
      expect(bytes(preview)).toBeLessThanOrEqual(PREVIEW_MAX_BYTES);
      expect(parseDeltaContent(preview).ok).toBe(true);
      expect(JSON.parse(preview)[0]).toEqual({ insert: "Opening words. ", attributes: { bold: true } });
      expect(preview).toContain("…");
      expect(threads.find((thread) => thread.id === shortThreadId)!.first_post.content).toBe(textDelta("Short"));
    });

    it("get_thread still answers the whole opening post", async () => {
      const response = await getThreadOverHttp(longThreadId, { group_name: listGroup.name });
      expect(response.body.data.thread.first_post.content).toBe(long);
    });
  });
});
