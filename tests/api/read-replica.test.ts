import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
// @ts-expect-error: a plain ES module of the cluster scripts, without type declarations
import { setReplayPaused, startPostgresPair } from "../../scripts/cluster/postgres.mjs";
import { GENEROUS_BUDGETS } from "../support/budgets";
import {
  apiCall,
  createApiKey,
  createNamedGroupWithThread,
  createPost,
  readUserPostIds,
  registerUser,
  seedDatabase,
  type ClusterUser,
} from "../support/cluster-client";
import { findFreePort } from "../support/free-port";
import { startServer, type RunningServer } from "../support/server-process";
import { findTestRedis, type TestRedis } from "../support/test-redis";

// Contract section 16, reads on a streaming replica: a PostgreSQL primary and a replica of it
// (initdb + pg_basebackup -R, ports of their own) and two instances A and B on them sharing Redis.
// Runs with the PostgreSQL suite (the embedded database has no replica); skipped without
// PostgreSQL's server binaries.
const onPostgres = Boolean(inject("databaseUrl"));
const hasBinaries = fs.existsSync("/usr/lib/postgresql") || Boolean(process.env.AGORA_PG_BIN);

interface Pair {
  primaryUrl: string;
  replicaUrl: string;
  stopReplica: (mode?: string) => void;
  startReplica: () => void;
  stop: () => void;
}

async function waitFor(check: () => Promise<boolean>, what: string, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function readHealth(baseUrl: string) {
  const response = await fetch(new URL("/api/health", baseUrl));
  return {
    status: response.status,
    instance: response.headers.get("x-agora-instance"),
    body: (await response.json()) as { replica: { status: string; lag_ms: number | null } | null; redis: string | null },
  };
}

describe.skipIf(!onPostgres || !hasBinaries)("reads on a streaming replica (contract section 16)", () => {
  let baseDir: string;
  let pair: Pair;
  let redis: TestRedis | null;
  let a: RunningServer;
  let b: RunningServer;
  let apiKey: string;
  /** Another client app's key: its users and guests are never held by the author's writes. */
  let otherKey: string;
  let author: ClusterUser;
  let threadId: number;
  let groupName: string;

  beforeAll(async () => {
    baseDir = fs.mkdtempSync(path.join(os.tmpdir(), "agora-replica-"));
    pair = (await startPostgresPair({ baseDir, primaryPort: await findFreePort(), replicaPort: await findFreePort() })) as Pair;
    apiKey = seedDatabase(pair.primaryUrl);
    otherKey = createApiKey(pair.primaryUrl, "another client");
    redis = await findTestRedis();
    const env = {
      DATABASE_URL: pair.primaryUrl,
      DATABASE_REPLICA_URL: pair.replicaUrl,
      AGORA_SECRET: randomBytes(24).toString("hex"),
      AGORA_DATA_DIR: baseDir,
      LOG_LEVEL: "warn",
      AGORA_MIGRATE_ON_START: "0",
      ...GENEROUS_BUDGETS,
      ...(redis ? { REDIS_URL: redis.url, AGORA_REDIS_PREFIX: `agora-replica-${randomBytes(4).toString("hex")}` } : {}),
    };
    [a, b] = await Promise.all([startServer({ ...env, AGORA_INSTANCE_ID: "instance-a" }), startServer({ ...env, AGORA_INSTANCE_ID: "instance-b" })]);
    author = await registerUser(a.baseUrl, apiKey);
    ({ threadId, groupName } = await createNamedGroupWithThread(a.baseUrl, apiKey, author));
    await waitFor(
      async () => (await readHealth(a.baseUrl)).body.replica?.status === "ok" && (await readHealth(b.baseUrl)).body.replica?.status === "ok",
      "a healthy replica",
    );
  }, 180_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    redis?.stop();
    pair?.stop();
    if (baseDir) fs.rmSync(baseDir, { recursive: true, force: true });
  });

  it("names the instance on every answer and reports the replica's lag in health", async () => {
    const health = await readHealth(a.baseUrl);
    expect(health.status).toBe(200);
    expect(health.instance).toBe("instance-a");
    expect(health.body.replica).toEqual({ status: "ok", lag_ms: expect.any(Number) });
    const page = await fetch(new URL("/", b.baseUrl));
    expect(page.headers.get("x-agora-instance")).toBe("instance-b");
  });

  it("answers a guest's read from the replica", async () => {
    await waitFor(async () => (await readUserPostIds(a.baseUrl, apiKey, author.id)).db === "replica", "a read on the replica");
  });

  it("answers a write's request from the primary, and says so", async () => {
    await waitFor(async () => (await readUserPostIds(a.baseUrl, apiKey, author.id, author.token)).db === "replica", "the author's reads back on the replica");
    const created = await apiCall<{ post: { id: number } }>(a.baseUrl, apiKey, "POST", `/api/v2/threads/${threadId}/posts/create`, {
      token: author.token,
      body: { content: JSON.stringify([{ insert: "Written on the primary\n" }]) },
    });
    expect(created.status).toBe(200);
    expect(created.headers.get("x-agora-db")).toBe("primary");
    const liked = await apiCall(a.baseUrl, apiKey, "POST", `/api/v2/posts/${created.body.data.post.id}/like`, { token: author.token });
    expect(liked.headers.get("x-agora-db")).toBe("primary");
  });

  it("with replay paused, holds only the writer and the writing key on the primary: another user on another key reads a thread (marking it read) on the replica", async () => {
    const reader = await registerUser(a.baseUrl, otherKey);
    const readThread = (who: ClusterUser | null, key: string) =>
      apiCall<{ thread: { posts: { id: number }[] } }>(b.baseUrl, key, "GET", `/api/get_thread/${threadId}`, {
        token: who?.token,
        query: { group_name: groupName, sort: "new" },
      });
    // The register marked the other key until the replica replays it.
    await waitFor(async () => (await readThread(reader, otherKey)).headers.get("x-agora-db") === "replica", "the new reader on the replica");
    await setReplayPaused(pair.replicaUrl, true);
    try {
      const postId = await createPost(a.baseUrl, apiKey, author, threadId, "While replay is paused");
      const dbs: Record<string, (string | null)[]> = { reader: [], otherGuest: [], author: [], writingKeyGuest: [] };
      for (let round = 0; round < 3; round++) {
        // Each read marks the thread read for the reader (a write on the primary) and must not hold them there.
        const seen = await readThread(reader, otherKey);
        expect(seen.status).toBe(200);
        expect(seen.body.data.thread.posts.map((post) => post.id)).not.toContain(postId);
        dbs.reader!.push(seen.headers.get("x-agora-db"));
        dbs.otherGuest!.push((await readUserPostIds(b.baseUrl, otherKey, author.id)).db);
        const own = await readUserPostIds(b.baseUrl, apiKey, author.id, author.token);
        expect(own.ids).toContain(postId);
        dbs.author!.push(own.db);
        const sameApp = await readUserPostIds(b.baseUrl, apiKey, author.id);
        expect(sameApp.ids).toContain(postId);
        dbs.writingKeyGuest!.push(sameApp.db);
      }
      expect(dbs).toEqual({
        reader: Array(3).fill("replica"),
        otherGuest: Array(3).fill("replica"),
        author: Array(3).fill("primary"),
        writingKeyGuest: Array(3).fill("primary"),
      });
    } finally {
      await setReplayPaused(pair.replicaUrl, false);
    }
  });

  it("with replay paused, write-then-read pairs across instances (3.5 s of them) all see their write while other readers stay on the replica", async () => {
    await setReplayPaused(pair.replicaUrl, true);
    const misses: number[] = [];
    const guestDbs = new Set<string | null>();
    let guestSawLatest = 0;
    let onPrimary = 0;
    let pairs = 0;
    try {
      // Under 5 s of writes, so the paused replica stays inside the lag cut-off for the other readers.
      const started = Date.now();
      for (let round = 0; round < 100 && Date.now() - started < 3_500; round++) {
        const [writer, reader] = round % 2 === 0 ? [a, b] : [b, a];
        const postId = await createPost(writer.baseUrl, apiKey, author, threadId, `Round ${round}`);
        const own = await readUserPostIds(reader.baseUrl, apiKey, author.id, author.token);
        if (!own.ids.includes(postId)) misses.push(postId);
        if (own.db === "primary") onPrimary += 1;
        const guest = await readUserPostIds(reader.baseUrl, otherKey, author.id);
        guestDbs.add(guest.db);
        if (guest.ids.includes(postId)) guestSawLatest += 1;
        pairs += 1;
      }
    } finally {
      await setReplayPaused(pair.replicaUrl, false);
    }
    expect(misses).toEqual([]);
    expect(pairs).toBeGreaterThan(10);
    // Replay was paused: every own read had to be sent to the primary.
    expect(onPrimary).toBe(pairs);
    // The guest read the paused replica: it never saw the newest post (proof the replica lagged).
    expect([...guestDbs]).toEqual(["replica"]);
    expect(guestSawLatest).toBe(0);
  });

  it("a killed replica fails no request: reads move to the primary, and back once it is up again", async () => {
    let failures = 0;
    const dbs: (string | null)[] = [];
    const load = (async () => {
      const until = Date.now() + 4_000;
      while (Date.now() < until) {
        const results = await Promise.all([a, b, a, b].map((server) => readUserPostIds(server.baseUrl, apiKey, author.id)));
        for (const result of results) {
          if (result.status !== 200) failures += 1;
          dbs.push(result.db);
        }
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    pair.stopReplica("immediate");
    await load;
    expect(failures).toBe(0);
    expect(dbs).toContain("replica");
    expect(dbs.at(-1)).toBe("primary");
    expect((await readHealth(a.baseUrl)).body.replica?.status).toBe("unavailable");
    pair.startReplica();
    await waitFor(async () => (await readUserPostIds(b.baseUrl, apiKey, author.id)).db === "replica", "reads back on the replica", 30_000);
  });
});
