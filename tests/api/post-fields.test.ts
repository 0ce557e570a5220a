import { beforeAll, describe, expect, it } from "vitest";
import { banOverHttp, expectOk, listThreadsAs, postAs, readPostAs } from "../support/community-helpers";
import { createTestUser, type TestUser } from "../support/fixtures";
import { createNamedGroup, createPostOverHttp, createThreadOverHttp, textDelta } from "../support/thread-helpers";

// Fields of the reference's Post and Thread list item that are computed, not stored: whether the
// people shown (likers, last posters) are banned in the group, and when a post was last edited.

describe("is_ban of likers and last posters (contract section 12)", () => {
  let owner: TestUser;
  let bannedLiker: TestUser;
  let liker: TestUser;
  let bannedReplier: TestUser;
  let group: { id: number; name: string };
  let bannedThread: { id: number; firstPostId: number };
  let quietThread: { id: number };

  beforeAll(async () => {
    owner = await createTestUser();
    [bannedLiker, liker, bannedReplier] = await Promise.all([createTestUser(), createTestUser(), createTestUser()]);
    group = await createNamedGroup(owner);
    quietThread = await createThreadOverHttp(owner, group.id, { title: "Quiet" });
    const thread = await createThreadOverHttp(owner, group.id, { title: "Busy" });
    bannedThread = { id: thread.id, firstPostId: thread.first_post_id };
    for (const user of [bannedLiker, liker]) expectOk(await postAs(user, `/api/v2/posts/${bannedThread.firstPostId}/like`));
    await createPostOverHttp(bannedReplier, bannedThread.id, "Last word");
    await banOverHttp(owner, group.id, bannedLiker);
    await banOverHttp(owner, group.id, bannedReplier);
  });

  it("marks the banned liker in likes[].is_ban, as the post's own is_ban is marked", async () => {
    for (const viewer of [undefined, liker]) {
      const post = await readPostAs(viewer, group, bannedThread.id, bannedThread.firstPostId);
      const marks = Object.fromEntries(post.likes.map((like) => [like.user_id, like.is_ban]));
      expect(marks).toEqual({ [bannedLiker.id]: 1, [liker.id]: 0 });
    }
  });

  it("marks a banned last poster in a thread list's latest_reply.is_ban", async () => {
    for (const viewer of [undefined, owner]) {
      const threads = await listThreadsAs(viewer, group.id);
      const byId = new Map(threads.map((thread) => [thread.id, thread]));
      expect(byId.get(bannedThread.id)?.latest_reply).toMatchObject({ user_id: bannedReplier.id, is_ban: "1" });
      expect(byId.get(quietThread.id)?.latest_reply).toMatchObject({ user_id: owner.id, is_ban: "0" });
    }
  });

  it("clears the marks when the bans are lifted", async () => {
    for (const user of [bannedLiker, bannedReplier]) expectOk(await postAs(owner, `/api/v2/groups/${group.id}/bans/${user.id}/lift`));
    const post = await readPostAs(undefined, group, bannedThread.id, bannedThread.firstPostId);
    expect(post.likes.map((like) => like.is_ban)).toEqual([0, 0]);
    const threads = await listThreadsAs(undefined, group.id);
    expect(threads.find((thread) => thread.id === bannedThread.id)?.latest_reply.is_ban).toBe("0");
  });
});

describe("a post's updated_at", () => {
  it("moves when its content is edited, not when it is liked, reported or replied to", async () => {
    const owner = await createTestUser();
    const reader = await createTestUser();
    const group = await createNamedGroup(owner);
    const thread = await createThreadOverHttp(owner, group.id);
    const post = await createPostOverHttp(owner, thread.id, "Original words");
    const read = () => readPostAs(undefined, group, thread.id, post.id);
    const written = await read();
    expect(written.updated_at).toBe(written.created_at);
    expectOk(await postAs(reader, `/api/v2/posts/${post.id}/like`));
    expectOk(await postAs(reader, `/api/v2/posts/${post.id}/report`, { reason: "spam" }));
    await createPostOverHttp(reader, thread.id, "An answer", post.id);
    const touched = await read();
    expect({ likes: touched.total_likes, reports: touched.total_report, replies: touched.children_count }).toEqual({ likes: 1, reports: 1, replies: 1 });
    expect(touched.updated_at).toBe(written.updated_at);
    expectOk(await postAs(owner, `/api/v2/posts/${post.id}/edit`, { content: textDelta("Better words") }));
    const edited = await read();
    expect(Date.parse(edited.updated_at)).toBeGreaterThan(Date.parse(written.updated_at));
  });
});
