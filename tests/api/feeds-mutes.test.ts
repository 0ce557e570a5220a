import { beforeAll, describe, expect, it } from "vitest";
import { expectBadParam, expectOk, expectRefused, getAs, notificationsOf, postAs, type Group } from "../support/community-helpers";
import { dismiss, feedIds, feedIdsAmong, muteGroup, muteThread, openThread, tagThreads } from "../support/feed-helpers";
import { createTestUser, type TestUser } from "../support/fixtures";
import { createNamedGroup, createPostOverHttp, createThreadOverHttp } from "../support/thread-helpers";

// Contract section 17: mutes (feeds, is_muted, `post` notifications stop, replies and mentions
// still arrive) and section 14's privacy in every feed.

async function notificationTypes(user: TestUser, threadId: number): Promise<string[]> {
  return (await notificationsOf(user)).notifications
    .filter((notification) => notification.thread_id === threadId)
    .map((notification) => notification.type)
    .sort();
}

const FILTERS = ["latest", "new", "unread", "top", "hot"] as const;

describe("POST /api/v2/threads/{id}/mute and /api/v2/groups/{id}/mute", () => {
  let owner: TestUser;
  let reader: TestUser;
  let group: Group;

  beforeAll(async () => {
    [owner, reader] = await Promise.all([createTestUser(), createTestUser()]);
    group = await createNamedGroup(owner);
  });

  it("refuses bad parameters, a missing token, unknown threads and groups", async () => {
    const thread = await createThreadOverHttp(owner, group.id);
    expectBadParam(await muteThread(reader, thread.id, 2), "muted");
    expectBadParam(await muteThread(reader, thread.id, undefined), "muted");
    expectBadParam(await muteGroup(reader, group.id, "yes"), "muted");
    expectBadParam(await muteThread(reader, "abc", 1), "thread_id");
    expectRefused(await muteThread(undefined, thread.id, 1), 40102);
    expectRefused(await muteGroup(undefined, group.id, 1), 40102);
    expectRefused(await muteThread(reader, 2_000_000_000, 1), 40400);
    expectRefused(await muteGroup(reader, 2_000_000_000, 1), 40400);
  });

  it("a muted thread leaves every feed, carries is_muted 1 in get thread, and its followers' post notifications stop", async () => {
    const thread = await createThreadOverHttp(owner, group.id);
    await openThread(reader, group, thread.id);
    expectOk(await postAs(reader, `/api/v2/threads/${thread.id}/subscribe`, { subscribe: 1 }));
    await createPostOverHttp(owner, thread.id, "Before the mute");
    expect(await notificationTypes(reader, thread.id)).toEqual(["post"]);
    expect(await feedIds(reader, { filter: "unread", group_id: group.id })).toContain(thread.id);

    const answer = await muteThread(reader, thread.id, 1);
    expectOk(answer);
    expect(answer.body.data).toEqual({ thread_id: thread.id, muted: 1 });
    expect((await muteThread(reader, thread.id, 1)).body.data).toEqual({ thread_id: thread.id, muted: 1 });
    expect((await openThread(reader, group, thread.id)).is_muted).toBe(1);
    expect((await openThread(owner, group, thread.id)).is_muted).toBe(0);
    for (const filter of FILTERS) expect(await feedIds(reader, { filter, group_id: group.id, period: "all" })).not.toContain(thread.id);
    expect(await feedIds(owner, { group_id: group.id })).toContain(thread.id);

    // Mark the earlier notification read, so a new one would be a new row.
    expectOk(await postAs(reader, "/api/v2/notifications/read", { all: 1 }));
    const before = await notificationsOf(reader);
    const countBefore = before.notifications.filter((notification) => notification.thread_id === thread.id).length;
    const parent = await createPostOverHttp(reader, thread.id, "My post");
    await createPostOverHttp(owner, thread.id, "A new post nobody muted would hear of");
    await createPostOverHttp(owner, thread.id, "A reply still notifies", parent.id);
    await createPostOverHttp(owner, thread.id, `And a mention, @${reader.username}`);
    const after = (await notificationsOf(reader)).notifications.filter((notification) => notification.thread_id === thread.id && !notification.read);
    expect(after.map((notification) => notification.type).sort()).toEqual(["mention", "reply"]);
    expect(countBefore).toBeGreaterThan(0);

    expect((await muteThread(reader, thread.id, 0)).body.data).toEqual({ thread_id: thread.id, muted: 0 });
    expect((await openThread(reader, group, thread.id)).is_muted).toBe(0);
    await createPostOverHttp(owner, thread.id, "Heard again");
    expect(await notificationTypes(reader, thread.id)).toContain("post");
  });

  it("a muted group's threads appear only when group_id names it; is_muted in group info; post notifications stop", async () => {
    const muted = await createNamedGroup(owner);
    const thread = await createThreadOverHttp(owner, muted.id);
    expectOk(await postAs(reader, `/api/v2/threads/${thread.id}/subscribe`, { subscribe: 1 }));
    expect((await getAs<{ group: { is_muted: number } }>(reader, `/api/v2/groups/${muted.id}`)).body.data.group.is_muted).toBe(0);
    const answer = await muteGroup(reader, muted.id, 1);
    expectOk(answer);
    expect(answer.body.data).toEqual({ group_id: muted.id, muted: 1 });
    expect((await getAs<{ group: { is_muted: number } }>(reader, `/api/v2/groups/${muted.id}`)).body.data.group.is_muted).toBe(1);
    expect((await getAs<{ group: { is_muted: number } }>(undefined, `/api/v2/groups/${muted.id}`)).body.data.group.is_muted).toBe(0);

    await createPostOverHttp(owner, thread.id, "Muted group's news");
    expect(await notificationTypes(reader, thread.id)).toEqual([]);
    expect(await feedIdsAmong(reader, [thread.id])).toEqual([]);
    expect(await feedIdsAmong(reader, [thread.id], { filter: "unread" })).toEqual([]);
    expect(await feedIds(reader, { group_id: muted.id })).toEqual([thread.id]);
    expect(await feedIds(reader, { filter: "unread", group_id: muted.id })).toEqual([thread.id]);
    // Dismissing the whole unread feed leaves the muted group's thread alone.
    await dismiss(reader, { filter: "unread" });
    expect(await feedIds(reader, { filter: "unread", group_id: muted.id })).toEqual([thread.id]);

    expectOk(await muteGroup(reader, muted.id, 0));
    expect(await feedIds(reader, { tag_id: await tagThreads([thread.id]) })).toEqual([thread.id]);
  });

  it("threads started by someone the reader ignores leave the reader's feeds, and come back when unignored", async () => {
    const stranger = await createTestUser();
    const theirs = await createThreadOverHttp(stranger, group.id);
    const ours = await createThreadOverHttp(owner, group.id);
    await openThread(reader, group, theirs.id);
    await createPostOverHttp(stranger, theirs.id, "More from the stranger");
    const mine = [theirs.id, ours.id];
    expect(await feedIdsAmong(reader, mine, { group_id: group.id })).toEqual([theirs.id, ours.id]);
    expect(await feedIdsAmong(reader, mine, { filter: "unread", group_id: group.id })).toEqual([theirs.id]);

    expectOk(await postAs(reader, `/api/v2/users/${stranger.id}/ignore`, { ignored: 1 }));
    for (const filter of FILTERS) expect(await feedIds(reader, { filter, group_id: group.id, period: "all" })).not.toContain(theirs.id);
    expect(await feedIdsAmong(owner, mine, { group_id: group.id })).toEqual([theirs.id, ours.id]);

    expectOk(await postAs(reader, `/api/v2/users/${stranger.id}/ignore`, { ignored: 0 }));
    expect(await feedIdsAmong(reader, mine, { group_id: group.id })).toEqual([theirs.id, ours.id]);
  });
});

describe("privacy in every feed (contract section 14)", () => {
  let owner: TestUser;
  let member: TestUser;
  let stranger: TestUser;
  let privateGroup: Group;
  let hiddenGroup: Group;
  let privateThread: number;
  let hiddenThread: number;
  // A tag is its group's (contract section 18): one in each.
  let privateTag: number;
  let hiddenTag: number;

  beforeAll(async () => {
    [owner, member, stranger] = await Promise.all([createTestUser(), createTestUser(), createTestUser()]);
    privateGroup = await createNamedGroup(owner);
    hiddenGroup = await createNamedGroup(owner);
    for (const [group, visibility] of [
      [privateGroup, 1],
      [hiddenGroup, 2],
    ] as const) {
      expectOk(await postAs(member, `/api/v2/groups/${group.id}/join`));
      expectOk(await postAs(owner, `/api/v2/groups/${group.id}/settings`, { visibility }));
    }
    privateThread = (await createThreadOverHttp(owner, privateGroup.id)).id;
    hiddenThread = (await createThreadOverHttp(owner, hiddenGroup.id)).id;
    // Something in each for unread, top and hot: the stranger follows both threads.
    for (const threadId of [privateThread, hiddenThread]) {
      await postAs(stranger, `/api/v2/threads/${threadId}/subscribe`, { subscribe: 1 });
      await createPostOverHttp(owner, threadId, "Members only");
    }
    privateTag = await tagThreads([privateThread]);
    hiddenTag = await tagThreads([hiddenThread]);
  });

  it("never shows a private or hidden group's threads to those who may not read them", async () => {
    const mine = [privateThread, hiddenThread];
    for (const filter of FILTERS) {
      for (const period of filter === "top" ? ["week", "all"] : ["week"]) {
        // Site-wide (no group_id), without and with the threads' tag.
        expect(await feedIdsAmong(stranger, mine, { filter, period })).toEqual([]);
        // A tag names its group: read as the group is (403 private, 404 hidden).
        expectRefused(await getAs(stranger, "/api/v2/feed", { filter, period, tag_id: privateTag }), 40300);
        expectRefused(await getAs(stranger, "/api/v2/feed", { filter, period, tag_id: hiddenTag }), 40400);
        if (filter !== "new" && filter !== "unread") expectRefused(await getAs(undefined, "/api/v2/feed", { filter, period, tag_id: hiddenTag }), 40400);
        if (filter !== "unread") {
          expect(await feedIds(member, { filter, period, tag_id: privateTag })).toEqual([privateThread]);
          expect(await feedIds(member, { filter, period, tag_id: hiddenTag })).toEqual([hiddenThread]);
        }
      }
    }
    expect(await feedIds(member, { filter: "new", tag_id: hiddenTag })).toEqual([hiddenThread]);
  });

  it("answers group_id of a private group 403 and of a hidden one 404, in feeds and dismiss", async () => {
    for (const filter of FILTERS) {
      expectRefused(await getAs(stranger, "/api/v2/feed", { filter, group_id: privateGroup.id }), 40300);
      expectRefused(await getAs(stranger, "/api/v2/feed", { filter, group_id: hiddenGroup.id }), 40400);
    }
    expectRefused(await getAs(undefined, "/api/v2/feed", { group_id: privateGroup.id }), 40300);
    expectRefused(await getAs(undefined, "/api/v2/feed", { group_id: hiddenGroup.id }), 40400);
    expectRefused(await dismiss(stranger, { filter: "unread", group_id: privateGroup.id }), 40300);
    expectRefused(await dismiss(stranger, { filter: "new", group_id: hiddenGroup.id }), 40400);
    expectRefused(await muteGroup(stranger, hiddenGroup.id, 1), 40400);
    expectRefused(await muteThread(stranger, hiddenThread, 1), 40400);
    expect(await feedIds(member, { group_id: privateGroup.id })).toEqual([privateThread]);
    expect(await feedIds(member, { group_id: hiddenGroup.id, filter: "new" })).toEqual([hiddenThread]);
  });
});
