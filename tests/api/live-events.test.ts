import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { getDb } from "@/lib/db/engine/client";
import { call, expectedError } from "../support/api-client";
import { GENEROUS_BUDGETS } from "../support/budgets";
import { createTestUser, type TestUser } from "../support/fixtures";
import { startServer, type RunningServer } from "../support/server-process";
import { openSse, type SseStream } from "../support/sse-client";
import { createNamedGroup, createPostOverHttp, createThreadOverHttp, textDelta } from "../support/thread-helpers";

// Contract section 13: live events over server-sent events, on the thread and notification
// streams, against the real server and database. Every event's id is checked against the log.

const threadPath = (threadId: number) => `/api/v2/threads/${threadId}/events`;

async function readLog(topic: string) {
  const rows = await (await getDb()).liveEvent.findMany({ where: { topic }, orderBy: { id: "asc" } });
  return rows.map((row) => ({ id: String(row.id), event: row.type, data: row.data }));
}

const edit = (user: TestUser, postId: number, text: string) =>
  call("POST", `/api/v2/posts/${postId}/edit`, { token: user.token, body: { content: textDelta(text) } });
const like = (user: TestUser, postId: number) => call("POST", `/api/v2/posts/${postId}/like`, { token: user.token });
const remove = (user: TestUser, postId: number) => call("POST", `/api/v2/posts/${postId}/delete`, { token: user.token });

describe("GET /api/v2/threads/{thread_id}/events", () => {
  let author: TestUser;
  let reader: TestUser;
  let threadId: number;
  let firstPostId: number;
  const open: SseStream[] = [];
  const follow = async (path: string, options: Parameters<typeof openSse>[1] = {}) => {
    const stream = await openSse(path, options);
    open.push(stream);
    return stream;
  };

  beforeAll(async () => {
    author = await createTestUser();
    reader = await createTestUser();
    const group = await createNamedGroup(author);
    const thread = await createThreadOverHttp(author, group.id);
    threadId = thread.id;
    firstPostId = thread.first_post_id!;
  });
  afterAll(() => open.forEach((stream) => stream.close()));

  it("streams post, edit, like and delete events with the log's ids, and nothing for counter updates", async () => {
    const stream = await follow(threadPath(threadId));
    expect(stream.status).toBe(200);
    expect(stream.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(stream.headers.get("cache-control")).toBe("no-cache, no-transform");
    expect(stream.headers.get("x-accel-buffering")).toBe("no");
    const reply = await createPostOverHttp(reader, threadId, "A live reply", firstPostId);
    expect((await edit(reader, reply.id, "Edited live")).status).toBe(200);
    expect((await like(author, reply.id)).status).toBe(200);
    expect((await call("POST", `/api/v2/posts/${reply.id}/unlike`, { token: author.token })).status).toBe(200);
    expect((await remove(reader, reply.id)).status).toBe(200);
    // A restore makes the post readable again: an edit, marked restored.
    expect((await call("POST", `/api/v2/posts/${reply.id}/restore`, { token: author.token })).status).toBe(200);
    const events = await stream.waitFor(6);
    expect(events.map((event) => [event.event, event.data])).toEqual([
      ["post", { post_id: reply.id, parent_id: firstPostId }],
      ["edit", { post_id: reply.id, parent_id: firstPostId }],
      ["like", { post_id: reply.id, total_likes: 1 }],
      ["like", { post_id: reply.id, total_likes: 0 }],
      ["delete", { post_id: reply.id, parent_id: firstPostId }],
      ["edit", { post_id: reply.id, parent_id: firstPostId, restored: true }],
    ]);
    // The reply moved its parent's children_count and the like the post's likes_count: no events for those.
    expect(events).toEqual((await readLog(`thread:${threadId}`)).filter((row) => Number(row.id) >= Number(events[0]!.id)));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(stream.events).toHaveLength(6);
  });

  it("replays exactly what a reconnecting client missed, in order (Last-Event-ID header or last_event_id)", async () => {
    const first = await follow(threadPath(threadId));
    const a = await createPostOverHttp(author, threadId, "Seen live");
    const [seen] = await first.waitFor(1);
    first.close();
    const b = await createPostOverHttp(reader, threadId, "Missed one");
    await like(author, b.id);
    const c = await createPostOverHttp(author, threadId, "Missed two", b.id);
    const missed = (await readLog(`thread:${threadId}`)).filter((row) => Number(row.id) > Number(seen!.id));
    expect(missed.map((row) => row.event)).toEqual(["post", "like", "post"]);
    expect(seen!.data).toEqual({ post_id: a.id, parent_id: null });

    const byHeader = await follow(threadPath(threadId), { headers: { "last-event-id": seen!.id! } });
    expect(await byHeader.waitFor(3)).toEqual(missed);
    expect(missed.map((row) => (row.data as { post_id: number }).post_id)).toEqual([b.id, b.id, c.id]);
    const byParam = await follow(`${threadPath(threadId)}?last_event_id=${seen!.id}`);
    expect(await byParam.waitFor(3)).toEqual(missed);
    // After the replay the stream goes on live, without repeating anything.
    const d = await createPostOverHttp(reader, threadId, "After the replay");
    const after = await byHeader.waitFor(4);
    expect(after[3]).toMatchObject({ event: "post", data: { post_id: d.id } });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(byHeader.events).toHaveLength(4);
  });

  it("answers refusals with the envelope before any stream starts", async () => {
    const cases: [string, Parameters<typeof openSse>[1], number, number][] = [
      [threadPath(threadId), { apiKey: false }, 401, 40100],
      [threadPath(threadId), { apiKey: "not-a-key" }, 401, 40101],
      [threadPath(threadId), { token: "garbage.token.here" }, 401, 40103],
      [threadPath(2_000_000_000), {}, 404, 40400],
      ["/api/v2/threads/abc/events", {}, 400, 40000],
      [threadPath(threadId), { headers: { "last-event-id": "yesterday" } }, 400, 40000],
      ["/api/v2/notifications/stream", {}, 401, 40102],
      ["/api/v2/notifications/stream", { token: "garbage.token.here" }, 401, 40103],
    ];
    for (const [path, options, status, code] of cases) {
      const stream = await follow(path, options);
      expect([path, stream.status]).toEqual([path, status]);
      expect(stream.headers.get("content-type")).toContain("application/json");
      expect(stream.error).toMatchObject(expectedError("v2", code));
    }
  });

  it("answers 404 for a deleted thread, to everyone but its moderators", async () => {
    const group = await createNamedGroup(author);
    const thread = await createThreadOverHttp(author, group.id);
    await (await getDb()).thread.update({ where: { id: thread.id }, data: { isDelete: 1 } });
    const guest = await follow(threadPath(thread.id));
    expect(guest.status).toBe(404);
    expect(guest.error).toMatchObject(expectedError("v2", 40400));
    expect((await follow(threadPath(thread.id), { token: reader.token })).status).toBe(404);
    // The group's owner moderates it, and may still read (and follow) it.
    expect((await follow(threadPath(thread.id), { token: author.token })).status).toBe(200);
  });
});

describe("stream slots", () => {
  it("frees a person's slot as soon as their client goes away, long before the next heartbeat", async () => {
    const user = await createTestUser();
    const streams = await Promise.all(Array.from({ length: 5 }, () => openSse("/api/v2/notifications/stream", { token: user.token })));
    expect(streams.map((stream) => stream.status)).toEqual([200, 200, 200, 200, 200]);
    const refused = await openSse("/api/v2/notifications/stream", { token: user.token });
    expect(refused.status).toBe(429);
    expect(refused.error).toMatchObject(expectedError("v2", 42900));
    streams[0]!.close();
    const started = Date.now();
    let again: SseStream | undefined;
    while (Date.now() - started < 3000) {
      again = await openSse("/api/v2/notifications/stream", { token: user.token });
      if (again.status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(again?.status).toBe(200);
    // The default heartbeat is 15 s: the slot came back because the server saw the client leave.
    expect(Date.now() - started).toBeLessThan(3000);
    [...streams.slice(1), again!].forEach((stream) => stream.close());
  });
});

describe("GET /api/v2/notifications/stream", () => {
  it("delivers a user-topic event published with agora_publish to that user only", async () => {
    const [alice, bob] = await Promise.all([createTestUser(), createTestUser()]);
    const aliceStream = await openSse("/api/v2/notifications/stream", { token: alice.token });
    const bobStream = await openSse("/api/v2/notifications/stream", { token: bob.token });
    try {
      expect(aliceStream.status).toBe(200);
      const db = await getDb();
      const [published] = await db.$queryRaw<
        { id: bigint }[]
      >`SELECT agora_publish(${`user:${alice.id}`}, 'notification', '{"notification_id": 7, "unread_count": 3}'::jsonb) AS id`;
      const [event] = await aliceStream.waitFor(1);
      expect(event).toEqual({ id: String(published!.id), event: "notification", data: { notification_id: 7, unread_count: 3 } });
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(bobStream.events).toEqual([]);
    } finally {
      aliceStream.close();
      bobStream.close();
    }
  });
});

describe("a server with a short heartbeat and two streams per person", () => {
  let server: RunningServer;
  let user: TestUser;
  let threadId: number;

  beforeAll(async () => {
    server = await startServer({
      AGORA_DATA_DIR: inject("dataDir"),
      DATABASE_URL: inject("databaseUrl"),
      LOG_LEVEL: "warn",
      AGORA_MIGRATE_ON_START: "0",
      ...GENEROUS_BUDGETS,
      AGORA_LIVE_HEARTBEAT_SECONDS: "0.3",
      AGORA_LIVE_MAX_STREAMS: "2",
    });
    user = await createTestUser();
    const group = await createNamedGroup(user);
    threadId = (await createThreadOverHttp(user, group.id)).id;
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("sends heartbeat comments on an idle stream", async () => {
    const stream = await openSse(threadPath(threadId), { baseUrl: server.baseUrl });
    try {
      const started = Date.now();
      await stream.waitForComment("heartbeat", 3000);
      expect(Date.now() - started).toBeLessThan(2000);
      expect(stream.events).toEqual([]);
    } finally {
      stream.close();
    }
  });

  it("refuses a person's third stream with 429 and frees the slot when a stream closes", async () => {
    const options = { baseUrl: server.baseUrl, token: user.token };
    const first = await openSse(threadPath(threadId), options);
    const second = await openSse("/api/v2/notifications/stream", options);
    expect([first.status, second.status]).toEqual([200, 200]);
    const third = await openSse(threadPath(threadId), options);
    expect(third.status).toBe(429);
    expect(third.error).toMatchObject(expectedError("v2", 42900));
    expect(Number(third.headers.get("retry-after"))).toBeGreaterThan(0);
    // A guest (another subject) still gets in.
    const guest = await openSse(threadPath(threadId), { baseUrl: server.baseUrl });
    expect(guest.status).toBe(200);
    first.close();
    // The server notices the client went away (at the latest on its next heartbeat write).
    let again: SseStream | undefined;
    for (let attempt = 0; attempt < 30; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      again = await openSse(threadPath(threadId), options);
      if (again.status === 200) break;
    }
    expect(again?.status).toBe(200);
    [second, guest, again!].forEach((stream) => stream.close());
  });

  it("ends every stream at SIGTERM and exits 0 without waiting for them", async () => {
    const stream = await openSse(threadPath(threadId), { baseUrl: server.baseUrl });
    expect(stream.status).toBe(200);
    const started = Date.now();
    expect(await server.stop()).toBe(0);
    expect(Date.now() - started).toBeLessThan(8000);
  });
});
