import { beforeAll, describe, expect, it } from "vitest";
import { PostResponseSchema, ReportResponseSchema, RevisionsResponseSchema } from "@/lib/schemas/moderation-schemas";
import type { PostDto } from "@/lib/schemas/post-schemas";
import type { ApiResponse } from "../support/api-client";
import {
  createCast,
  createThreadWithReply,
  describePermissionMatrix,
  expectBadParam,
  expectOk,
  expectRefused,
  getAs,
  isModeratorName,
  listThreadsAs,
  postAs,
  readModlog,
  readPostAs,
  readPostState,
  readThreadAs,
  type Cast,
} from "../support/community-helpers";
import { createTestUser, type TestUser } from "../support/fixtures";
import { createPostOverHttp, createThreadOverHttp, textDelta } from "../support/thread-helpers";

// Contract section 12, the rows about one post: edit, revisions, delete, restore, report.
// Every refusal is checked to leave the post, its revisions, its reports and the modlog as they were.

const UNKNOWN_ID = 2_000_000_000;

const editPost = (user: TestUser | undefined, postId: number, content: unknown = textDelta("Edited words")) =>
  postAs<{ post: PostDto }>(user, `/api/v2/posts/${postId}/edit`, { content });
const deletePost = (user: TestUser | undefined, postId: number, body: Record<string, unknown> = {}) =>
  postAs<{ post: PostDto }>(user, `/api/v2/posts/${postId}/delete`, body);
const restorePost = (user: TestUser | undefined, postId: number) => postAs<{ post: PostDto }>(user, `/api/v2/posts/${postId}/restore`);
const reportPost = (user: TestUser | undefined, postId: number, body: Record<string, unknown> = { reason: "spam", note: "Buy now" }) =>
  postAs(user, `/api/v2/posts/${postId}/report`, body);
const readRevisions = (user: TestUser | undefined, postId: number, query: Record<string, number> = {}) =>
  getAs(user, `/api/v2/posts/${postId}/revisions`, query);

const postOf = (response: ApiResponse<unknown>) => PostResponseSchema.parse(response.body.data).post;

let cast: Cast;
const getCast = () => cast;

beforeAll(async () => {
  cast = await createCast();
});

describe("who may act on a post (contract section 12's permission matrix)", () => {
  const reply = (c: Cast, author: TestUser) => createThreadWithReply(author, c.group.id, "Words to act on");

  describePermissionMatrix("POST /api/v2/posts/{post_id}/edit on a live post", getCast, {
    allowed: ["author", "moderator", "admin", "owner"],
    arrange: reply,
    act: (actor, target) => editPost(actor, target.postId, textDelta("Rewritten")),
    state: (target) => readPostState(target.postId),
    async expectDone({ response, target, cast: c, actor, actorName }) {
      expect(postOf(response)).toMatchObject({ id: target.postId, content: textDelta("Rewritten"), deleted: 0 });
      expect(await readPostState(target.postId)).toMatchObject({ post: { content: textDelta("Rewritten") }, revisions: 1 });
      // Someone else's edit is a moderator action; the author's own edit is not logged.
      const entries = (await readModlog(c.group.id)).filter((entry) => entry.targetType === "post" && entry.targetId === target.postId);
      expect(entries).toEqual(actorName === "author" ? [] : [{ action: "edit_post", targetType: "post", targetId: target.postId, moderatorId: actor.id }]);
    },
  });

  describePermissionMatrix("POST /api/v2/posts/{post_id}/delete on a live post", getCast, {
    allowed: ["author", "moderator", "admin", "owner", "banned author"],
    arrange: reply,
    act: (actor, target) => deletePost(actor, target.postId, { reason: "cleanup" }),
    state: (target) => readPostState(target.postId),
    async expectDone({ response, target, cast: c, actor, actorName }) {
      const byModerator = isModeratorName(actorName);
      expect(postOf(response)).toMatchObject({ id: target.postId, deleted: byModerator ? 2 : 1, deleted_by: { id: actor.id, username: actor.username } });
      expect((await readPostState(target.postId)).post).toMatchObject({ deleted: byModerator ? 2 : 1, deletedById: actor.id, deleteReason: "cleanup" });
      const entries = (await readModlog(c.group.id)).filter((entry) => entry.targetType === "post" && entry.targetId === target.postId);
      expect(entries).toEqual(byModerator ? [{ action: "delete_post", targetType: "post", targetId: target.postId, moderatorId: actor.id }] : []);
    },
  });

  describePermissionMatrix("POST /api/v2/posts/{post_id}/restore on a post its author deleted (deleted 1)", getCast, {
    allowed: ["author", "moderator", "admin", "owner"],
    async arrange(c, author) {
      const target = await reply(c, author);
      expectOk(await deletePost(author, target.postId));
      return target;
    },
    act: (actor, target) => restorePost(actor, target.postId),
    state: (target) => readPostState(target.postId),
    async expectDone({ response, target, cast: c, actor, actorName }) {
      expect(postOf(response)).toMatchObject({ id: target.postId, deleted: 0, deleted_by: null, content: textDelta("Words to act on") });
      expect((await readPostState(target.postId)).post).toMatchObject({ deleted: 0, deletedById: null, deletedAt: null });
      const entries = (await readModlog(c.group.id)).filter((entry) => entry.targetId === target.postId && entry.targetType === "post");
      expect(entries).toEqual(actorName === "author" ? [] : [{ action: "restore_post", targetType: "post", targetId: target.postId, moderatorId: actor.id }]);
    },
  });

  describePermissionMatrix("POST /api/v2/posts/{post_id}/restore on a post a moderator deleted (deleted 2)", getCast, {
    allowed: ["moderator", "admin", "owner"],
    async arrange(c, author) {
      const target = await reply(c, author);
      expect(postOf(await deletePost(c.moderator, target.postId))).toMatchObject({ deleted: 2 });
      return target;
    },
    act: (actor, target) => restorePost(actor, target.postId),
    state: (target) => readPostState(target.postId),
    async expectDone({ response, target }) {
      expect(postOf(response)).toMatchObject({ id: target.postId, deleted: 0, deleted_by: null });
    },
  });

  describePermissionMatrix("POST /api/v2/posts/{post_id}/report", getCast, {
    allowed: ["author", "stranger", "moderator", "admin", "owner"],
    arrange: reply,
    act: (actor, target) => reportPost(actor, target.postId, { reason: "abuse", note: "Rude" }),
    state: (target) => readPostState(target.postId),
    async expectDone({ response, target }) {
      const { report } = ReportResponseSchema.parse(response.body.data);
      expect(report).toMatchObject({ post_id: target.postId, reason: "abuse", note: "Rude", status: "open" });
      expect(await readPostState(target.postId)).toMatchObject({ post: { reportCount: 1 }, reports: [{ id: report.id, status: "open" }] });
    },
  });

  describePermissionMatrix("GET /api/v2/posts/{post_id}/revisions", getCast, {
    allowed: ["author", "stranger", "moderator", "admin", "owner", "banned user", "banned author", "signed out"],
    async arrange(c, author) {
      const target = await reply(c, author);
      expectOk(await editPost(author, target.postId, textDelta("Second version")));
      return target;
    },
    act: (actor, target) => readRevisions(actor, target.postId),
    state: (target) => readPostState(target.postId),
    expectDone({ response, target }) {
      const { revisions, count } = RevisionsResponseSchema.parse(response.body.data);
      expect(count).toBe(1);
      expect(revisions).toMatchObject([{ post_id: target.postId, content: textDelta("Words to act on") }]);
    },
  });
});

describe("POST /api/v2/posts/{post_id}/edit and GET /revisions", () => {
  it("keeps every earlier version, newest first, each holding the content as it was before that edit", async () => {
    const { threadId, postId } = await createThreadWithReply(cast.author, cast.group.id, "Version one");
    expectOk(await editPost(cast.author, postId, textDelta("Version two")));
    const byModerator = await editPost(cast.moderator, postId, textDelta("Version three"));
    expect(postOf(byModerator)).toMatchObject({ id: postId, content: textDelta("Version three"), user_id: cast.author.id });

    const response = await readRevisions(undefined, postId);
    expectOk(response);
    const { revisions, count } = RevisionsResponseSchema.strict().parse(response.body.data);
    expect(count).toBe(2);
    expect(revisions).toMatchObject([
      { post_id: postId, user_id: cast.moderator.id, username: cast.moderator.username, content: textDelta("Version two") },
      { post_id: postId, user_id: cast.author.id, username: cast.author.username, content: textDelta("Version one") },
    ]);
    expect(revisions[0]!.id).toBeGreaterThan(revisions[1]!.id);

    const secondPage = await readRevisions(undefined, postId, { page: 2, per_page: 1 });
    expect(RevisionsResponseSchema.parse(secondPage.body.data)).toMatchObject({ count: 2, revisions: [{ content: textDelta("Version one") }] });
    expect(await readPostAs(undefined, cast.group, threadId, postId)).toMatchObject({ content: textDelta("Version three") });
  });

  it("describes the opening post's revisions in the thread's edit_history, newest first", async () => {
    const thread = await createThreadOverHttp(cast.author, cast.group.id, { content: textDelta("First words") });
    expectOk(await editPost(cast.author, thread.first_post_id, textDelta("Second words")));
    expectOk(await editPost(cast.admin, thread.first_post_id, textDelta("Third words")));
    const record = (await readThreadAs(undefined, cast.group, thread.id)).body.data.thread;
    expect(record.first_post.content).toBe(textDelta("Third words"));
    expect(record.edit_history.count).toBe(2);
    expect(record.edit_history.lists).toMatchObject([
      { post_id: thread.first_post_id, user_id: cast.admin.id, username: cast.admin.username },
      { post_id: thread.first_post_id, user_id: cast.author.id, username: cast.author.username },
    ]);
  });

  it("refuses a missing or empty content with 400 naming content, changing nothing", async () => {
    const { postId } = await createThreadWithReply(cast.author, cast.group.id);
    const before = await readPostState(postId);
    expectBadParam(await postAs(cast.author, `/api/v2/posts/${postId}/edit`, {}), "content");
    expectBadParam(await editPost(cast.author, postId, "[]"), "content");
    expectBadParam(await editPost(cast.author, postId, JSON.stringify([{ insert: "   \n" }])), "content");
    expect(await readPostState(postId)).toEqual(before);
  });

  it("does not edit a deleted post, not even for a moderator", async () => {
    const { postId } = await createThreadWithReply(cast.author, cast.group.id);
    expectOk(await deletePost(cast.author, postId));
    const before = await readPostState(postId);
    expectRefused(await editPost(cast.author, postId), 40300);
    expectRefused(await editPost(cast.moderator, postId), 40300);
    expect(await readPostState(postId)).toEqual(before);
  });

  it("shows a deleted post's revisions as [] to everyone but its author and the group's moderators", async () => {
    const { postId } = await createThreadWithReply(cast.author, cast.group.id, "Secret draft");
    expectOk(await editPost(cast.author, postId, textDelta("Second draft")));
    expectOk(await deletePost(cast.author, postId));
    const contentFor = async (user: TestUser | undefined) => RevisionsResponseSchema.parse((await readRevisions(user, postId)).body.data).revisions[0]!.content;
    expect(await contentFor(undefined)).toBe("[]");
    expect(await contentFor(cast.stranger)).toBe("[]");
    expect(await contentFor(cast.author)).toBe(textDelta("Secret draft"));
    expect(await contentFor(cast.moderator)).toBe(textDelta("Secret draft"));
  });
});

describe("POST /api/v2/posts/{post_id}/delete and /restore", () => {
  it("hides a deleted reply's words from everyone but its author and the moderators, keeping its place and its replies", async () => {
    const { threadId, postId } = await createThreadWithReply(cast.author, cast.group.id, "Regrettable words");
    const child = await createPostOverHttp(cast.stranger, threadId, "A reply to it", postId);
    const deleted = postOf(await deletePost(cast.author, postId));
    expect(deleted).toMatchObject({ deleted: 1, deleted_by: { id: cast.author.id }, content: textDelta("Regrettable words") });

    for (const viewer of [undefined, cast.stranger, cast.banned]) {
      const seen = await readPostAs(viewer, cast.group, threadId, postId);
      expect(seen).toMatchObject({ deleted: 1, content: "[]", deleted_by: { id: cast.author.id } });
      expect(seen.children.posts.map((post) => post.id)).toEqual([child.id]);
    }
    for (const viewer of [cast.author, cast.moderator, cast.admin, cast.owner]) {
      expect(await readPostAs(viewer, cast.group, threadId, postId)).toMatchObject({ deleted: 1, content: textDelta("Regrettable words") });
    }
  });

  it("hides a deleted opening post in get thread's first_post and in the thread list's first_post", async () => {
    const thread = await createThreadOverHttp(cast.author, cast.group.id, { content: textDelta("Opening words") });
    expect(postOf(await deletePost(cast.moderator, thread.first_post_id))).toMatchObject({ deleted: 2, deleted_by: { id: cast.moderator.id } });

    expect(await readPostAs(undefined, cast.group, thread.id, thread.first_post_id)).toMatchObject({ deleted: 2, content: "[]" });
    expect(await readPostAs(cast.author, cast.group, thread.id, thread.first_post_id)).toMatchObject({ content: textDelta("Opening words") });
    const listed = async (viewer: TestUser | undefined) => (await listThreadsAs(viewer, cast.group.id)).find((item) => item.id === thread.id)!.first_post;
    expect(await listed(undefined)).toMatchObject({ content: "[]", deleted: "2" });
    expect(await listed(cast.stranger)).toMatchObject({ content: "[]", deleted: "2" });
    expect(await listed(cast.author)).toMatchObject({ content: textDelta("Opening words"), deleted: "2" });
    expect(await listed(cast.moderator)).toMatchObject({ content: textDelta("Opening words"), deleted: "2" });
  });

  it("tells each reader whether they may edit or delete a post (can_edit / can_delete)", async () => {
    const author = await createTestUser();
    const { threadId, postId } = await createThreadWithReply(author, cast.group.id);
    const abilities = async (viewer: TestUser | undefined) => {
      const post = await readPostAs(viewer, cast.group, threadId, postId);
      return [post.can_edit, post.can_delete];
    };
    expect(await abilities(author)).toEqual([true, true]);
    for (const viewer of [cast.moderator, cast.admin, cast.owner]) expect(await abilities(viewer)).toEqual([true, true]);
    for (const viewer of [undefined, cast.stranger, cast.banned]) expect(await abilities(viewer)).toEqual([false, false]);
    expectOk(await postAs(cast.moderator, `/api/v2/groups/${cast.group.id}/bans`, { user_id: author.id }));
    expect(await abilities(author)).toEqual([false, true]);
    expectOk(await deletePost(author, postId));
    expect(await abilities(author)).toEqual([false, false]);
    expect(await abilities(cast.moderator)).toEqual([false, false]);
  });

  it("treats deleting a deleted post as a no-op, whoever asks again", async () => {
    const { postId } = await createThreadWithReply(cast.author, cast.group.id);
    expectOk(await deletePost(cast.author, postId, { reason: "first" }));
    const before = { post: await readPostState(postId), modlog: await readModlog(cast.group.id) };
    expect(postOf(await deletePost(cast.author, postId, { reason: "second" }))).toMatchObject({ deleted: 1, deleted_by: { id: cast.author.id } });
    expect(postOf(await deletePost(cast.moderator, postId, { reason: "third" }))).toMatchObject({ deleted: 1, deleted_by: { id: cast.author.id } });
    expect({ post: await readPostState(postId), modlog: await readModlog(cast.group.id) }).toEqual(before);
  });

  it("lets a banned author delete their post but not edit it", async () => {
    const author = await createTestUser();
    const { postId } = await createThreadWithReply(author, cast.group.id, "Before the ban");
    expectOk(await postAs(cast.moderator, `/api/v2/groups/${cast.group.id}/bans`, { user_id: author.id }));
    const before = await readPostState(postId);
    expectRefused(await editPost(author, postId), 40300);
    expect(await readPostState(postId)).toEqual(before);
    expect(postOf(await deletePost(author, postId))).toMatchObject({ deleted: 1 });
  });

  it("closes the post's open reports when a moderator deletes it", async () => {
    const { postId } = await createThreadWithReply(cast.author, cast.group.id);
    expectOk(await reportPost(cast.stranger, postId));
    expectOk(await reportPost(cast.owner, postId));
    expect(postOf(await deletePost(cast.admin, postId))).toMatchObject({ deleted: 2, total_report: 0 });
    expect(await readPostState(postId)).toMatchObject({
      post: { reportCount: 0 },
      reports: [
        { status: "resolved", resolution: "delete_post" },
        { status: "resolved", resolution: "delete_post" },
      ],
    });
  });

  it("refuses a reason longer than 500 characters with 400 naming reason, changing nothing", async () => {
    const { postId } = await createThreadWithReply(cast.author, cast.group.id);
    const before = await readPostState(postId);
    expectBadParam(await deletePost(cast.author, postId, { reason: "x".repeat(501) }), "reason");
    expect(await readPostState(postId)).toEqual(before);
  });

  it("ends a parallel delete/restore storm by one moderator in a consistent state, with a modlog entry for each real change", async () => {
    const { threadId, postId } = await createThreadWithReply(cast.author, cast.group.id, "Stormy");
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) => (index % 2 === 0 ? deletePost(cast.moderator, postId) : restorePost(cast.moderator, postId))),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    const { post } = await readPostState(postId);
    expect([0, 2]).toContain(post.deleted);
    expect(post).toMatchObject(post.deleted === 2 ? { deletedById: cast.moderator.id } : { deletedById: null, deletedAt: null });
    // The post's entries, oldest first, alternate delete/restore and end on the final state.
    const entries = (await readModlog(cast.group.id)).filter((entry) => entry.targetType === "post" && entry.targetId === postId).reverse();
    const storm = entries.map((entry) => entry.action);
    storm.forEach((action, index) => expect(action).toBe(index % 2 === 0 ? "delete_post" : "restore_post"));
    expect(storm.length % 2).toBe(post.deleted === 2 ? 1 : 0);
    expect(await readPostAs(cast.moderator, cast.group, threadId, postId)).toMatchObject({ deleted: post.deleted });
  });

  it("ends a parallel delete/restore storm by the author and a moderator with deleted, deleted_by and the reader's view agreeing", async () => {
    const { threadId, postId } = await createThreadWithReply(cast.author, cast.group.id, "Contested");
    const calls = Array.from({ length: 24 }, (_, index) => {
      const who = index % 4 < 2 ? cast.author : cast.moderator;
      return index % 2 === 0 ? deletePost(who, postId) : restorePost(who, postId);
    });
    const answers = await Promise.all(calls);
    // The author may find a moderator's deletion in the way (403); nothing else may fail.
    for (const answer of answers) expect([200, 403]).toContain(answer.status);
    const { post } = await readPostState(postId);
    const expected = { 0: { deletedById: null, deletedAt: null }, 1: { deletedById: cast.author.id }, 2: { deletedById: cast.moderator.id } }[post.deleted];
    expect(expected).toBeDefined();
    expect(post).toMatchObject(expected!);
    const seen = await readPostAs(undefined, cast.group, threadId, postId);
    expect(seen).toMatchObject({ deleted: post.deleted, content: post.deleted === 0 ? textDelta("Contested") : "[]" });
  });
});

describe("POST /api/v2/posts/{post_id}/report", () => {
  it("answers the report, counts it in total_report, and refuses a second report by the same person with 409", async () => {
    const { threadId, postId } = await createThreadWithReply(cast.author, cast.group.id);
    const first = await reportPost(cast.stranger, postId, { reason: "off_topic", note: "  Not about the topic  " });
    expectOk(first);
    const { report } = ReportResponseSchema.strict().parse(first.body.data);
    expect(report).toMatchObject({ post_id: postId, reason: "off_topic", note: "Not about the topic", status: "open" });
    expect(await readPostAs(undefined, cast.group, threadId, postId)).toMatchObject({ total_report: 1 });

    const before = await readPostState(postId);
    const again = await reportPost(cast.stranger, postId, { reason: "other" });
    expectRefused(again, 40900);
    expect(await readPostState(postId)).toEqual(before);

    expectOk(await reportPost(cast.admin, postId, { reason: "other" }));
    expect(await readPostAs(cast.author, cast.group, threadId, postId)).toMatchObject({ total_report: 2 });
  });

  it.each([
    ["an unknown reason", { reason: "nope" }, "reason"],
    ["no reason", { note: "Just because" }, "reason"],
    ["a note longer than 500 characters", { reason: "spam", note: "x".repeat(501) }, "note"],
  ])("refuses %s with 400 naming the parameter, changing nothing", async (_label, body, parameter) => {
    const { postId } = await createThreadWithReply(cast.author, cast.group.id);
    const before = await readPostState(postId);
    expectBadParam(await reportPost(cast.stranger, postId, body), parameter);
    expect(await readPostState(postId)).toEqual(before);
  });

  it("refuses to report a deleted post", async () => {
    const { postId } = await createThreadWithReply(cast.author, cast.group.id);
    expectOk(await deletePost(cast.author, postId));
    const before = await readPostState(postId);
    expectRefused(await reportPost(cast.stranger, postId), 40300);
    expect(await readPostState(postId)).toEqual(before);
  });

  it("counts 20 people reporting one post at once exactly", async () => {
    const { postId } = await createThreadWithReply(cast.author, cast.group.id, "Controversial");
    const reporters = await Promise.all(Array.from({ length: 20 }, () => createTestUser()));
    const answers = await Promise.all(reporters.map((user) => reportPost(user, postId)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    const state = await readPostState(postId);
    expect(state.post.reportCount).toBe(20);
    expect(state.reports).toHaveLength(20);
  });

  it("takes one report when one person reports the same post 10 times at once", async () => {
    const { postId } = await createThreadWithReply(cast.author, cast.group.id);
    const answers = await Promise.all(Array.from({ length: 10 }, () => reportPost(cast.stranger, postId)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, ...Array(9).fill(409)]);
    expect(await readPostState(postId)).toMatchObject({ post: { reportCount: 1 }, reports: [{ status: "open" }] });
  });
});

describe("unknown posts", () => {
  it.each([
    ["edit", () => editPost(cast.author, UNKNOWN_ID)],
    ["delete", () => deletePost(cast.moderator, UNKNOWN_ID)],
    ["restore", () => restorePost(cast.moderator, UNKNOWN_ID)],
    ["report", () => reportPost(cast.stranger, UNKNOWN_ID)],
    ["revisions", () => readRevisions(undefined, UNKNOWN_ID)],
  ])("answers 404 40400 to %s of a post that does not exist", async (_label, send) => {
    expectRefused(await send(), 40400);
  });

  it("answers 400 naming post_id to an id that is not a positive integer", async () => {
    expectBadParam(await editPost(cast.author, 0), "post_id");
    expectBadParam(await deletePost(cast.author, -3), "post_id");
  });
});
