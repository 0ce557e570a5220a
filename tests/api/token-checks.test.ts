import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { issueUserToken } from "@/lib/auth/tokens";
import { expectedError } from "../support/api-client";
import { GENEROUS_BUDGETS } from "../support/budgets";
import { createTestUser, uniqueName, type TestUser } from "../support/fixtures";
import { startServer, type RunningServer } from "../support/server-process";
import { findTestRedis, type TestRedis } from "../support/test-redis";
import { createNamedGroup, createPostOverHttp, createThreadOverHttp, textDelta } from "../support/thread-helpers";
import { webSessionCookie } from "../support/web-session";

// A user token's check is kept per token (lib/auth/token-checks.ts), and every test server here
// keeps it for the whole run (AGORA_TOKEN_RECHECK_SECONDS=3600), so only a drop can end it: a
// logout, a role change, a ban and a rename must each show on the very next request, on the
// instance that made them and on another one. Another instance hears drops through Redis when
// REDIS_URL is set, else through PostgreSQL NOTIFY; the embedded database serves one instance.
// Before each change the reader's check is shown to be kept: a signed-in read of a kept page
// then costs one statement (X-Agora-Db-Queries), none of them the token's.

const onPostgres = Boolean(inject("databaseUrl"));

interface Answer {
  status: number;
  queries: number;
  body: { code: number | string; description: string; data: Record<string, unknown> };
}

async function send(
  baseUrl: string,
  method: "GET" | "POST",
  path: string,
  options: { token?: string; body?: Record<string, unknown>; query?: Record<string, string> } = {},
): Promise<Answer> {
  const url = new URL(path, baseUrl);
  for (const [key, value] of Object.entries(options.query ?? {})) url.searchParams.set(key, value);
  const headers: Record<string, string> = { api_key: inject("apiKey") };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body) headers["content-type"] = "application/json";
  const response = await fetch(url, { method, headers, body: options.body ? JSON.stringify(options.body) : undefined });
  return { status: response.status, queries: Number(response.headers.get("x-agora-db-queries")), body: (await response.json()) as Answer["body"] };
}

/** The name the web session shows (next-auth's session endpoint runs the same callback as every page). */
async function sessionName(baseUrl: string, cookie: string): Promise<string | null> {
  const response = await fetch(new URL("/api/auth/session", baseUrl), { headers: { cookie } });
  const session = (await response.json()) as { user?: { name?: string } };
  return session.user?.name ?? null;
}

interface Instances {
  /** Where the changes are made. */
  writer: () => string;
  /** Where the reader reads. */
  reader: () => string;
}

function checksDropped(label: string, instances: Instances) {
  describe(label, () => {
    let owner: TestUser;
    let member: TestUser;
    let group: { id: number; name: string };
    let threadId: number;

    beforeAll(async () => {
      owner = await createTestUser();
      member = await createTestUser();
      group = await createNamedGroup(owner);
      threadId = (await createThreadOverHttp(owner, group.id)).id;
      await createPostOverHttp(owner, threadId, "The owner's post");
      await createPostOverHttp(member, threadId, "The member joins");
    });

    const readThread = (token: string) => send(instances.reader(), "GET", `/api/get_thread/${threadId}`, { token, query: { group_name: group.name } });

    /** Reads until the reader's instance answers a kept page in one statement: the token's check is kept there (its drop channel is up). */
    async function expectKept(token: string): Promise<Answer> {
      let answer = await readThread(token);
      for (let attempt = 0; attempt < 50 && answer.queries !== 1; attempt++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        answer = await readThread(token);
      }
      expect(answer.status).toBe(200);
      expect(answer.queries, "a signed-in read of a kept page with a kept token check").toBe(1);
      return answer;
    }

    const ownersPostCanDelete = (answer: Answer) => {
      const posts = (answer.body.data.thread as { posts: { user_id: number; can_delete: boolean }[] }).posts;
      return posts.find((post) => post.user_id === owner.id)!.can_delete;
    };

    it("a logout refuses that token on the next request, and only that one", async () => {
      const second = await issueUserToken(member.id);
      await expectKept(second);
      await expectKept(member.token);
      const logout = await send(instances.writer(), "POST", "/api/logout", { token: second });
      expect(logout.status).toBe(200);
      const after = await readThread(second);
      expect(after.status).toBe(401);
      expect(after.body).toMatchObject(expectedError("api", 40103));
      expect((await readThread(member.token)).status).toBe(200);
    });

    it("a role given or taken shows on the next request", async () => {
      expect(ownersPostCanDelete(await expectKept(member.token))).toBe(false);
      const promote = await send(instances.writer(), "POST", `/api/v2/groups/${group.id}/admins`, {
        token: owner.token,
        body: { user_id: member.id, level: 3 },
      });
      expect(promote.body.description).toBe("");
      expect(ownersPostCanDelete(await readThread(member.token))).toBe(true);
      const demote = await send(instances.writer(), "POST", `/api/v2/groups/${group.id}/admins`, {
        token: owner.token,
        body: { user_id: member.id, level: 0 },
      });
      expect(demote.body.description).toBe("");
      expect(ownersPostCanDelete(await readThread(member.token))).toBe(false);
    });

    it("a ban (suspension in the group) refuses the next write, and its lifting allows it again", async () => {
      await expectKept(member.token);
      const post = () =>
        send(instances.reader(), "POST", `/api/v2/threads/${threadId}/posts/create`, { token: member.token, body: { content: textDelta("Again") } });
      const ban = await send(instances.writer(), "POST", `/api/v2/groups/${group.id}/bans`, {
        token: owner.token,
        body: { user_id: member.id, reason: "Testing", days: 0 },
      });
      expect(ban.body.description).toBe("");
      const refused = await post();
      expect(refused.status).toBe(403);
      const lift = await send(instances.writer(), "POST", `/api/v2/groups/${group.id}/bans/${member.id}/lift`, { token: owner.token });
      expect(lift.body.description).toBe("");
      expect((await post()).status).toBe(200);
    });

    it("a rename shows in the web session on the next request (every kept check of the user is dropped)", async () => {
      const cookie = await webSessionCookie(member.wallet);
      expect(await sessionName(instances.reader(), cookie)).toBe(member.username);
      // Kept now: a second read of the session answers from the kept check.
      expect(await sessionName(instances.reader(), cookie)).toBe(member.username);
      await expectKept(member.token);
      const renamed = uniqueName("renamed");
      const update = await send(instances.writer(), "POST", "/api/user/update_info", { token: member.token, body: { username: renamed } });
      expect(update.body.description).toBe("");
      expect(await sessionName(instances.reader(), cookie)).toBe(renamed);
      member.username = renamed;
    });
  });
}

function serverEnv(extra: Record<string, string>): Record<string, string> {
  return {
    AGORA_DATA_DIR: inject("dataDir"),
    DATABASE_URL: inject("databaseUrl"),
    LOG_LEVEL: "warn",
    AGORA_MIGRATE_ON_START: "0",
    ...GENEROUS_BUDGETS,
    AGORA_COUNT_QUERIES: "1",
    AGORA_API_KEY_RECHECK_SECONDS: "3600",
    AGORA_TOKEN_RECHECK_SECONDS: "3600",
    ...extra,
  };
}

const suiteServer = () => inject("baseUrl");
checksDropped("one instance (the suite's server)", { writer: suiteServer, reader: suiteServer });

describe.skipIf(!onPostgres)("two instances on PostgreSQL without Redis (drops through NOTIFY; the embedded database serves one instance)", () => {
  let a: RunningServer;
  let b: RunningServer;
  beforeAll(async () => {
    [a, b] = await Promise.all([startServer(serverEnv({})), startServer(serverEnv({}))]);
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
  });
  checksDropped("changes made on A, read on B", { writer: () => a.baseUrl, reader: () => b.baseUrl });
});

describe("two instances sharing Redis (drops through pub/sub)", () => {
  let redis: TestRedis | null = null;
  let a: RunningServer | undefined;
  let b: RunningServer | undefined;
  beforeAll(async () => {
    redis = await findTestRedis();
    if (!redis) return;
    const shared = { REDIS_URL: redis.url, AGORA_REDIS_PREFIX: `agora-token-checks-${randomBytes(4).toString("hex")}` };
    [a, b] = await Promise.all([startServer(serverEnv(shared)), startServer(serverEnv(shared))]);
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    redis?.stop();
  });
  it("has a Redis to test with (none on 127.0.0.1:6379 and no redis-server installed: the tests below fail)", () => {
    expect(redis).not.toBeNull();
  });
  checksDropped("changes made on A, read on B", { writer: () => a!.baseUrl, reader: () => b!.baseUrl });
});
