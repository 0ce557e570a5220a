import { beforeAll, describe, expect, inject, it } from "vitest";
import { createEvmTestWallet } from "@/lib/auth/wallet/test-wallets";
import { getDb } from "@/lib/db/engine/client";
import { createCategory } from "@/lib/services/categories";
import { createPost } from "@/lib/services/posts";
import { createThread } from "@/lib/services/threads";
import { createUserWithWallet } from "@/lib/services/users";
import { UserPostSchema, WalletPostSchema, type UserPostDto, type WalletPostDto } from "@/lib/schemas/user-post-schemas";
import { call, expectedError } from "../support/api-client";
import { createTestUser, uniqueName, type TestUser } from "../support/fixtures";

const delta = (text: string) => JSON.stringify([{ insert: `${text}\n` }]);

describe("user post lists (endpoints 11 and 13)", () => {
  let author: TestUser;
  let liker: TestUser;
  let authorChecksum: string;
  let groupId: number;
  let categoryId: number;
  let thread: { id: number; firstPostId: number };
  let replyId: number;
  let answerId: number;
  let groupName: string;

  beforeAll(async () => {
    // The author is made here (not by createTestUser) to know the EIP-55 spelling of the address.
    const wallet = createEvmTestWallet();
    authorChecksum = wallet.checksumAddress;
    const username = uniqueName("author");
    const { id } = await createUserWithWallet({ username, wallet: { type: 5, address: wallet.address, publicKey: null } });
    liker = await createTestUser();
    author = { id, username, address: wallet.address, token: "", wallet, createGroup: liker.createGroup };
    groupName = uniqueName("posts");
    groupId = await liker.createGroup(groupName);
    categoryId = (await createCategory(liker, { groupId, name: "Talk", parentId: null })).id;
    const created = await createThread(author, { group: { id: groupId }, title: "Author thread", content: delta("first"), categoryId });
    const db = await getDb();
    const { firstPostId } = await db.thread.findUniqueOrThrow({ where: { id: created.id }, select: { firstPostId: true } });
    thread = { id: created.id, firstPostId: firstPostId! };
    replyId = (await createPost(author, { threadId: thread.id, content: delta("second"), parentId: null })).id;
    answerId = (await createPost(liker, { threadId: thread.id, content: delta("answer"), parentId: replyId })).id;
    await db.postLike.createMany({
      data: [
        { postId: thread.firstPostId, userId: liker.id },
        { postId: replyId, userId: liker.id },
      ],
    });
  });

  describe("GET /api/user/post/list (endpoint 11, /api family)", () => {
    it("finds the posts of a mixed-case address, newest first, in the wallet-lookup shape", async () => {
      const response = await call<{ posts: WalletPostDto[] }>("GET", "/api/user/post/list", {
        apiKey: false,
        headers: { "svc-api-key": inject("apiKey") },
        query: { web3_public_key: authorChecksum },
      });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ status: true, code: 20000, description: "", server: "rest" });
      const posts = response.body.data.posts.map((post) => WalletPostSchema.strict().parse(post));
      expect(posts.map((post) => post.id)).toEqual([replyId, thread.firstPostId]);
      expect(posts[1]).toMatchObject({
        thread_id: thread.id,
        content: delta("first"),
        parent_id: -1,
        user_id: author.id,
        nsfw: 0,
        deleted: 0,
        sign: null,
        deleted_by: 0,
        group_id: groupId,
        archive_id: "",
        reply_uid: 0,
        category_id: categoryId,
        category_name: "Talk",
        total_likes: 0,
        total_report: 0,
      });
    });

    it("pages with page and per_page", async () => {
      const response = await call<{ posts: WalletPostDto[] }>("GET", "/api/user/post/list", {
        query: { web3_public_key: author.address, page: 2, per_page: 1 },
      });
      const past = await call<{ posts: WalletPostDto[] }>("GET", "/api/user/post/list", {
        query: { web3_public_key: author.address, page: 3, per_page: 1 },
      });
      expect(response.body.data.posts.map((post) => post.id)).toEqual([thread.firstPostId]);
      expect(past.body.data.posts).toEqual([]);
    });

    it.each([
      ["no web3_public_key", () => ({}), 400, 40000, /web3_public_key/],
      ["per_page=101", () => ({ web3_public_key: author.address, per_page: 101 }), 400, 40000, /per_page/],
      ["page=0", () => ({ web3_public_key: author.address, page: 0 }), 400, 40000, /page/],
      ["an unknown address", () => ({ web3_public_key: createEvmTestWallet().checksumAddress }), 404, 40400, /user/],
    ])("answers %s with %i and a numeric code", async (_label, query, status, code, description) => {
      const response = await call("GET", "/api/user/post/list", { query: query() });
      expect(response.status).toBe(status);
      expect(response.body).toMatchObject(expectedError("api", code));
      expect(response.body.description).toMatch(description);
    });
  });

  describe("GET /api/v2/users/{user_id}/posts (endpoint 13)", () => {
    it("lists a user's posts newest first in the by-user-id shape", async () => {
      const response = await call<{ user_posts: UserPostDto[] }>("GET", `/api/v2/users/${liker.id}/posts`);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ status: true, code: "20000", description: "", server: "rest" });
      const posts = response.body.data.user_posts.map((post) => UserPostSchema.strict().parse(post));
      expect(posts).toEqual([
        {
          id: answerId,
          thread_id: thread.id,
          user_id: liker.id,
          sign: null,
          sign_data: "",
          sign_msg: "",
          content: delta("answer"),
          archive_id: "",
          group_post_id: answerId,
          group_thread_id: thread.id,
          parent_id: replyId,
          depth: 1,
          group_id: groupId,
          deleted: "0",
          deleted_by: 0,
          nsfw: "0",
          nsfw_score: 0,
          username: liker.username,
          user_avatar: "",
          group_name: groupName,
          group_title: `Group ${groupName}`,
          like_username: "",
          first_post_id: thread.firstPostId,
          thread_title: "Author thread",
          thread_poster_id: author.id,
          parent_poster_name: author.username,
          thread_poster_name: author.username,
        },
      ]);
    });

    it("pages the author's posts", async () => {
      const first = await call<{ user_posts: UserPostDto[] }>("GET", `/api/v2/users/${author.id}/posts`, { query: { per_page: 1 } });
      const second = await call<{ user_posts: UserPostDto[] }>("GET", `/api/v2/users/${author.id}/posts`, { query: { per_page: 1, page: 2 } });
      expect(first.body.data.user_posts.map((post) => post.id)).toEqual([replyId]);
      expect(second.body.data.user_posts.map((post) => post.id)).toEqual([thread.firstPostId]);
      expect(second.body.data.user_posts[0]).toMatchObject({ parent_id: -1, depth: 0, parent_poster_name: "" });
    });

    it("filter=likes lists the posts the user liked, newest like first, with like_username", async () => {
      const response = await call<{ user_posts: UserPostDto[] }>("GET", `/api/v2/users/${liker.id}/posts`, { query: { filter: "likes" } });
      const posts = response.body.data.user_posts.map((post) => UserPostSchema.strict().parse(post));
      expect(posts.map((post) => post.id)).toEqual([replyId, thread.firstPostId]);
      expect(posts.every((post) => post.like_username === liker.username && post.user_id === author.id)).toBe(true);
    });

    it("filter=tips lists only posts that received tips: none here (tests/api/tips.test.ts lists some)", async () => {
      const response = await call<{ user_posts: UserPostDto[] }>("GET", `/api/v2/users/${author.id}/posts`, { query: { filter: "tips" } });
      expect(response.status).toBe(200);
      expect(response.body.data.user_posts).toEqual([]);
    });

    it.each([
      ["filter=bad", `/api/v2/users/{id}/posts`, { filter: "bad" }, 400, 40000, /filter/],
      ["per_page=101", `/api/v2/users/{id}/posts`, { per_page: 101 }, 400, 40000, /per_page/],
      ["page=0", `/api/v2/users/{id}/posts`, { page: 0 }, 400, 40000, /page/],
      ["a malformed id", `/api/v2/users/abc/posts`, {}, 400, 40000, /user_id/],
      ["an unknown user", `/api/v2/users/999999/posts`, {}, 404, 40400, /user/],
    ])("answers %s with %i and a string code", async (_label, path, query, status, code, description) => {
      const response = await call("GET", path.replace("{id}", String(author.id)), { query });
      expect(response.status).toBe(status);
      expect(response.body).toMatchObject(expectedError("v2", code));
      expect(response.body.description).toMatch(description);
    });
  });

  describe("deleted posts keep their place, as in get thread (contract section 12)", () => {
    let writer: TestUser;
    let stranger: TestUser;
    let ownDeleted: number;
    let removedByModerator: number;
    let live: number;

    beforeAll(async () => {
      writer = await createTestUser();
      stranger = await createTestUser();
      const created = await createThread(writer, { group: { id: groupId }, title: "Deleting thread", content: delta("opening"), categoryId: null });
      ownDeleted = (await createPost(writer, { threadId: created.id, content: delta("regretted"), parentId: null })).id;
      removedByModerator = (await createPost(writer, { threadId: created.id, content: delta("off topic"), parentId: null })).id;
      live = (await createPost(writer, { threadId: created.id, content: delta("kept"), parentId: null })).id;
      expect((await call("POST", `/api/v2/posts/${ownDeleted}/delete`, { token: writer.token })).status).toBe(200);
      // liker owns the group: a moderator's delete.
      expect((await call("POST", `/api/v2/posts/${removedByModerator}/delete`, { token: liker.token, body: { reason: "off topic" } })).status).toBe(200);
    });

    const walletList = (token?: string) =>
      call<{ posts: WalletPostDto[] }>("GET", "/api/user/post/list", { token, query: { web3_public_key: writer.address, per_page: 10 } }).then((response) => {
        expect(response.status).toBe(200);
        return new Map(response.body.data.posts.map((post) => [post.id, post]));
      });
    const userList = (token?: string) =>
      call<{ user_posts: UserPostDto[] }>("GET", `/api/v2/users/${writer.id}/posts`, { token, query: { per_page: 10 } }).then((response) => {
        expect(response.status).toBe(200);
        return new Map(response.body.data.user_posts.map((post) => [post.id, post]));
      });

    it('lists them with deleted and deleted_by, their words "[]" for guests and strangers', async () => {
      for (const token of [undefined, stranger.token]) {
        const wallet = await walletList(token);
        expect(wallet.get(ownDeleted)).toMatchObject({ deleted: 1, deleted_by: writer.id, content: "[]" });
        expect(wallet.get(removedByModerator)).toMatchObject({ deleted: 2, deleted_by: liker.id, content: "[]" });
        expect(wallet.get(live)).toMatchObject({ deleted: 0, deleted_by: 0, content: delta("kept") });
        const byId = await userList(token);
        expect(byId.get(ownDeleted)).toMatchObject({ deleted: "1", deleted_by: writer.id, content: "[]" });
        expect(byId.get(removedByModerator)).toMatchObject({ deleted: "2", deleted_by: liker.id, content: "[]" });
        expect(byId.get(live)).toMatchObject({ deleted: "0", content: delta("kept") });
      }
    });

    it("shows their words to the author and to the group's moderators, as get thread does", async () => {
      for (const reader of [writer, liker]) {
        const wallet = await walletList(reader.token);
        expect(wallet.get(ownDeleted)).toMatchObject({ deleted: 1, content: delta("regretted") });
        expect(wallet.get(removedByModerator)).toMatchObject({ deleted: 2, content: delta("off topic") });
        const byId = await userList(reader.token);
        expect(byId.get(ownDeleted)).toMatchObject({ deleted: "1", content: delta("regretted") });
      }
    });
  });
});
