import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/engine/client";
import type { NotificationDto } from "@/lib/schemas/notification-schemas";
import type { PostDto } from "@/lib/schemas/post-schemas";
import type { ThreadDto } from "@/lib/schemas/thread-schemas";
import type { ThreadListItemDto } from "@/lib/schemas/thread-list-schemas";
import { call, expectedError, type ApiResponse } from "./api-client";
import { createTestUser, type TestUser } from "./fixtures";
import { createNamedGroup, createPostOverHttp, createThreadOverHttp, getThreadOverHttp, textDelta } from "./thread-helpers";

// Shared fixtures for the community-action tests (contract section 12): a group with one person in
// each role, calls as any of them (or signed out), database reads of everything an action can
// change, and a table-driven permission matrix that checks "refused" also means "changed nothing".

export type Group = { id: number; name: string };

/** POST to /api/v2 as `user`; undefined sends no token (signed out). */
export function postAs<T = Record<string, unknown>>(user: TestUser | undefined, path: string, body: Record<string, unknown> = {}) {
  return call<T>("POST", path, { token: user?.token, body });
}

/** GET from /api/v2 as `user`; undefined sends no token. */
export function getAs<T = Record<string, unknown>>(user: TestUser | undefined, path: string, query: Record<string, string | number> = {}) {
  return call<T>("GET", path, { token: user?.token, query });
}

/** The user's notifications (the newest 100) and their unread count, over HTTP. */
export async function notificationsOf(user: TestUser): Promise<{ notifications: NotificationDto[]; unread_count: number }> {
  const response = await getAs<{ notifications: NotificationDto[]; unread_count: number }>(user, "/api/v2/notifications", { per_page: 100 });
  expectOk(response);
  return response.body.data;
}

/** A 200 with the /api/v2 success envelope. */
export function expectOk(response: ApiResponse<unknown>): void {
  expect(response.body.description).toBe("");
  expect(response.status).toBe(200);
  expect(response.body).toMatchObject({ status: true, code: "20000" });
}

/** A refusal in the /api/v2 envelope: its HTTP status goes with its code. */
export function expectRefused(response: ApiResponse<unknown>, code: 40000 | 40102 | 40300 | 40400 | 40900): void {
  const status = Math.floor(code / 100);
  expect({ status: response.status, body: response.body }).toMatchObject({ status, body: expectedError("v2", code) });
}

/** A 400 whose description names the parameter that was wrong. */
export function expectBadParam(response: ApiResponse<unknown>, parameter: string): void {
  expectRefused(response, 40000);
  expect(response.body.description).toMatch(new RegExp(`^${parameter}\\b`));
}

// ---- roles -----------------------------------------------------------------------------------

/** POST /api/v2/groups/{id}/admins as `by`; must succeed. */
export async function setRole(by: TestUser, groupId: number, user: TestUser, level: 0 | 2 | 3): Promise<void> {
  expectOk(await postAs(by, `/api/v2/groups/${groupId}/admins`, { user_id: user.id, level }));
}

/** POST /api/v2/groups/{id}/bans as `by`; must succeed. */
export async function banOverHttp(by: TestUser, groupId: number, user: TestUser, days = 0): Promise<void> {
  expectOk(await postAs(by, `/api/v2/groups/${groupId}/bans`, { user_id: user.id, reason: "test ban", days }));
}

/** A group with one person in each role; `banned` is a plain member under a ban without end. */
export interface Cast {
  group: Group;
  owner: TestUser;
  admin: TestUser;
  moderator: TestUser;
  /** A plain member who writes the posts and threads acted on. */
  author: TestUser;
  stranger: TestUser;
  banned: TestUser;
}

export async function createCast(): Promise<Cast> {
  // One at a time: the embedded database serves concurrent transactions from one session.
  const owner = await createTestUser();
  const admin = await createTestUser();
  const moderator = await createTestUser();
  const author = await createTestUser();
  const stranger = await createTestUser();
  const banned = await createTestUser();
  const group = await createNamedGroup(owner);
  await setRole(owner, group.id, admin, 2);
  await setRole(owner, group.id, moderator, 3);
  await banOverHttp(owner, group.id, banned);
  return { group, owner, admin, moderator, author, stranger, banned };
}

/** Makes a user a site super_admin (no API sets that). */
export async function makeSuperAdmin(user: TestUser): Promise<void> {
  await (await getDb()).user.update({ where: { id: user.id }, data: { superAdmin: 1 }, select: { id: true } });
}

// ---- reading state back ----------------------------------------------------------------------

/** Everything a post action can change, straight from the database. */
export async function readPostState(postId: number) {
  const db = await getDb();
  const post = await db.post.findUniqueOrThrow({
    where: { id: postId },
    select: { content: true, deleted: true, deletedById: true, deletedAt: true, deleteReason: true, editedAt: true, reportCount: true, likesCount: true },
  });
  const revisions = await db.postEdit.count({ where: { postId } });
  const reports = await db.postReport.findMany({ where: { postId }, orderBy: { id: "asc" }, select: { id: true, status: true, resolution: true } });
  return { post, revisions, reports };
}

/** Everything a thread action can change, straight from the database. */
export async function readThreadState(threadId: number) {
  const db = await getDb();
  const thread = await db.thread.findUniqueOrThrow({
    where: { id: threadId },
    select: { title: true, slug: true, categoryId: true, isPin: true, isLocked: true, isDelete: true, postsCount: true, groupId: true },
  });
  const group = await db.group.findUniqueOrThrow({ where: { id: thread.groupId }, select: { threadsCount: true, postsCount: true } });
  const posts = await db.post.count({ where: { threadId } });
  return { thread, group, posts };
}

/** A group's team, bans and report queue, straight from the database. */
export async function readGroupState(groupId: number) {
  const db = await getDb();
  const admins = await db.groupAdmin.findMany({ where: { groupId, deletedAt: null }, orderBy: { userId: "asc" }, select: { userId: true, level: true } });
  const bans = await db.groupBan.findMany({ where: { groupId }, orderBy: { userId: "asc" }, select: { userId: true, until: true, reason: true } });
  const reports = await db.postReport.findMany({ where: { groupId }, orderBy: { id: "asc" }, select: { id: true, status: true } });
  return { admins, bans, reports };
}

export interface ModlogRecord {
  action: string;
  targetType: string;
  targetId: number;
  moderatorId: number | null;
}

/** A group's modlog, newest first, straight from the database. */
export async function readModlog(groupId: number): Promise<ModlogRecord[]> {
  const db = await getDb();
  return db.modlogEntry.findMany({
    where: { groupId },
    orderBy: { id: "desc" },
    select: { action: true, targetType: true, targetId: true, moderatorId: true },
  });
}

// ---- reading over HTTP -----------------------------------------------------------------------

/** The full thread record as `viewer` reads it (endpoint 1), or the failed response. */
export async function readThreadAs(viewer: TestUser | undefined, group: Group, threadId: number) {
  return getThreadOverHttp(threadId, { group_name: group.name, page_size: 100 }, { token: viewer?.token });
}

function findPost(posts: PostDto[], postId: number): PostDto | undefined {
  for (const post of posts) {
    if (post.id === postId) return post;
    const nested = findPost(post.children.posts, postId);
    if (nested) return nested;
  }
  return undefined;
}

/** One post (the opening post or any reply) as `viewer` sees it in get thread. */
export async function readPostAs(viewer: TestUser | undefined, group: Group, threadId: number, postId: number): Promise<PostDto> {
  const response = await readThreadAs(viewer, group, threadId);
  expect(response.status).toBe(200);
  const thread: ThreadDto = response.body.data.thread;
  const post = thread.first_post.id === postId ? thread.first_post : findPost(thread.posts, postId);
  if (!post) throw new Error(`post ${postId} is not in thread ${threadId}`);
  return post;
}

/** GET /api/v2/groups/{id}/threads as `viewer` (first 100). */
export async function listThreadsAs(viewer: TestUser | undefined, groupId: number): Promise<ThreadListItemDto[]> {
  const response = await getAs<{ threads: ThreadListItemDto[] }>(viewer, `/api/v2/groups/${groupId}/threads`, { per_page: 100 });
  expectOk(response);
  return response.body.data.threads;
}

/** A thread with one reply, both by `author`. */
export async function createThreadWithReply(author: TestUser, groupId: number, text = "A reply") {
  const thread = await createThreadOverHttp(author, groupId, { content: textDelta("Opening post") });
  const reply = await createPostOverHttp(author, thread.id, text);
  return { thread, threadId: thread.id, firstPostId: thread.first_post_id, postId: reply.id };
}

// ---- the permission matrix -------------------------------------------------------------------

/**
 * The people a community action is tried by. "banned author" is a fresh user who wrote the target
 * and was banned afterwards; everyone else comes from the Cast.
 */
export const ACTORS = ["author", "stranger", "moderator", "admin", "owner", "banned user", "banned author", "signed out"] as const;
export type ActorName = (typeof ACTORS)[number];

export interface MatrixRow<T> {
  /** Who may do it; everyone else gets 403 40300 (signed out: 401 40102) and changes nothing. */
  allowed: readonly ActorName[];
  /** Who is tried (default: all of ACTORS). */
  actors?: readonly ActorName[];
  /** Builds a fresh target written by `author`. */
  arrange: (cast: Cast, author: TestUser) => Promise<T>;
  /** The call under test, by `actor` (undefined: signed out). */
  act: (actor: TestUser | undefined, target: T, cast: Cast) => Promise<ApiResponse<unknown>>;
  /** Every row the action could change, read from the database. */
  state: (target: T, cast: Cast) => Promise<unknown>;
  /** What a permitted call must have done. */
  expectDone?: (context: { response: ApiResponse<unknown>; target: T; cast: Cast; actor: TestUser; actorName: ActorName }) => Promise<void> | void;
}

async function resolveActor(cast: Cast, name: ActorName): Promise<{ actor: TestUser | undefined; author: TestUser; bannedAuthor: boolean }> {
  switch (name) {
    case "author":
      return { actor: cast.author, author: cast.author, bannedAuthor: false };
    case "banned author": {
      const author = await createTestUser();
      return { actor: author, author, bannedAuthor: true };
    }
    case "banned user":
      return { actor: cast.banned, author: cast.author, bannedAuthor: false };
    case "signed out":
      return { actor: undefined, author: cast.author, bannedAuthor: false };
    default:
      return { actor: cast[name], author: cast.author, bannedAuthor: false };
  }
}

/**
 * One test per actor, each on a fresh target: permitted actors get 200 "20000" (and `expectDone`),
 * the others the refusal, with the target's rows and the group's modlog exactly as before.
 */
export function describePermissionMatrix<T>(title: string, getCast: () => Cast, row: MatrixRow<T>): void {
  const cases = (row.actors ?? ACTORS).map((actorName): [ActorName, string] => [
    actorName,
    row.allowed.includes(actorName) ? "may" : actorName === "signed out" ? "gets 401 40102, changing nothing" : "gets 403 40300, changing nothing",
  ]);
  describe(title, () => {
    it.each(cases)("%s %s", async (actorName) => {
      const cast = getCast();
      const { actor, author, bannedAuthor } = await resolveActor(cast, actorName);
      const target = await row.arrange(cast, author);
      if (bannedAuthor) await banOverHttp(cast.owner, cast.group.id, author);
      const before = { target: await row.state(target, cast), modlog: await readModlog(cast.group.id) };
      const response = await row.act(actor, target, cast);
      if (row.allowed.includes(actorName)) {
        expectOk(response);
        await row.expectDone?.({ response, target, cast, actor: actor!, actorName });
        return;
      }
      expectRefused(response, actor ? 40300 : 40102);
      expect({ target: await row.state(target, cast), modlog: await readModlog(cast.group.id) }).toEqual(before);
    });
  });
}

/** True for the roles that moderate a group. */
export function isModeratorName(name: ActorName): boolean {
  return name === "moderator" || name === "admin" || name === "owner";
}
