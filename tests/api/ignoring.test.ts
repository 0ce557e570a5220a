import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/engine/client";
import type { NotificationDto } from "@/lib/schemas/notification-schemas";
import {
  expectBadParam,
  expectOk,
  expectRefused,
  getAs,
  postAs,
  readModlog,
  readPostAs,
  notificationsOf,
  readThreadAs,
  setRole,
} from "../support/community-helpers";
import { createTestUser, uniqueName, type TestUser } from "../support/fixtures";
import { createNamedGroup, createPostOverHttp, createThreadOverHttp, textDelta } from "../support/thread-helpers";

// Contract section 17, ignoring people: the endpoint's rows, /api/me's blocked_users, no
// notification of any type caused by an ignored person (moderation notices still arrive), the
// `ignored` mark in get thread, and the ignored person never told.

type IgnoreState = { user_id: number; ignored: number };
type Me = { user: { blocked_users: { id: number; username: string; photo_url: string }[] } };

const ignore = (user: TestUser | undefined, target: number | string, ignored: unknown) =>
  postAs<IgnoreState>(user, `/api/v2/users/${target}/ignore`, ignored === undefined ? {} : { ignored });

async function notificationListOf(user: TestUser): Promise<NotificationDto[]> {
  return (await notificationsOf(user)).notifications;
}

async function blockedOf(user: TestUser): Promise<Me["user"]["blocked_users"]> {
  const response = await getAs<Me>(user, "/api/me");
  expect(response.status).toBe(200);
  return response.body.data.user.blocked_users;
}

async function ignoreRows(userId: number): Promise<number> {
  const db = await getDb();
  return db.userIgnore.count({ where: { userId } });
}

describe("POST /api/v2/users/{user_id}/ignore", () => {
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    [alice, bob] = await Promise.all([createTestUser(), createTestUser()]);
  });

  it("ignores and stops ignoring, idempotently, and /api/me lists whom", async () => {
    const first = await ignore(alice, bob.id, 1);
    expectOk(first);
    expect(first.body.data).toEqual({ user_id: bob.id, ignored: 1 });
    expect((await ignore(alice, bob.id, "1")).body.data).toEqual({ user_id: bob.id, ignored: 1 });
    expect(await ignoreRows(alice.id)).toBe(1);
    expect(await blockedOf(alice)).toEqual([{ id: bob.id, username: bob.username, photo_url: "" }]);
    // The ignored person is never told: nothing of theirs shows it.
    expect(await blockedOf(bob)).toEqual([]);
    expect(await notificationListOf(bob)).toEqual([]);

    expect((await ignore(alice, bob.id, 0)).body.data).toEqual({ user_id: bob.id, ignored: 0 });
    expect((await ignore(alice, bob.id, 0)).body.data).toEqual({ user_id: bob.id, ignored: 0 });
    expect(await blockedOf(alice)).toEqual([]);
    expect(await ignoreRows(alice.id)).toBe(0);
  });

  it("refuses yourself, bad values, unknown people and no token, changing nothing", async () => {
    expectBadParam(await ignore(alice, alice.id, 1), "user_id");
    expectBadParam(await ignore(alice, bob.id, 2), "ignored");
    expectBadParam(await ignore(alice, bob.id, undefined), "ignored");
    expectBadParam(await ignore(alice, bob.id, "yes"), "ignored");
    expectBadParam(await ignore(alice, "abc", 1), "user_id");
    expectRefused(await ignore(alice, 2_000_000_000, 1), 40400);
    expectRefused(await ignore(undefined, bob.id, 1), 40102);
    expect(await ignoreRows(alice.id)).toBe(0);
  });

  it("ignores at most 500 people: the next is a 400, ignoring one of them again is fine", async () => {
    const carol = await createTestUser();
    const db = await getDb();
    const prefix = uniqueName("ig");
    // 500 people to ignore, written straight to the table: only the limit is under test here.
    await db.$executeRawUnsafe(
      `INSERT INTO users (username, username_key, widget_secret) SELECT $1 || '-' || g, lower($1) || '-' || g, 'x' FROM generate_series(1, 500) g`,
      prefix,
    );
    await db.$executeRawUnsafe(
      `INSERT INTO user_ignores (user_id, ignored_user_id) SELECT $1, id FROM users WHERE username_key LIKE lower($2) || '-%'`,
      carol.id,
      prefix,
    );
    expect(await ignoreRows(carol.id)).toBe(500);
    expectBadParam(await ignore(carol, alice.id, 1), "user_id");
    expect(await ignoreRows(carol.id)).toBe(500);
    const one = await db.userIgnore.findFirstOrThrow({ where: { userId: carol.id } });
    expectOk(await ignore(carol, one.ignoredUserId, 1));
    expect((await blockedOf(carol)).length).toBe(500);
    expectOk(await ignore(carol, one.ignoredUserId, 0));
    expectOk(await ignore(carol, alice.id, 1));
    expect(await ignoreRows(carol.id)).toBe(500);
  });
});

describe("an ignored person causes the ignorer no notification", () => {
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let group: { id: number; name: string };

  beforeAll(async () => {
    [alice, bob, carol] = await Promise.all([createTestUser(), createTestUser(), createTestUser()]);
    group = await createNamedGroup(alice);
    expectOk(await ignore(alice, bob.id, 1));
  });

  it("no reply, post, mention or like notification from them; others' still arrive", async () => {
    const thread = await createThreadOverHttp(alice, group.id);
    // reply (to alice's opening post), post (alice follows her thread), mention, like.
    await createPostOverHttp(bob, thread.id, "A reply by bob", thread.first_post_id);
    await createPostOverHttp(bob, thread.id, "A post by bob");
    await createPostOverHttp(bob, thread.id, `Hello @${alice.username}`);
    expectOk(await postAs(bob, `/api/v2/posts/${thread.first_post_id}/like`));
    const ownPost = await createPostOverHttp(bob, thread.id, "Nothing yet");
    expectOk(await postAs(bob, `/api/v2/posts/${ownPost.id}/edit`, { content: textDelta(`Edited to name @${alice.username}`) }));
    expect(await notificationListOf(alice)).toEqual([]);

    // Carol is not ignored: her reply, like and mention reach alice.
    await createPostOverHttp(carol, thread.id, "A reply by carol", thread.first_post_id);
    expectOk(await postAs(carol, `/api/v2/posts/${thread.first_post_id}/like`));
    const types = (await notificationListOf(alice)).map((n) => `${n.type}:${n.actor?.id}`).sort();
    expect(types).toEqual([`like:${carol.id}`, `reply:${carol.id}`]);
  });

  it("posts of theirs grouped with others' leave them out of the count and the actor", async () => {
    const thread = await createThreadOverHttp(alice, group.id);
    await createPostOverHttp(carol, thread.id, "Carol first");
    await createPostOverHttp(bob, thread.id, "Bob after");
    const row = (await notificationListOf(alice)).find((n) => n.thread_id === thread.id);
    expect(row).toMatchObject({ type: "post", count: 1, actor: expect.objectContaining({ id: carol.id }) });
  });

  it("notifies again once they are no longer ignored", async () => {
    const thread = await createThreadOverHttp(alice, group.id);
    expectOk(await ignore(alice, bob.id, 0));
    await createPostOverHttp(bob, thread.id, "Back again", thread.first_post_id);
    expect((await notificationListOf(alice)).filter((n) => n.thread_id === thread.id)).toEqual([
      expect.objectContaining({ type: "reply", actor: expect.objectContaining({ id: bob.id }) }),
    ]);
    expectOk(await ignore(alice, bob.id, 1));
  });

  it("moderation notices still arrive: a membership invitation, and the modlog entry of their action", async () => {
    const modGroup = await createNamedGroup(bob);
    expectOk(await postAs(bob, `/api/v2/groups/${modGroup.id}/invites`, { user_id: alice.id }));
    expect((await notificationListOf(alice)).filter((n) => n.type === "membership")).toEqual([
      expect.objectContaining({ type: "membership", group_id: modGroup.id, actor: expect.objectContaining({ id: bob.id }) }),
    ]);
    // A moderator alice ignores deletes her post: the modlog records it as always.
    await setRole(alice, group.id, bob, 2);
    const thread = await createThreadOverHttp(carol, group.id);
    const post = await createPostOverHttp(alice, thread.id, "To be removed");
    expectOk(await postAs(bob, `/api/v2/posts/${post.id}/delete`, { reason: "off topic" }));
    expect((await readModlog(group.id))[0]).toMatchObject({ action: "delete_post", targetId: post.id, moderatorId: bob.id });
  });
});

describe("get thread marks the posts of people the reader ignores", () => {
  it("ignored 1 on their posts and replies for the ignorer only, and the mark follows a change at once", async () => {
    const [alice, bob, carol] = await Promise.all([createTestUser(), createTestUser(), createTestUser()]);
    const group = await createNamedGroup(carol);
    const thread = await createThreadOverHttp(carol, group.id);
    const top = await createPostOverHttp(bob, thread.id, "Bob's post");
    const reply = await createPostOverHttp(bob, thread.id, "Bob's reply", top.id);
    const other = await createPostOverHttp(carol, thread.id, "Carol's post");
    // Read before ignoring: a kept answer must not outlive the change.
    expect((await readPostAs(alice, group, thread.id, top.id)).ignored).toBe(0);
    expectOk(await ignore(alice, bob.id, 1));
    expect((await readPostAs(alice, group, thread.id, top.id)).ignored).toBe(1);
    expect((await readPostAs(alice, group, thread.id, reply.id)).ignored).toBe(1);
    expect((await readPostAs(alice, group, thread.id, other.id)).ignored).toBe(0);
    expect((await readPostAs(carol, group, thread.id, top.id)).ignored).toBe(0);
    expect((await readPostAs(undefined, group, thread.id, top.id)).ignored).toBe(0);
    expect((await readPostAs(bob, group, thread.id, top.id)).ignored).toBe(0);
    expectOk(await ignore(alice, bob.id, 0));
    expect((await readPostAs(alice, group, thread.id, top.id)).ignored).toBe(0);
  });

  it("the thread's first post carries the mark too", async () => {
    const [alice, bob] = await Promise.all([createTestUser(), createTestUser()]);
    const group = await createNamedGroup(bob);
    const thread = await createThreadOverHttp(bob, group.id);
    expectOk(await ignore(alice, bob.id, 1));
    const response = await readThreadAs(alice, group, thread.id);
    expect(response.status).toBe(200);
    expect(response.body.data.thread.first_post.ignored).toBe(1);
    expect((await readThreadAs(bob, group, thread.id)).body.data.thread.first_post.ignored).toBe(0);
  });
});
