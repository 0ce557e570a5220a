import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { parseDeltaContent } from "@/lib/delta/parse";
import { PREVIEW_MAX_BYTES } from "@/lib/delta/preview";
import { ThreadListItemSchema, type ThreadListItemDto } from "@/lib/schemas/thread-list-schemas";
import { createCategory } from "@/lib/services/categories";
import { call, expectedError } from "../support/api-client";
import { createTestUser, type TestUser } from "../support/fixtures";
import { createNamedGroup, createThreadOverHttp, getThreadOverHttp, textDelta } from "../support/thread-helpers";

// The server runs with the default AGORA_MAX_CONTENT_BYTES, 65536.
const MAX_CONTENT_BYTES = 65_536;

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

describe("content size: stored bytes, list previews", () => {
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
