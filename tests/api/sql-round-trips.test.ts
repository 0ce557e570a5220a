import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/engine/client";
import { call, type ApiResponse } from "../support/api-client";
import { createTestUser, type TestUser } from "../support/fixtures";
import { createNamedGroup, createPostOverHttp, createThreadOverHttp, getThreadOverHttp } from "../support/thread-helpers";

// SQL round trips per API request, read from X-Agora-Db-Queries: the test server runs with
// AGORA_COUNT_QUERIES=1 (tests/support/global-setup.ts), and lib/db/engine/query-count.ts counts every
// statement the request sends to the database (BEGIN and COMMIT of a transaction included).
// Each request must cost a fixed number of statements whatever the page size, the page number,
// the thread's or the group's size: an N+1 or a per-post query changes a count and fails here.
// A new query anywhere changes a constant below: update it (the counts are printed) and its comment.
//
// Every request is measured warm: the same request (or, for a write, a read with the same key
// and token) goes first, so the once-a-minute writes of api_keys.last_used_at and
// users.last_seen_at, and any short-lived cache, are settled before the measured one.

// Each constant is a sum of what the request sends, as measured (PostgreSQL's log with
// log_statement = 'all' lists the statements when one changes). Prisma loads every relation of a
// select with a statement of its own, even when no row has one (`WHERE id IN (NULL)`).
// The API key is looked up once per few seconds per process (lib/auth/api-keys.ts), so a
// measured request, sent right after its warm-up, never pays for it.
//
// Reads are measured twice: "cold", right after the data's read version moved (as any write moves
// it), so the whole read runs; and "kept", the same request again, answered from what the cold
// one kept (lib/api/guest-answers.ts for guests; the public thread page for signed-in readers).

/** GET /api/get_thread/{id}, guest, cold. */
const GET_THREAD_GUEST_QUERIES =
  1 + // the thread's public read version: the guest answer's check
  1 + // the read's own version (a kept page is found by it) with the reader's role in the group: may they read it (contract section 14), a guest's too
  5 + // the thread, with its author, group, tag links and tags
  1 + // the opening post (who deleted a post comes with the authors, below)
  1 + // the page of top-level posts
  1 + // pinned threads (hot threads come from a one-minute cache, warm here)
  3 + // the opening post's edit history: rows, their users, count
  1 + // the replies under the page
  4 + // of every post shown: authors (and deleters), likes, attachments, authors' bans
  1 + // the opening post author's admin level
  1; // the page's authors' badges and titles (contract section 19), one statement for the page
/** Guest, kept: the version, then the kept answer. */
const GET_THREAD_GUEST_KEPT_QUERIES = 1;
// A user token's check is kept per token (lib/auth/token-checks.ts; the test server keeps it for
// the run, AGORA_TOKEN_RECHECK_SECONDS, and logout or a profile change drops it): a measured
// signed-in request, sent right after its warm-up with the same token, never pays for it.
/** Signed in, cold: the version with the role and the reader's marks on the page kept before (no guest answer), the page (rebuilt: the version moved), then the reader's likes on it. */
const GET_THREAD_SIGNED_IN_QUERIES = GET_THREAD_GUEST_QUERIES - 2 + 1 + 1;
/** Signed in, kept page: one statement, the version with the role, the reader's likes on the page, their follow and read mark. */
const GET_THREAD_SIGNED_IN_KEPT_QUERIES = 1;
/** A new user's token, first request, on a kept page they have not read: its check, their last-seen time, the statement above, their read mark. */
const GET_THREAD_NEW_TOKEN_QUERIES = 1 + 1 + GET_THREAD_SIGNED_IN_KEPT_QUERIES + 1 + 1; // and the answer's badges and titles

/** GET /api/v2/groups/{id}/threads, guest, cold. */
const GROUP_THREADS_GUEST_QUERIES =
  1 + // the group's read version
  1 + // the reader's role in the group: may they read it (contract section 14); it proves the group exists
  1 + // the page's thread ids
  1 + // those threads
  4 + // of the page: starters and last posters, opening posts, categories, tags
  1; // the last posters' badges and titles (contract section 19)
const GROUP_THREADS_GUEST_KEPT_QUERIES = 1;
/** Signed in (never a kept answer): no version (the token's check is kept). */
const GROUP_THREADS_SIGNED_IN_QUERIES = GROUP_THREADS_GUEST_QUERIES - 1;

/** POST /api/v2/threads/{id}/posts/create, a top-level post by a member of the group. */
const CREATE_POST_QUERIES =
  1 + // the thread with the author's role in its group
  1 + // the write: the post, every counter, membership and subscription, and the created post (lib/db/post-insert.ts)
  1 + // its notifications, after the commit (the thread has other followers: lib/db/post-announcements.ts)
  1; // the author's badges and title in the created post (contract section 19)
/** A reply: the parent is read and its children_count moved inside the same statement. */
const CREATE_REPLY_QUERIES = CREATE_POST_QUERIES;

/** The counts measured (and, for reads, the warm-up's), printed at the end so the numbers can be quoted. */
const measured: { request: string; queries: number; warmUp?: number }[] = [];

function queriesOf(response: ApiResponse<unknown>): number {
  const header = response.headers.get("x-agora-db-queries");
  if (header === null) throw new Error("no X-Agora-Db-Queries header: is the test server running with AGORA_COUNT_QUERIES=1?");
  return Number(header);
}

function record(request: string, response: ApiResponse<unknown>, warmUp?: number): number {
  expect(response.body.description, request).toBe("");
  expect(response.status, request).toBe(200);
  const queries = queriesOf(response);
  measured.push({ request, queries, warmUp });
  return queries;
}

/** What any write does to a read version: moves it (here straight in the database). */
async function moveVersion(table: "threads" | "groups", id: number): Promise<void> {
  const db = await getDb();
  if (table === "threads") await db.$executeRaw`UPDATE threads SET cache_version = cache_version + 1 WHERE id = ${id}`;
  else await db.$executeRaw`UPDATE groups SET cache_version = cache_version + 1 WHERE id = ${id}`;
}

/**
 * A GET measured cold and kept: a warm-up (the key and the once-a-minute writes settle), the
 * version moved, then the request twice. Answers both counts.
 */
async function measureRead(request: string, version: () => Promise<void>, send: () => Promise<ApiResponse<unknown>>): Promise<{ cold: number; kept: number }> {
  const warmUp = await send();
  expect(warmUp.status, `${request} (warm-up)`).toBe(200);
  await version();
  const cold = record(`${request}, cold`, await send(), queriesOf(warmUp));
  const kept = record(`${request}, kept`, await send());
  return { cold, kept };
}

describe("SQL round trips per request (X-Agora-Db-Queries)", () => {
  let owner: TestUser;
  let member: TestUser;
  let small: { group: { id: number; name: string }; threadId: number; topLevelId: number };
  let large: { group: { id: number; name: string }; threadId: number; deepReplyId: number; lastTopLevelId: number };
  /** Threads in the large group: enough for page 50 at 2 per page and page 5 at 20 per page. */
  const LARGE_GROUP_THREADS = 101;

  beforeAll(async () => {
    owner = await createTestUser();
    member = await createTestUser();

    // Every thread is in a category, so every listing page loads category names.
    const createCategory = async (groupId: number) => {
      const response = await call<{ category: { id: number } }>("POST", `/api/v2/groups/${groupId}/categories/create`, {
        token: owner.token,
        body: { name: "General" },
      });
      expect(response.status).toBe(200);
      return { category_id: response.body.data.category.id };
    };

    // A small group with one thread of 10 posts: the opening post and 9 top-level posts.
    const smallGroup = await createNamedGroup(owner);
    const smallThread = await createThreadOverHttp(owner, smallGroup.id, await createCategory(smallGroup.id));
    let topLevelId = 0;
    for (let index = 0; index < 9; index += 1) topLevelId = (await createPostOverHttp(member, smallThread.id, `Small ${index}`)).id;
    small = { group: smallGroup, threadId: smallThread.id, topLevelId };

    // A large group: 100 one-post threads, one of them pinned, and a thread of 121 posts: the
    // opening post, 100 top-level posts and 20 replies (10 of them replies to replies), some liked.
    const largeGroup = await createNamedGroup(owner);
    const inCategory = await createCategory(largeGroup.id);
    const fillers: number[] = [];
    for (let index = 0; index < LARGE_GROUP_THREADS - 1; index += 1) fillers.push((await createThreadOverHttp(owner, largeGroup.id, inCategory)).id);
    const pinned = await call("POST", `/api/v2/threads/${fillers[7]}/pin`, { token: owner.token, body: { pinned: 1 } });
    expect(pinned.status).toBe(200);
    const largeThread = await createThreadOverHttp(owner, largeGroup.id, inCategory);
    const topLevel: number[] = [];
    for (let index = 0; index < 100; index += 1) topLevel.push((await createPostOverHttp(member, largeThread.id, `Large ${index}`)).id);
    let deepReplyId = 0;
    // The newest posts (page 1 of sort "new") and the oldest (the end of a 100-post page) get replies.
    for (const parentId of [...topLevel.slice(-6), ...topLevel.slice(0, 4)]) {
      const reply = await createPostOverHttp(owner, largeThread.id, "A reply", parentId);
      deepReplyId = (await createPostOverHttp(member, largeThread.id, "A reply to a reply", reply.id)).id;
    }
    for (const postId of [topLevel.at(-1), topLevel.at(-2), topLevel[0], deepReplyId]) {
      const liked = await call("POST", `/api/v2/posts/${postId}/like`, { token: owner.token });
      expect(liked.status).toBe(200);
    }
    large = { group: largeGroup, threadId: largeThread.id, deepReplyId, lastTopLevelId: topLevel.at(-1)! };
  }, 600_000);

  afterAll(() => {
    const lines = measured.map(({ request, queries, warmUp }) => {
      const first = warmUp === undefined || warmUp === queries ? "" : ` (its warm-up: ${warmUp})`;
      return `  ${String(queries).padStart(3)}  ${request}${first}`;
    });
    if (lines.length > 0) console.log(`SQL statements per request:\n${lines.join("\n")}`);
  });

  function getThread(which: "small" | "large", pageSize: number, signedIn: boolean, startPostId = 0) {
    const fixture = which === "small" ? small : large;
    const query = { group_name: fixture.group.name, page_size: pageSize, ...(startPostId ? { start_post_id: startPostId } : {}) };
    const label = `get thread (${which === "small" ? "10 posts" : "121 posts with replies"}) page_size=${pageSize}${startPostId ? " next page" : ""}, ${signedIn ? "signed in" : "guest"}`;
    return measureRead(
      label,
      () => moveVersion("threads", fixture.threadId),
      () => getThreadOverHttp(fixture.threadId, query, signedIn ? { token: member.token } : {}),
    );
  }

  it.each([
    ["guest", false],
    ["signed in", true],
  ] as const)("get thread, %s: the same count for 10 and 121 posts, page_size 10 and 100", async (_who, signedIn) => {
    const counts = {
      small10: await getThread("small", 10, signedIn),
      small100: await getThread("small", 100, signedIn),
      large10: await getThread("large", 10, signedIn),
      large100: await getThread("large", 100, signedIn),
    };
    const expected = signedIn
      ? { cold: GET_THREAD_SIGNED_IN_QUERIES, kept: GET_THREAD_SIGNED_IN_KEPT_QUERIES }
      : { cold: GET_THREAD_GUEST_QUERIES, kept: GET_THREAD_GUEST_KEPT_QUERIES };
    expect(counts).toEqual({ small10: expected, small100: expected, large10: expected, large100: expected });
  });

  it("get thread, signed in with a new token: its check once, then kept (guest kept: 1, signed in kept: 1)", async () => {
    const reader = await createTestUser();
    const query = { group_name: small.group.name };
    // The page is kept (a signed-in read keeps it), and so is the guest answer.
    expect((await getThreadOverHttp(small.threadId, query, { token: member.token })).status).toBe(200);
    expect((await getThreadOverHttp(small.threadId, query)).status).toBe(200);
    const guestKept = record("get thread (10 posts), guest, kept", await getThreadOverHttp(small.threadId, query));
    const first = record(
      "get thread (10 posts), a new token's first request, kept page",
      await getThreadOverHttp(small.threadId, query, { token: reader.token }),
    );
    const next = record("get thread (10 posts), the same token again, kept page", await getThreadOverHttp(small.threadId, query, { token: reader.token }));
    expect({ guestKept, first, next }).toEqual({
      guestKept: GET_THREAD_GUEST_KEPT_QUERIES,
      first: GET_THREAD_NEW_TOKEN_QUERIES,
      next: GET_THREAD_SIGNED_IN_KEPT_QUERIES,
    });
  });

  it("get thread, the next page (start_post_id): no more than the first page", async () => {
    // The next page carries no replies of the opening post, so it may only skip work, never add any.
    const next = await getThread("large", 10, false, large.lastTopLevelId);
    expect(next.cold).toBeLessThanOrEqual(GET_THREAD_GUEST_QUERIES);
    expect(next.kept).toBe(GET_THREAD_GUEST_KEPT_QUERIES);
  });

  function groupThreads(which: "small" | "large", page: number, perPage: number, signedIn: boolean) {
    const fixture = which === "small" ? small : large;
    const label = `group threads (${which === "small" ? "1 thread" : `${LARGE_GROUP_THREADS} threads`}) page=${page} per_page=${perPage}, ${signedIn ? "signed in" : "guest"}`;
    return measureRead(
      label,
      () => moveVersion("groups", fixture.group.id),
      async () => {
        const response = await call<{ threads: unknown[] }>("GET", `/api/v2/groups/${fixture.group.id}/threads`, {
          query: { page, per_page: perPage },
          ...(signedIn ? { token: member.token } : {}),
        });
        // An empty page could skip the queries that load its entries: every page measured is full.
        expect(response.body.data.threads, `${which} page ${page}`).toHaveLength(which === "small" ? 1 : perPage);
        return response;
      },
    );
  }

  it.each([
    ["guest", false],
    ["signed in", true],
  ] as const)("group threads, %s: the same count for page 1 and page 50, 2 and 20 per page, 1 and 101 threads", async (_who, signedIn) => {
    const counts = {
      page1: await groupThreads("large", 1, 2, signedIn),
      page50: await groupThreads("large", 50, 2, signedIn),
      page1of20: await groupThreads("large", 1, 20, signedIn),
      page5of20: await groupThreads("large", 5, 20, signedIn),
      smallGroup: await groupThreads("small", 1, 20, signedIn),
    };
    // A signed-in reader's listing is never kept: cold and "kept" cost the same.
    const expected = signedIn
      ? { cold: GROUP_THREADS_SIGNED_IN_QUERIES, kept: GROUP_THREADS_SIGNED_IN_QUERIES }
      : { cold: GROUP_THREADS_GUEST_QUERIES, kept: GROUP_THREADS_GUEST_KEPT_QUERIES };
    expect(counts).toEqual({ page1: expected, page50: expected, page1of20: expected, page5of20: expected, smallGroup: expected });
  });

  async function createPost(which: "small" | "large", parentId?: number): Promise<number> {
    const fixture = which === "small" ? small : large;
    const label = `create post (${which === "small" ? "10-post" : "121-post"} thread), ${parentId === undefined ? "top-level" : "reply"}`;
    // The warm-up: a read with the same key and token.
    expect((await getThreadOverHttp(fixture.threadId, { group_name: fixture.group.name }, { token: member.token })).status).toBe(200);
    const response = await call("POST", `/api/v2/threads/${fixture.threadId}/posts/create`, {
      token: member.token,
      body: { content: JSON.stringify([{ insert: "Counted\n" }]), ...(parentId === undefined ? {} : { parent_id: parentId }) },
    });
    return record(label, response);
  }

  it("create post: the same count in a small and a large thread, top-level and reply", async () => {
    const counts = {
      smallTopLevel: await createPost("small"),
      largeTopLevel: await createPost("large"),
      smallReply: await createPost("small", small.topLevelId),
      largeReply: await createPost("large", large.deepReplyId),
    };
    expect(counts).toEqual({
      smallTopLevel: CREATE_POST_QUERIES,
      largeTopLevel: CREATE_POST_QUERIES,
      smallReply: CREATE_REPLY_QUERIES,
      largeReply: CREATE_REPLY_QUERIES,
    });
  });
});
