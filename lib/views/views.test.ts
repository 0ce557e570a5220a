import { describe, expect, it } from "vitest";
import type { PostDto } from "@/lib/schemas/post-schemas";
import { excerptFromContent } from "@/lib/views/excerpt";
import { parsePageSize, parsePostSort, THREAD_PAGE_SIZE } from "@/lib/views/post-view";
import { toPostPage, toPostView } from "@/lib/views/render-posts";

function makePost(id: number, overrides: Partial<PostDto> = {}): PostDto {
  return {
    id,
    thread_id: 1,
    created_at: "2026-11-21T04:40:00.123000Z",
    updated_at: "2026-11-21T04:40:00.123000Z",
    content: JSON.stringify([{ insert: `post ${id} <script>alert(1)</script>\n` }]),
    parent_id: -1,
    user_id: 7,
    nsfw: 0,
    deleted: 0,
    sign: null,
    deleted_by: null,
    group_id: 1,
    archive_id: "",
    reply_uid: 0,
    is_ban: 0,
    tipped: null,
    online: false,
    badge: [],
    user_title: [],
    tip_count: 0,
    liked: 0,
    children_count: 0,
    children: { posts: [] },
    total_likes: 3,
    total_report: 0,
    user: { id: 7, photo_url: "", username: "ada", is_nft: 0 },
    likes: [],
    flags: [],
    attached_files: [],
    attachments: [],
    reply_user: null,
    can_edit: false,
    can_delete: false,
    ...overrides,
  };
}

describe("toPostView", () => {
  it("renders the body to escaped HTML and keeps the reply tree", () => {
    const view = toPostView(makePost(1, { children: { posts: [makePost(2, { parent_id: 1 })] } }));
    expect(view.html).toBe("<p>post 1 &lt;script&gt;alert(1)&lt;/script&gt;</p>");
    expect(view.createdAt).toBe("2026-11-21T04:40:00.123Z");
    expect(view.likes).toBe(3);
    expect(view.author).toEqual({ id: 7, username: "ada", photoUrl: "" });
    expect(view.children.map((child) => child.id)).toEqual([2]);
  });

  it("shows no body for a deleted post", () => {
    const view = toPostView(makePost(1, { deleted: 2 }));
    expect(view.deleted).toBe(true);
    expect(view.html).toBe("");
  });
});

describe("toPostPage", () => {
  it("uses the extra row only to know that another page exists", () => {
    const page = toPostPage([makePost(10), makePost(11), makePost(12)], 2);
    expect(page.posts.map((post) => post.id)).toEqual([10, 11]);
    expect(page.nextCursor).toBe(11);
  });

  it("has no next cursor on the last page", () => {
    expect(toPostPage([makePost(10), makePost(11)], 2).nextCursor).toBeNull();
    expect(toPostPage([], 2)).toEqual({ posts: [], nextCursor: null });
  });
});

describe("query parsing", () => {
  it("reads sort and page size, falling back on anything odd", () => {
    expect(parsePostSort("new")).toBe("new");
    expect(parsePostSort("old")).toBe("old");
    expect(parsePostSort(["new", "old"])).toBe("old");
    expect(parsePostSort(undefined)).toBe("old");
    expect(parsePageSize("5")).toBe(5);
    expect(parsePageSize("0")).toBe(THREAD_PAGE_SIZE);
    expect(parsePageSize("51")).toBe(THREAD_PAGE_SIZE);
    expect(parsePageSize("1e3")).toBe(THREAD_PAGE_SIZE);
  });
});

describe("excerptFromContent", () => {
  const content = JSON.stringify([
    { insert: "Welcome aboard" },
    { insert: "\n", attributes: { header: 2 } },
    { insert: "Hi everyone, read the rules.\n" },
  ]);

  it("drops the heading that repeats the thread title", () => {
    expect(excerptFromContent(content, 100, "Welcome aboard")).toBe("Hi everyone, read the rules.");
    expect(excerptFromContent(content, 100)).toBe("Welcome aboard Hi everyone, read the rules.");
  });

  it("cuts long text with an ellipsis and ignores invalid content", () => {
    expect(excerptFromContent(content, 10)).toBe("Welcome a…");
    expect(excerptFromContent("not json", 10)).toBe("");
  });
});
