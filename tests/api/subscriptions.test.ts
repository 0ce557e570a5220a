import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/engine/client";
import { expectBadParam, expectOk, expectRefused, postAs } from "../support/community-helpers";
import { createTestUser, type TestUser } from "../support/fixtures";
import { createNamedGroup, createPostOverHttp, createThreadOverHttp, getThreadOverHttp } from "../support/thread-helpers";

// Contract section 13: POST /api/v2/threads/{thread_id}/subscribe, read back through get thread's
// is_subscribe and the subscriptions table; and the read marker a signed-in read of a thread leaves.

const subscribe = (user: TestUser | undefined, threadId: number | string, body: Record<string, unknown>) =>
  postAs<{ is_subscribe: boolean }>(user, `/api/v2/threads/${threadId}/subscribe`, body);

async function isSubscribedInDb(user: TestUser, threadId: number): Promise<boolean> {
  const db = await getDb();
  return (await db.subscription.count({ where: { userId: user.id, threadId } })) === 1;
}

describe("POST /api/v2/threads/{thread_id}/subscribe", () => {
  let owner: TestUser;
  let reader: TestUser;
  let group: { id: number; name: string };
  let threadId: number;

  beforeAll(async () => {
    [owner, reader] = await Promise.all([createTestUser(), createTestUser()]);
    group = await createNamedGroup(owner);
    threadId = (await createThreadOverHttp(owner, group.id)).id;
  });

  const isSubscribeOnThread = async (user: TestUser) =>
    (await getThreadOverHttp(threadId, { group_name: group.name }, { token: user.token })).body.data.thread.is_subscribe;

  it("follows and unfollows, idempotently, and get thread's is_subscribe says so", async () => {
    expect(await isSubscribeOnThread(reader)).toBe(false);
    for (let round = 0; round < 2; round += 1) {
      const on = await subscribe(reader, threadId, { subscribe: 1 });
      expectOk(on);
      expect(on.body.data).toEqual({ is_subscribe: true });
    }
    expect(await isSubscribedInDb(reader, threadId)).toBe(true);
    expect(await isSubscribeOnThread(reader)).toBe(true);
    for (let round = 0; round < 2; round += 1) {
      const off = await subscribe(reader, threadId, { subscribe: "0" });
      expectOk(off);
      expect(off.body.data).toEqual({ is_subscribe: false });
    }
    expect(await isSubscribedInDb(reader, threadId)).toBe(false);
    expect(await isSubscribeOnThread(reader)).toBe(false);
  });

  it("posting subscribes the author, and they can unfollow afterwards", async () => {
    await createPostOverHttp(reader, threadId, "I am in");
    expect(await isSubscribeOnThread(reader)).toBe(true);
    expectOk(await subscribe(reader, threadId, { subscribe: 0 }));
    expect(await isSubscribeOnThread(reader)).toBe(false);
  });

  it("refuses a bad subscribe value, an unknown or deleted thread, and a missing token, changing nothing", async () => {
    for (const body of [{}, { subscribe: 2 }, { subscribe: "yes" }, { subscribe: -1 }]) {
      expectBadParam(await subscribe(reader, threadId, body), "subscribe");
    }
    expectBadParam(await subscribe(reader, "abc", { subscribe: 1 }), "thread_id");
    expectRefused(await subscribe(reader, 2_000_000_000, { subscribe: 1 }), 40400);
    const doomed = (await createThreadOverHttp(owner, group.id)).id;
    expectOk(await postAs(owner, `/api/v2/threads/${doomed}/delete`));
    expectRefused(await subscribe(reader, doomed, { subscribe: 1 }), 40400);
    expect(await isSubscribedInDb(reader, doomed)).toBe(false);
    const signedOut = await subscribe(undefined, threadId, { subscribe: 1 });
    expect(signedOut.status).toBe(401);
    expect(await isSubscribedInDb(reader, threadId)).toBe(false);
  });
});

describe("read markers", () => {
  it("a signed-in read of a thread records how far it was read, moving only forward; a guest read records nothing", async () => {
    const [owner, reader] = await Promise.all([createTestUser(), createTestUser()]);
    const group = await createNamedGroup(owner);
    const thread = await createThreadOverHttp(owner, group.id);
    const db = await getDb();
    const mark = () => db.threadRead.findUnique({ where: { userId_threadId: { userId: reader.id, threadId: thread.id } } });
    const marks = () => db.threadRead.count({ where: { threadId: thread.id } });
    const before = await marks();
    await getThreadOverHttp(thread.id, { group_name: group.name });
    expect(await marks()).toBe(before);
    expect(await mark()).toBeNull();
    await getThreadOverHttp(thread.id, { group_name: group.name }, { token: reader.token });
    expect(await mark()).toMatchObject({ lastPostId: thread.first_post_id, postsCount: 1 });
    const first = (await mark())!.readAt;
    await getThreadOverHttp(thread.id, { group_name: group.name }, { token: reader.token });
    expect((await mark())!.readAt).toEqual(first);
    const post = await createPostOverHttp(owner, thread.id, "Something new");
    await getThreadOverHttp(thread.id, { group_name: group.name }, { token: reader.token });
    expect(await mark()).toMatchObject({ lastPostId: post.id, postsCount: 2 });
  });
});
