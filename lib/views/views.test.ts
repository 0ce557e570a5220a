import { describe, expect, it } from "vitest";
import type { Access } from "@/lib/auth/permissions";
import type { PostNode } from "@/lib/db/post-tree";
import { excerptFromContent } from "@/lib/views/excerpt";
import { parsePageSize, parsePostSort, THREAD_PAGE_SIZE } from "@/lib/views/post-view";
import { toPostPage, toPostView } from "@/lib/views/thread-view";
import { groupRole } from "@/tests/support/group-roles";

const guest: Access = { actor: null, role: groupRole(null, { userId: null }) };

function makeNode(id: number, overrides: Partial<PostNode["post"]> = {}, children: PostNode[] = []): PostNode {
  const createdAt = new Date("2026-11-21T04:40:00.123Z");
  return {
    post: {
      id,
      threadId: 1,
      groupId: 1,
      userId: 7,
      parentId: null,
      rootId: null,
      depth: 0,
      content: JSON.stringify([{ insert: `post ${id} <script>alert(1)</script>\n` }]),
      contentHtml: null,
      nsfw: false,
      deletedBy: null,
      editedAt: null,
      sign: null,
      signerAddress: null,
      signData: "",
      archiveId: "",
      archiveCid: "",
      replyUid: 0,
      childrenCount: children.length,
      likesCount: 3,
      reportCount: 0,
      tipCount: 0,
      createdAt,
      updatedAt: createdAt,
      deletedById: null,
      ...overrides,
    },
    author: { id: 7, username: "ada", photoUrl: "", nft: false, lastSeenAt: null },
    replyTo: null,
    deleter: null,
    likes: [],
    attachments: [],
    goneUploadIds: [],
    likedByViewer: false,
    authorIgnored: false,
    bookmarkedByViewer: false,
    authorBanned: false,
    children,
  };
}

describe("toPostView", () => {
  it("renders the body to escaped HTML and keeps the reply tree", () => {
    const view = toPostView(makeNode(1, {}, [makeNode(2, { parentId: 1 })]), guest);
    expect(view.html).toBe("<p>post 1 &lt;script&gt;alert(1)&lt;/script&gt;</p>");
    expect(view.createdAt).toBe("2026-11-21T04:40:00.123Z");
    expect(view.likes).toBe(3);
    expect(view.author).toEqual({ id: 7, username: "ada", photoUrl: "", face: { badges: [], title: null } });
    expect(view.children.map((child) => child.id)).toEqual([2]);
  });

  it("shows no body for a deleted post, except to its author and moderators, and says who deleted it", () => {
    const view = toPostView(makeNode(1, { deletedBy: "moderator" }), guest);
    expect(view).toMatchObject({ deleted: true, html: "", deletedBy: "moderator", canRestore: false });
    const author: Access = { actor: { id: 7 }, role: groupRole(null, { userId: 7 }) };
    expect(toPostView(makeNode(1, { deletedBy: "author" }), author)).toMatchObject({ deletedBy: "author", canRestore: true, canEdit: false, canDelete: false });
    expect(toPostView(makeNode(1, { deletedBy: "author" }), author).html).toContain("post 1");
  });

  it("asks the permission module what the viewer may do", () => {
    const author: Access = { actor: { id: 7 }, role: groupRole(null, { userId: 7 }) };
    const moderator: Access = { actor: { id: 9 }, role: groupRole("moderator", { userId: 9 }) };
    const member: Access = { actor: { id: 9 }, role: groupRole(null, { userId: 9 }) };
    expect(toPostView(makeNode(1), author)).toMatchObject({ canEdit: true, canDelete: true });
    expect(toPostView(makeNode(1), moderator)).toMatchObject({ canEdit: true, canDelete: true, canReport: true });
    expect(toPostView(makeNode(1), member)).toMatchObject({ canEdit: false, canDelete: false, canReport: true });
    expect(toPostView(makeNode(1), author)).toMatchObject({ canReport: false });
    expect(toPostView(makeNode(1), guest)).toMatchObject({ canEdit: false, canDelete: false });
  });
});

describe("toPostPage", () => {
  it("uses the extra row only to know that another page exists", () => {
    const page = toPostPage([makeNode(10), makeNode(11), makeNode(12)], 2, guest);
    expect(page.posts.map((post) => post.id)).toEqual([10, 11]);
    expect(page.nextCursor).toBe(11);
  });

  it("has no next cursor on the last page", () => {
    expect(toPostPage([makeNode(10), makeNode(11)], 2, guest).nextCursor).toBeNull();
    expect(toPostPage([], 2, guest)).toEqual({ posts: [], nextCursor: null });
  });

  it("continues after the last post of a page cut short by its byte budget", () => {
    const page = toPostPage([makeNode(10)], 2, guest, true);
    expect(page.posts.map((post) => post.id)).toEqual([10]);
    expect(page.nextCursor).toBe(10);
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
  const content = JSON.stringify([{ insert: "Welcome aboard" }, { insert: "\n", attributes: { header: 2 } }, { insert: "Hi everyone, read the rules.\n" }]);

  it("drops the heading that repeats the thread title", () => {
    expect(excerptFromContent(content, 100, "Welcome aboard")).toBe("Hi everyone, read the rules.");
    expect(excerptFromContent(content, 100)).toBe("Welcome aboard Hi everyone, read the rules.");
  });

  it("cuts long text with an ellipsis and ignores invalid content", () => {
    expect(excerptFromContent(content, 10)).toBe("Welcome a…");
    expect(excerptFromContent("not json", 10)).toBe("");
  });
});
