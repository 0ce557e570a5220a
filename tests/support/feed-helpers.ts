import { expect } from "vitest";
import { getDb } from "@/lib/db/engine/client";
import { FeedResponseSchema, type FeedItemDto } from "@/lib/schemas/feed-schemas";
import { expectOk, getAs, postAs } from "./community-helpers";
import type { TestUser } from "./fixtures";
import { getThreadOverHttp } from "./thread-helpers";

// Feeds and read state (contract section 17), driven over HTTP: every answer is parsed against the
// item's strict schema, so a field too many or too few fails the test that read it.

/** GET /api/v2/feed as `user` (undefined: no token); the page's threads. */
export async function feedOf(user: TestUser | undefined, query: Record<string, string | number> = {}): Promise<FeedItemDto[]> {
  const response = await getAs(user, "/api/v2/feed", { per_page: 50, ...query });
  expectOk(response);
  return FeedResponseSchema.parse(response.body.data).threads;
}

/** The ids of a feed page, in order. */
export async function feedIds(user: TestUser | undefined, query: Record<string, string | number> = {}): Promise<number[]> {
  return (await feedOf(user, query)).map((item) => item.id);
}

/** Of the feed's ids, those among `mine`, in the feed's order (other tests write threads too). */
export async function feedIdsAmong(user: TestUser | undefined, mine: readonly number[], query: Record<string, string | number> = {}): Promise<number[]> {
  return (await feedIds(user, query)).filter((id) => mine.includes(id));
}

export const dismiss = (user: TestUser | undefined, body: Record<string, unknown>) => postAs<{ dismissed: number }>(user, "/api/v2/feed/dismiss", body);
export const muteThread = (user: TestUser | undefined, threadId: number | string, muted: unknown) =>
  postAs<{ thread_id: number; muted: number }>(user, `/api/v2/threads/${threadId}/mute`, { muted });
export const muteGroup = (user: TestUser | undefined, groupId: number | string, muted: unknown) =>
  postAs<{ group_id: number; muted: number }>(user, `/api/v2/groups/${groupId}/mute`, { muted });

/** Reads a thread as a signed-in reader does (marking it read up to the newest post returned). */
export async function openThread(user: TestUser, group: { name: string }, threadId: number, query: Record<string, string | number> = {}) {
  const response = await getThreadOverHttp(threadId, { group_name: group.name, ...query }, { token: user.token });
  expect(response.status).toBe(200);
  return response.body.data.thread;
}

/** The reader's read mark on a thread, straight from the database (0: none). */
export async function readMarkOf(user: TestUser, threadId: number): Promise<number> {
  const db = await getDb();
  const row = await db.threadRead.findUnique({ where: { userId_threadId: { userId: user.id, threadId } }, select: { lastPostId: true } });
  return row?.lastPostId ?? 0;
}

/** Moves a thread into the past: created `days` ago, its activity then too (for new, top and hot). */
export async function ageThread(threadId: number, days: number): Promise<void> {
  const db = await getDb();
  await db.$executeRaw`UPDATE threads SET created_at = now() - make_interval(days => ${days}), last_activity_at = now() - make_interval(days => ${days}) WHERE id = ${threadId}`;
  await db.$executeRaw`UPDATE thread_activity SET day = day - ${days}::int WHERE thread_id = ${threadId}`;
}

/**
 * A fresh tag on these threads: site-wide feeds (no group_id) narrowed to them with tag_id, so
 * threads other test files write at the same time never push them off the page.
 */
export async function tagThreads(threadIds: readonly number[]): Promise<number> {
  const db = await getDb();
  // A tag is its group's (contract section 18): the first thread's group's.
  const { groupId } = await db.thread.findUniqueOrThrow({ where: { id: threadIds[0] }, select: { groupId: true } });
  const name = `feed-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  const tag = await db.tag.create({ data: { groupId, name, nameKey: name, threadCount: threadIds.length } });
  await db.threadTag.createMany({ data: threadIds.map((threadId) => ({ threadId, tagId: tag.id })) });
  return tag.id;
}
