import { expect, inject } from "vitest";
import { getDb } from "@/lib/db/engine/client";
import { CreatePostResponseSchema, type CreatedPostDto } from "@/lib/schemas/post-schemas";
import { ThreadResponseSchema, type ThreadDto } from "@/lib/schemas/thread-schemas";
import { call, type CallOptions } from "./api-client";
import { uniqueName, type TestUser } from "./fixtures";

/** A one-line delta as a client sends it: JSON text of the ops. */
export function textDelta(text: string): string {
  return JSON.stringify([{ insert: `${text}\n` }]);
}

/** A fresh group owned by `owner`, with its handle (needed as group_name by get thread). */
export async function createNamedGroup(owner: TestUser): Promise<{ id: number; name: string }> {
  const name = uniqueName("g");
  return { id: await owner.createGroup(name), name };
}

/** Creates a thread through the API (contract section 9) and returns its full record. */
export async function createThreadOverHttp(
  user: TestUser,
  groupId: number,
  fields: { title?: string; content?: unknown; category_id?: number } = {},
): Promise<ThreadDto> {
  const response = await call("POST", `/api/v2/groups/${groupId}/threads/create`, {
    token: user.token,
    body: {
      title: fields.title ?? uniqueName("Thread"),
      content: fields.content ?? textDelta("First post"),
      ...(fields.category_id === undefined ? {} : { category_id: fields.category_id }),
    },
  });
  expect(response.body.description).toBe("");
  expect(response.status).toBe(200);
  return ThreadResponseSchema.parse(response.body.data).thread;
}

/** Creates a post (a reply with parentId) through endpoint 3. */
export async function createPostOverHttp(user: TestUser, threadId: number, text: string, parentId?: number): Promise<CreatedPostDto> {
  const response = await call("POST", `/api/v2/threads/${threadId}/posts/create`, {
    token: user.token,
    body: { content: textDelta(text), ...(parentId === undefined ? {} : { parent_id: parentId }) },
  });
  expect(response.body.description).toBe("");
  expect(response.status).toBe(200);
  return CreatePostResponseSchema.parse(response.body.data).post;
}

/** GET /api/get_thread/{id} with the key in header svc-api-key, as the reference sends it. */
export async function getThreadOverHttp(threadId: number | string, query: Record<string, string | number>, options: Pick<CallOptions, "token"> = {}) {
  return call<{ thread: ThreadDto }>("GET", `/api/get_thread/${threadId}`, {
    query,
    apiKey: false,
    headers: { "svc-api-key": inject("apiKey") },
    ...options,
  });
}

/** The counters a post write moves, read straight from the database (a group's and a user's posts_count: row plus tallies). */
export async function readCounters(threadId: number, groupId: number, userId: number) {
  const db = await getDb();
  // One query at a time: the embedded database's socket server does not keep concurrent
  // extended-protocol exchanges of several connections apart.
  const thread = await db.thread.findUniqueOrThrow({ where: { id: threadId }, select: { postsCount: true, firstLevelCount: true } });
  const tallied = <T extends { postsCount: number; tallies: { postsCount: number }[] }>({ tallies, ...row }: T) => ({
    ...row,
    postsCount: tallies.reduce((sum, tally) => sum + tally.postsCount, row.postsCount),
  });
  const group = tallied(
    await db.group.findUniqueOrThrow({
      where: { id: groupId },
      select: { postsCount: true, threadsCount: true, membersCount: true, tallies: { select: { postsCount: true } } },
    }),
  );
  const user = tallied(await db.user.findUniqueOrThrow({ where: { id: userId }, select: { postsCount: true, tallies: { select: { postsCount: true } } } }));
  const rows = await db.post.count({ where: { threadId } });
  return { thread, group, user, rows };
}
