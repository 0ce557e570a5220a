import { beforeAll, describe, expect, inject, it } from "vitest";
import { getDb } from "@/lib/db/engine/client";
import type { NotificationDto } from "@/lib/schemas/notification-schemas";
import { banOverHttp, expectBadParam, expectOk, expectRefused, getAs, postAs, readModlog, setRole, type Group } from "../support/community-helpers";
import { call } from "../support/api-client";
import { createTestUser, uniqueName, type TestUser } from "../support/fixtures";
import { openSse } from "../support/sse-client";
import { webSessionCookie } from "../support/web-session";
import { createNamedGroup, createPostOverHttp, createThreadOverHttp, textDelta } from "../support/thread-helpers";

// Contract section 14: join, leave, members, requests, invitations, group settings and the
// reference's group and user fields, each row over HTTP; a refused write changes nothing.

type Membership = { membership: { group_id: number; user_id: number; state: string; level: number }; members: number };
type GroupInfo = { group: Record<string, unknown> & { members: number; permission_level: string; pending_user: { user_id: number; message: string }[] } };
type Members = { members: { user: { id: number; username: string }; level: number; state: string }[]; count: number };
type Me = {
  user: {
    ban_group: number[];
    can_join_group: number[];
    group_perm_level: { group_id: number; level: number }[];
    groups: { id: number; permission_level: string }[];
  };
};
type NotificationList = { notifications: NotificationDto[]; unread_count: number };

const join = (user: TestUser, group: Group, message?: string) =>
  postAs<Membership>(user, `/api/v2/groups/${group.id}/join`, message === undefined ? {} : { message });
const leave = (user: TestUser, group: Group) => postAs<{ members: number }>(user, `/api/v2/groups/${group.id}/leave`);
const settings = (user: TestUser, group: Group, body: Record<string, unknown>) => postAs<GroupInfo>(user, `/api/v2/groups/${group.id}/settings`, body);
const info = (user: TestUser | undefined, group: Group) => getAs<GroupInfo>(user, `/api/v2/groups/${group.id}`);
const members = (user: TestUser | undefined, group: Group, query: Record<string, string | number> = {}) =>
  getAs<Members>(user, `/api/v2/groups/${group.id}/members`, query);

async function membersCount(groupId: number): Promise<number> {
  const db = await getDb();
  return (await db.group.findUniqueOrThrow({ where: { id: groupId }, select: { membersCount: true } })).membersCount;
}

async function memberRows(groupId: number): Promise<number> {
  const db = await getDb();
  return db.groupMember.count({ where: { groupId } });
}

async function notificationsOf(user: TestUser): Promise<NotificationList> {
  const response = await getAs<NotificationList>(user, "/api/v2/notifications", { per_page: 100 });
  expectOk(response);
  return response.body.data;
}

describe("joining an open group", () => {
  let owner: TestUser;
  let alice: TestUser;
  let group: Group;

  beforeAll(async () => {
    owner = await createTestUser();
    alice = await createTestUser();
    group = await createNamedGroup(owner);
  });

  it("makes the user a member at once, counts them and is idempotent", async () => {
    const first = await join(alice, group);
    expectOk(first);
    expect(first.body.data).toEqual({ membership: { group_id: group.id, user_id: alice.id, state: "member", level: 4 }, members: 2 });
    const again = await join(alice, group);
    expectOk(again);
    expect(again.body.data.members).toBe(2);
    expect(await memberRows(group.id)).toBe(2);
    expect(await membersCount(group.id)).toBe(2);
  });

  it("fills permission_level: 1 for the owner, 4 for a member, 0 for a stranger and a guest", async () => {
    const stranger = await createTestUser();
    expect((await info(owner, group)).body.data.group.permission_level).toBe("1");
    expect((await info(alice, group)).body.data.group.permission_level).toBe("4");
    expect((await info(stranger, group)).body.data.group.permission_level).toBe("0");
    expect((await info(undefined, group)).body.data.group.permission_level).toBe("0");
  });

  it("lists the group in /api/me's groups with the permission_level get group info gives (4 for a member, 3 for a moderator, 1 for the owner)", async () => {
    const mod = await createTestUser();
    await setRole(owner, group.id, mod, 3);
    for (const [user, level] of [
      [alice, "4"],
      [mod, "3"],
      [owner, "1"],
    ] as const) {
      const me = await getAs<Me>(user, "/api/me");
      expect(me.status).toBe(200);
      const entry = me.body.data.user.groups.find((item) => item.id === group.id);
      expect(entry?.permission_level).toBe(level);
      expect((await info(user, group)).body.data.group.permission_level).toBe(level);
    }
  });

  it("lets a member leave (the count follows) and refuses the owner and non-members", async () => {
    const bob = await createTestUser();
    expectOk(await join(bob, group));
    const before = await membersCount(group.id);
    const left = await leave(bob, group);
    expectOk(left);
    expect(left.body.data.members).toBe(before - 1);
    expectRefused(await leave(bob, group), 40300);
    expectRefused(await leave(owner, group), 40300);
    expect(await membersCount(group.id)).toBe(before - 1);
  });

  it("takes a moderator's role away when they leave", async () => {
    const mod = await createTestUser();
    await setRole(owner, group.id, mod, 3);
    expect((await info(mod, group)).body.data.group.permission_level).toBe("3");
    expectOk(await leave(mod, group));
    expect((await info(mod, group)).body.data.group.permission_level).toBe("0");
    const me = await getAs<Me>(mod, "/api/me");
    expect(me.body.data.user.group_perm_level.some((entry) => entry.group_id === group.id)).toBe(false);
  });

  it("lists members moderators first, then by join date", async () => {
    const mod = await createTestUser();
    await setRole(owner, group.id, mod, 3);
    const list = await members(undefined, group);
    expectOk(list);
    const levels = list.body.data.members.map((entry) => entry.level);
    expect(levels[0]).toBe(1);
    expect(levels.indexOf(3)).toBeLessThan(levels.indexOf(4));
    expect(list.body.data.count).toBe(await memberRows(group.id));
  });

  it("keeps the first post joining an open group (open_readonly 0)", async () => {
    const thread = await createThreadOverHttp(owner, group.id);
    const writer = await createTestUser();
    await createPostOverHttp(writer, thread.id, "hello");
    expect((await info(writer, group)).body.data.group.permission_level).toBe("4");
  });
});

describe("joining by request", () => {
  let owner: TestUser;
  let mod: TestUser;
  let asker: TestUser;
  let group: Group;

  beforeAll(async () => {
    owner = await createTestUser();
    mod = await createTestUser();
    asker = await createTestUser();
    group = await createNamedGroup(owner);
    await setRole(owner, group.id, mod, 3);
    expectOk(await settings(owner, group, { joining: 1 }));
  });

  it("leaves the user pending, shows the request to moderators only and notifies them", async () => {
    const response = await join(asker, group, "I study maths");
    expectOk(response);
    expect(response.body.data.membership).toEqual({ group_id: group.id, user_id: asker.id, state: "pending", level: 0 });
    expect((await join(asker, group, "still keen")).body.data.membership.state).toBe("pending");
    const forMod = await info(mod, group);
    expect(forMod.body.data.group.pending_user).toEqual([expect.objectContaining({ user_id: asker.id, message: "still keen" })]);
    expect((await info(asker, group)).body.data.group.pending_user).toEqual([]);
    expect((await info(undefined, group)).body.data.group.pending_user).toEqual([]);
    const modNotes = await notificationsOf(mod);
    expect(modNotes.notifications[0]).toMatchObject({ type: "membership", group_id: group.id, thread_id: 0, post_id: 0, actor: { id: asker.id } });
    const queue = await members(mod, group, { state: "pending" });
    expectOk(queue);
    expect(queue.body.data.members.map((entry) => [entry.user.id, entry.state])).toEqual([[asker.id, "pending"]]);
    expectRefused(await members(asker, group, { state: "pending" }), 40300);
  });

  it("refuses writes from the pending user: only members write in a by-request group", async () => {
    const thread = await createThreadOverHttp(owner, group.id);
    const refused = await postAs(asker, `/api/v2/threads/${thread.id}/posts/create`, { content: textDelta("sneaky") });
    expectRefused(refused, 40300);
    const db = await getDb();
    expect(await db.post.count({ where: { threadId: thread.id } })).toBe(1);
  });

  it("approve: a moderator admits them, they are notified by the moderator, and it is in the modlog", async () => {
    expectRefused(await postAs(asker, `/api/v2/groups/${group.id}/requests/${asker.id}/approve`), 40300);
    const approved = await postAs<{ membership: Membership["membership"] }>(mod, `/api/v2/groups/${group.id}/requests/${asker.id}/approve`);
    expectOk(approved);
    expect(approved.body.data.membership).toEqual({ group_id: group.id, user_id: asker.id, state: "member", level: 4 });
    const notes = await notificationsOf(asker);
    expect(notes.notifications[0]).toMatchObject({ type: "membership", group_id: group.id, thread_id: 0, post_id: 0, actor: { id: mod.id } });
    expect((await readModlog(group.id))[0]).toMatchObject({ action: "approve_member", targetType: "user", targetId: asker.id, moderatorId: mod.id });
    expectRefused(await postAs(mod, `/api/v2/groups/${group.id}/requests/${asker.id}/approve`), 40400);
  });

  it("reject: the request goes, the requester is notified and may ask again", async () => {
    const other = await createTestUser();
    expectOk(await join(other, group, "please"));
    const rejected = await postAs(mod, `/api/v2/groups/${group.id}/requests/${other.id}/reject`, { reason: "not now" });
    expectOk(rejected);
    expect(rejected.body.data).toEqual({});
    expect((await notificationsOf(other)).notifications[0]).toMatchObject({ type: "membership", group_id: group.id, actor: { id: mod.id } });
    expect((await readModlog(group.id))[0]).toMatchObject({ action: "reject_member", targetId: other.id });
    expectRefused(await postAs(mod, `/api/v2/groups/${group.id}/requests/${other.id}/reject`), 40400);
    expect((await join(other, group, "again")).body.data.membership.state).toBe("pending");
  });
});

describe("joining by invitation", () => {
  let owner: TestUser;
  let guest: TestUser;
  let group: Group;

  beforeAll(async () => {
    owner = await createTestUser();
    guest = await createTestUser();
    group = await createNamedGroup(owner);
    expectOk(await settings(owner, group, { joining: 2 }));
  });

  it("refuses a join without an open invitation, saying so", async () => {
    const refused = await join(guest, group);
    expectRefused(refused, 40300);
    expect(refused.body.description).toMatch(/invitation/);
    expect(await memberRows(group.id)).toBe(1);
  });

  it("invites (moderators only): 14 days, a notification, can_join_group, then join admits them", async () => {
    expectRefused(await postAs(guest, `/api/v2/groups/${group.id}/invites`, { user_id: guest.id }), 40300);
    const invited = await postAs<{ invite: { id: number; group_id: number; user_id: number; expires_at: string } }>(
      owner,
      `/api/v2/groups/${group.id}/invites`,
      { user_id: guest.id },
    );
    expectOk(invited);
    const days = (Date.parse(invited.body.data.invite.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(13.9);
    expect(days).toBeLessThan(14.1);
    expect((await notificationsOf(guest)).notifications[0]).toMatchObject({ type: "membership", group_id: group.id, actor: { id: owner.id } });
    expect((await getAs<Me>(guest, "/api/me")).body.data.user.can_join_group).toContain(group.id);
    expect((await readModlog(group.id))[0]).toMatchObject({ action: "invite_member", targetId: guest.id });
    expect((await join(guest, group)).body.data.membership.state).toBe("member");
    expect((await getAs<Me>(guest, "/api/me")).body.data.user.can_join_group).not.toContain(group.id);
    expectRefused(await postAs(owner, `/api/v2/groups/${group.id}/invites`, { user_id: guest.id }), 40900);
    expectRefused(await postAs(owner, `/api/v2/groups/${group.id}/invites`, { user_id: 2_000_000_000 }), 40400);
    expectBadParam(await postAs(owner, `/api/v2/groups/${group.id}/invites`, {}), "user_id");
  });
});

describe("bans and membership", () => {
  it("a ban ends the membership and blocks joining; ban_group names the group", async () => {
    const owner = await createTestUser();
    const user = await createTestUser();
    const group = await createNamedGroup(owner);
    expectOk(await join(user, group));
    await banOverHttp(owner, group.id, user);
    expect((await info(user, group)).body.data.group.permission_level).toBe("0");
    expect(await memberRows(group.id)).toBe(1);
    expect(await membersCount(group.id)).toBe(1);
    const refused = await join(user, group);
    expectRefused(refused, 40300);
    expect(refused.body.description).toMatch(/banned/);
    expect((await getAs<Me>(user, "/api/me")).body.data.user.ban_group).toContain(group.id);
  });
});

describe("group settings", () => {
  let owner: TestUser;
  let mod: TestUser;
  let group: Group;

  beforeAll(async () => {
    owner = await createTestUser();
    mod = await createTestUser();
    group = await createNamedGroup(owner);
    await setRole(owner, group.id, mod, 3);
  });

  it("admins set joining, visibility, open_readonly and attachment rules; get group info follows", async () => {
    const response = await settings(owner, group, {
      joining: 1,
      visibility: 1,
      open_readonly: "1",
      attached_files: JSON.stringify({ allow_all_file_type: "1" }),
    });
    expectOk(response);
    expect(response.body.data.group).toMatchObject({
      joining: 1,
      visibility: 1,
      privacy_type: "1",
      open_readonly: "1",
      attached_files: { allow_everyone: 1, allow_post: 1, allow_all_file_type: "1" },
    });
    expect((await info(undefined, group)).body.data.group).toMatchObject({ joining: 1, visibility: 1, privacy_type: "1" });
  });

  it("refuses moderators and bad values, changing nothing", async () => {
    expectRefused(await settings(mod, group, { joining: 0 }), 40300);
    expectBadParam(await settings(owner, group, { joining: 4 }), "joining");
    expectBadParam(await settings(owner, group, { visibility: "x" }), "visibility");
    expectBadParam(await settings(owner, group, { open_readonly: "2" }), "open_readonly");
    expect((await info(owner, group)).body.data.group).toMatchObject({ joining: 1, visibility: 1, open_readonly: "1" });
  });

  it("open_readonly 1 in a public open group: non-members read but must join to write", async () => {
    const g = await createNamedGroup(owner);
    const thread = await createThreadOverHttp(owner, g.id);
    expectOk(await settings(owner, g, { open_readonly: "1" }));
    const reader = await createTestUser();
    expectOk(await getAs(reader, `/api/v2/groups/${g.id}/threads`));
    expectRefused(await postAs(reader, `/api/v2/threads/${thread.id}/posts/create`, { content: textDelta("hi") }), 40300);
    expectRefused(await postAs(reader, `/api/v2/posts/${thread.first_post_id}/like`), 40300);
    expectOk(await join(reader, g));
    await createPostOverHttp(reader, thread.id, "now a member");
  });
});

// ---- the privacy matrix ------------------------------------------------------------------------

type Role = "guest" | "stranger" | "pending" | "member" | "moderator" | "banned" | "former";
const ROLES: readonly Role[] = ["guest", "stranger", "pending", "member", "moderator", "banned", "former"];
const READERS: ReadonlySet<Role> = new Set(["member", "moderator"]);

interface World {
  group: Group;
  word: string;
  threadId: number;
  postId: number;
  categoryId: number;
  slug: string;
  owner: TestUser;
  users: Record<Exclude<Role, "guest">, TestUser>;
}

/** A group with someone in every role, a category and a thread whose title and text carry a unique word; then made `visibility`. */
async function buildWorld(visibility: 0 | 1 | 2): Promise<World> {
  const owner = await createTestUser();
  const users = {
    stranger: await createTestUser(),
    pending: await createTestUser(),
    member: await createTestUser(),
    moderator: await createTestUser(),
    banned: await createTestUser(),
    former: await createTestUser(),
  };
  const group = await createNamedGroup(owner);
  const word = `zq${uniqueName("w").replace(/[^a-z0-9]/g, "")}`;
  const category = await postAs<{ category: { id: number } }>(owner, `/api/v2/groups/${group.id}/categories/create`, { name: "Secrets" });
  expectOk(category);
  const thread = await createThreadOverHttp(owner, group.id, {
    title: `About ${word}`,
    content: textDelta(`The word is ${word}`),
    category_id: category.body.data.category.id,
  });
  for (const user of [users.member, users.banned, users.former]) expectOk(await join(user, group));
  await setRole(owner, group.id, users.moderator, 3);
  await createPostOverHttp(users.member, thread.id, `member says ${word}`);
  await createPostOverHttp(users.former, thread.id, `former says ${word}`);
  expectOk(await leave(users.former, group));
  await banOverHttp(owner, group.id, users.banned);
  expectOk(await settings(owner, group, { joining: 1 }));
  expectOk(await join(users.pending, group, "let me in"));
  // Guests read everything while the group is public, so kept answers exist before it turns private.
  await getAs(undefined, `/api/v2/groups/${group.id}/threads`);
  await getAs(undefined, `/api/v2/groups/${group.id}`);
  await call("GET", `/api/get_thread/${thread.id}`, { query: { group_name: group.name } });
  if (visibility !== 0) expectOk(await settings(owner, group, { visibility }));
  return { group, word, threadId: thread.id, postId: thread.first_post_id, categoryId: category.body.data.category.id, slug: thread.slug, owner, users };
}

interface Read {
  name: string;
  /** Refused to non-members of a private or hidden group (else: answered, without the group's content). */
  gated: boolean;
  /** Answered to non-members of a private group (the group's card). */
  card?: boolean;
  run: (world: World, user: TestUser | undefined) => Promise<{ status: number; text: string }>;
}

async function get(path: string, user: TestUser | undefined, query: Record<string, string | number> = {}) {
  const response = await getAs(user, path, query);
  return { status: response.status, text: JSON.stringify(response.body) };
}

const READS: readonly Read[] = [
  { name: "group info", gated: true, card: true, run: (w, u) => get(`/api/v2/groups/${w.group.id}`, u) },
  { name: "get thread (/api)", gated: true, run: (w, u) => get(`/api/get_thread/${w.threadId}`, u, { group_name: w.group.name }) },
  { name: "group threads", gated: true, run: (w, u) => get(`/api/v2/groups/${w.group.id}/threads`, u) },
  { name: "category threads", gated: true, run: (w, u) => get(`/api/v2/groups/${w.group.id}/categories/${w.categoryId}`, u) },
  { name: "categories", gated: true, run: (w, u) => get(`/api/v2/groups/${w.group.id}/categories`, u) },
  { name: "members", gated: true, run: (w, u) => get(`/api/v2/groups/${w.group.id}/members`, u) },
  { name: "modlog", gated: true, run: (w, u) => get(`/api/v2/groups/${w.group.id}/modlog`, u) },
  { name: "revisions", gated: true, run: (w, u) => get(`/api/v2/posts/${w.postId}/revisions`, u) },
  { name: "search in the group", gated: true, run: (w, u) => get("/api/v2/search", u, { q: w.word, group_id: w.group.id }) },
  { name: "search everywhere (posts)", gated: false, run: (w, u) => get("/api/v2/search", u, { q: w.word }) },
  { name: "search everywhere (threads)", gated: false, run: (w, u) => get("/api/v2/search", u, { q: w.word, type: "threads" }) },
  { name: "user posts (v2)", gated: false, run: (w, u) => get(`/api/v2/users/${w.users.member.id}/posts`, u) },
  { name: "wallet posts (/api)", gated: false, run: (w, u) => get("/api/user/post/list", u, { web3_public_key: w.owner.address }) },
  {
    name: "thread events",
    gated: true,
    run: async (w, u) => {
      const stream = await openSse(`/api/v2/threads/${w.threadId}/events`, { token: u?.token });
      stream.close();
      return { status: stream.status, text: JSON.stringify(stream.error ?? "") };
    },
  },
];

function expectedStatus(read: Read, visibility: 0 | 1 | 2, role: Role): number {
  if (visibility === 0 || READERS.has(role) || !read.gated) return 200;
  if (visibility === 1) return read.card ? 200 : 403;
  return 404;
}

describe.each([
  { visibility: 0 as const, label: "public" },
  { visibility: 1 as const, label: "private" },
  { visibility: 2 as const, label: "hidden" },
])("privacy matrix: a $label group", ({ visibility }) => {
  let world: World;

  beforeAll(async () => {
    world = await buildWorld(visibility);
  }, 60_000);

  it.each(ROLES)("every read path answers the %s as the contract says, and never with the group's content", async (role) => {
    const user = role === "guest" ? undefined : world.users[role];
    const reader = visibility === 0 || READERS.has(role);
    for (const read of READS) {
      const { status, text } = await read.run(world, user);
      expect({ read: read.name, status }).toEqual({ read: read.name, status: expectedStatus(read, visibility, role) });
      if (!reader) expect({ read: read.name, leaked: text.includes(world.word) }).toEqual({ read: read.name, leaked: false });
    }
  });

  it("members (and moderators) read the thread and find it in search", async () => {
    for (const user of [world.users.member, world.users.moderator, world.owner]) {
      const thread = await get(`/api/get_thread/${world.threadId}`, user, { group_name: world.group.name });
      expect(thread.status).toBe(200);
      expect(thread.text).toContain(world.word);
      expect((await get("/api/v2/search", user, { q: world.word })).text).toContain(world.word);
    }
  });

  // The same rule for pages, each role signed in with a browser session of its own.
  it.each(ROLES.filter((role) => role !== "guest"))("pages answer the signed-in %s as the API does", async (role) => {
    const base = inject("baseUrl");
    const cookie = await webSessionCookie(world.users[role as Exclude<Role, "guest">].wallet);
    const page = (path: string, redirect: RequestRedirect = "manual") => fetch(new URL(path, base), { headers: { cookie }, redirect });
    const board = await page(`/g/${world.group.name}`);
    const boardHtml = await board.text();
    const thread = await page(`/g/${world.group.name}/t/${world.threadId}`, visibility === 0 || READERS.has(role) ? "follow" : "manual");
    const threadHtml = await thread.text();
    const category = await page(`/g/${world.group.name}/c/${world.categoryId}`);
    const categoryHtml = await category.text();
    if (visibility === 0 || READERS.has(role)) {
      expect([board.status, thread.status, category.status]).toEqual([200, 200, 200]);
      for (const html of [boardHtml, threadHtml, categoryHtml]) expect(html).toContain(world.word);
      return;
    }
    for (const html of [boardHtml, threadHtml, categoryHtml]) expect(html).not.toContain(world.word);
    if (visibility === 1) {
      expect(board.status).toBe(200);
      expect([307, 308]).toContain(thread.status);
      expect(thread.headers.get("location")).toMatch(new RegExp(`/g/${world.group.name}$`));
    } else {
      expect([board.status, thread.status, category.status]).toEqual([404, 404, 404]);
      expect(await (await page("/")).text()).not.toContain(world.group.name);
    }
  });

  it("pages: a guest sees the group's card (private), nothing (hidden) or everything (public)", async () => {
    const base = inject("baseUrl");
    const board = await fetch(new URL(`/g/${world.group.name}`, base), { redirect: "manual" });
    const boardHtml = await board.text();
    // Non-members never learn the slug (it is the title): they come by the short link.
    const threadPath = visibility === 0 ? `/g/${world.group.name}/t/${world.threadId}/${world.slug}` : `/g/${world.group.name}/t/${world.threadId}`;
    const threadPage = await fetch(new URL(threadPath, base), { redirect: "manual" });
    const threadHtml = await threadPage.text();
    const categoryPage = await fetch(new URL(`/g/${world.group.name}/c/${world.categoryId}`, base), { redirect: "manual" });
    const categoryHtml = await categoryPage.text();
    const home = await (await fetch(new URL("/", base))).text();
    if (visibility === 0) {
      expect([board.status, threadPage.status]).toEqual([200, 200]);
      expect(boardHtml).toContain(world.word);
      expect(threadHtml).toContain(world.word);
      return;
    }
    for (const html of [boardHtml, threadHtml, categoryHtml]) expect(html).not.toContain(world.word);
    if (visibility === 1) {
      expect(board.status).toBe(200);
      expect(boardHtml).toContain("Request to join");
      expect([307, 308]).toContain(threadPage.status);
      expect(threadPage.headers.get("location")).toMatch(new RegExp(`/g/${world.group.name}$`));
    } else {
      expect([board.status, threadPage.status, categoryPage.status]).toEqual([404, 404, 404]);
      expect(home).not.toContain(world.group.name);
    }
  });
});

describe("notifications and events follow membership", () => {
  it("a member who leaves a private group stops getting its notifications, and its open stream ends", async () => {
    const owner = await createTestUser();
    const reader = await createTestUser();
    const group = await createNamedGroup(owner);
    const thread = await createThreadOverHttp(owner, group.id);
    expectOk(await join(reader, group));
    expectOk(await settings(owner, group, { visibility: 1 }));
    await createPostOverHttp(reader, thread.id, "I follow this now");
    await createPostOverHttp(owner, thread.id, "a reply for the follower");
    expect((await notificationsOf(reader)).notifications.some((n) => n.thread_id === thread.id)).toBe(true);
    const stream = await openSse(`/api/v2/threads/${thread.id}/events`, { token: reader.token });
    expect(stream.status).toBe(200);
    expectOk(await leave(reader, group));
    await createPostOverHttp(owner, thread.id, "after they left");
    const after = await notificationsOf(reader);
    expect(after.notifications.some((n) => n.thread_id === thread.id)).toBe(false);
    expect(after.unread_count).toBe(after.notifications.filter((n) => !n.read).length);
    // The stream was closed by the server: no post event for the write after leaving.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(stream.events.filter((event) => event.event === "post")).toEqual([]);
    stream.close();
  });
});
