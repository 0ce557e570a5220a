import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createTestUser, type TestUser } from "../support/fixtures";
import { startServer, type RunningServer } from "../support/server-process";
import { findTestRedis, type TestRedis } from "../support/test-redis";
import { createNamedGroup, createPostOverHttp, createThreadOverHttp } from "../support/thread-helpers";

// Guest answers shared by instances through Redis (lib/api/shared-guest-answers.ts): two servers
// on the suite's database and one Redis prefix. The statements a request sends
// (X-Agora-Db-Queries, AGORA_COUNT_QUERIES=1) tell a shared answer (the version only) from one
// built again (the whole read).
const redis: TestRedis | null = await findTestRedis();
if (!redis) console.warn("shared-guest-answers.test.ts: no Redis on 127.0.0.1:6379 and no redis-server to start; skipped");

interface Read {
  status: number;
  queries: number;
  body: string;
}

async function guestRead(server: RunningServer, threadId: number, groupName: string): Promise<Read> {
  const url = new URL(`/api/get_thread/${threadId}?group_name=${groupName}`, server.baseUrl);
  const response = await fetch(url, { headers: { "svc-api-key": inject("apiKey") } });
  return { status: response.status, queries: Number(response.headers.get("x-agora-db-queries")), body: await response.text() };
}

describe.skipIf(!redis)("guest answers shared through Redis", () => {
  const prefix = `agora-test-${randomBytes(4).toString("hex")}`;
  let first: RunningServer;
  let second: RunningServer;
  let author: TestUser;
  let threadId: number;
  let groupName: string;

  beforeAll(async () => {
    const env = {
      AGORA_DATA_DIR: inject("dataDir"),
      DATABASE_URL: inject("databaseUrl"),
      LOG_LEVEL: "warn",
      AGORA_MIGRATE_ON_START: "0",
      AGORA_COUNT_QUERIES: "1",
      // The key is looked up once for the file (as on the suite's server, tests/support/global-setup.ts):
      // with the default recheck (5 s) a read after a slow step would count the lookup again.
      AGORA_API_KEY_RECHECK_SECONDS: "3600",
      REDIS_URL: redis!.url,
      AGORA_REDIS_PREFIX: prefix,
    };
    [first, second] = await Promise.all([startServer(env), startServer(env)]);
    author = await createTestUser();
    const group = await createNamedGroup(author);
    groupName = group.name;
    threadId = (await createThreadOverHttp(author, group.id)).id;
    // Each server looks the API key up once (then trusts it for the run): done here, so it is not counted below.
    for (const server of [first, second]) {
      const warm = await fetch(new URL(`/api/v2/groups/${group.id}`, server.baseUrl), { headers: { api_key: inject("apiKey") } });
      expect(warm.status).toBe(200);
    }
  });

  afterAll(async () => {
    await Promise.all([first?.stop(), second?.stop()]);
    redis?.stop();
  });

  it("answers the other instance's answer with one statement, byte for byte", async () => {
    const built = await guestRead(first, threadId, groupName);
    expect(built.status).toBe(200);
    expect(built.queries).toBeGreaterThan(5);
    const shared = await guestRead(second, threadId, groupName);
    expect(shared.status).toBe(200);
    expect(shared.queries).toBe(1);
    expect(shared.body).toBe(built.body);
  });

  it("never answers a shared answer older than a write: the next read on either instance shows it", async () => {
    await guestRead(first, threadId, groupName);
    await guestRead(second, threadId, groupName);
    const text = `after the share ${randomBytes(3).toString("hex")}`;
    await createPostOverHttp(author, threadId, text);
    const afterWrite = await guestRead(second, threadId, groupName);
    expect(afterWrite.queries).toBeGreaterThan(5);
    expect(afterWrite.body).toContain(text);
    // The first instance takes what the second just built for the new version.
    const fromShare = await guestRead(first, threadId, groupName);
    expect(fromShare.queries).toBe(1);
    expect(fromShare.body).toBe(afterWrite.body);
  });

  it("builds the answer itself when what Redis holds is not an answer it can use", async () => {
    const { default: Redis } = await import("ioredis");
    const client = new Redis(redis!.url);
    try {
      // A new version: neither instance holds an answer for it yet.
      await createPostOverHttp(author, threadId, "moves the version");
      expect((await guestRead(first, threadId, groupName)).queries).toBeGreaterThan(5);
      const keys = await client.keys(`${prefix}:answer:*`);
      expect(keys.length).toBeGreaterThan(0);
      for (const key of keys) await client.set(key, "not an answer", "PX", 30_000);
      const read = await guestRead(second, threadId, groupName);
      expect(read.status).toBe(200);
      expect(read.queries).toBeGreaterThan(5);
      expect(read.body).toContain("moves the version");
    } finally {
      client.disconnect();
    }
  });
});
