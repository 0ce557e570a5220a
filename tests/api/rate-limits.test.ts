import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createApiKey } from "@/lib/auth/api-keys";
import { createEvmTestWallet } from "@/lib/auth/wallet/test-wallets";
import { expectedError } from "../support/api-client";
import { createTestUser, uniqueName, type TestUser } from "../support/fixtures";
import { getFrom } from "../support/raw-http";
import { startServer, type RunningServer } from "../support/server-process";
import { findTestRedis, type TestRedis } from "../support/test-redis";

// Servers of their own on the suite's database, with small budgets, so the shared one is undisturbed.
const SMALL_BUDGETS = {
  AGORA_RATE_LIMIT_PER_MINUTE: "5",
  AGORA_RATE_LIMIT_WRITES_PER_MINUTE: "2",
  AGORA_RATE_LIMIT_SIGN_IN_PER_MINUTE: "3",
  AGORA_RATE_LIMIT_BAD_KEYS_PER_MINUTE: "3",
  AGORA_RATE_LIMIT_PAGES_PER_MINUTE: "4",
  AGORA_PURSE_REGISTER_PER_MINUTE: "1",
};

function serverEnv(extra: Record<string, string> = {}): Record<string, string> {
  return { AGORA_DATA_DIR: inject("dataDir"), DATABASE_URL: inject("databaseUrl"), LOG_LEVEL: "warn", AGORA_MIGRATE_ON_START: "0", ...SMALL_BUDGETS, ...extra };
}

async function newKey(): Promise<string> {
  return (await createApiKey(uniqueName("rate-limit test"))).key;
}

interface Answer {
  status: number;
  headers: Headers;
  text: string;
}

/** An answer read whole, so its connection is free for the next request. */
async function readAnswer(response: Response): Promise<Answer> {
  return { status: response.status, headers: response.headers, text: await response.text() };
}

async function get(server: RunningServer, path: string, headers: Record<string, string>): Promise<Answer> {
  return readAnswer(await fetch(new URL(path, server.baseUrl), { headers }));
}

async function post(server: RunningServer, path: string, headers: Record<string, string>, body: Record<string, unknown>): Promise<Answer> {
  return readAnswer(
    await fetch(new URL(path, server.baseUrl), { method: "POST", headers: { ...headers, "content-type": "application/json" }, body: JSON.stringify(body) }),
  );
}

async function statusesOf(count: number, send: (i: number) => Promise<Answer>): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) statuses.push((await send(i)).status);
  return statuses;
}

function expectLimited(response: Answer, family: "api" | "v2", limit: number): void {
  expect(response.status).toBe(429);
  expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
  expect(response.headers.get("x-ratelimit-limit")).toBe(String(limit));
  expect(response.headers.get("x-ratelimit-remaining")).toBe("0");
  expect(JSON.parse(response.text)).toMatchObject(expectedError(family, 42900));
}

describe("rate limits on one instance (in memory, no trusted proxy)", () => {
  let server: RunningServer;
  let users: TestUser[];

  beforeAll(async () => {
    server = await startServer(serverEnv());
    users = await Promise.all([createTestUser(), createTestUser(), createTestUser()]);
  });

  afterAll(async () => {
    await server?.stop();
  });

  it("gives each user of one API key a budget of their own, apart from the key's anonymous callers", async () => {
    const key = await newKey();
    const [first, second] = users as [TestUser, TestUser];
    const asUser = (user: TestUser) => get(server, "/api/me", { api_key: key, authorization: `Bearer ${user.token}` });
    expect(await statusesOf(5, () => asUser(first))).toEqual([200, 200, 200, 200, 200]);
    expectLimited(await asUser(first), "api", 5);
    const other = await asUser(second);
    expect(other.status).toBe(200);
    expect(other.headers.get("x-ratelimit-remaining")).toBe("4");
    expect((await get(server, `/api/v2/users/${first.id}/posts`, { api_key: key })).status).toBe(200);
  });

  it("gives no fresh budget for a client-chosen X-Forwarded-For or peer header when no proxy is trusted", async () => {
    const key = await newKey();
    const statuses = await statusesOf(6, (i) =>
      get(server, `/api/v2/users/${users[0]!.id}/posts`, {
        api_key: key,
        "x-forwarded-for": `203.0.113.${i + 1}`,
        "x-agora-peer-address": `198.51.100.${i + 1}`,
      }),
    );
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    // The TCP peer is what counts: another address (127.0.0.2 on the loopback) has a budget of its own.
    const fromElsewhere = await getFrom(new URL(`/api/v2/users/${users[0]!.id}/posts`, server.baseUrl).href, "127.0.0.2", { api_key: key });
    expect(fromElsewhere.status).toBe(200);
  });

  it("limits requests with a missing or unknown key per client address, apart from good keys", async () => {
    const path = `/api/v2/users/${users[0]!.id}/posts`;
    const statuses = await statusesOf(3, (i) => get(server, path, i === 1 ? {} : { api_key: `wrong-${i}` }));
    expect(statuses).toEqual([401, 401, 401]);
    expectLimited(await get(server, path, { api_key: "wrong-again" }), "v2", 3);
    expect((await get(server, path, { api_key: await newKey() })).status).toBe(200);
  });

  it("limits sign-in (API nonce and login, and the web sign-in) per client address", async () => {
    const key = await newKey();
    const { address } = createEvmTestWallet();
    const nonce = () => get(server, `/api/wallet/nonce?web3_public_key=${address}&wallet_type=5`, { api_key: key });
    const webSignIn = () =>
      fetch(new URL("/api/auth/callback/wallet", server.baseUrl), {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ address, message: "m", signature: "s", json: "true" }),
        redirect: "manual",
      });
    expect((await nonce()).status).toBe(200);
    expect((await nonce()).status).toBe(200);
    const web = await webSignIn();
    expect(web.status).not.toBe(429);
    await web.arrayBuffer();
    expectLimited(await nonce(), "api", 3);
    expectLimited(
      await post(server, "/api/wallet/login", { api_key: key }, { web3_public_key: address, wallet_type: 5, sign: "0x00", signMsg: "m" }),
      "api",
      3,
    );
    const refused = await webSignIn();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    const { url } = (await refused.json()) as { url: string };
    expect(new URL(url).searchParams.get("error")).toMatch(/Too many sign-in attempts/);
  });

  it("limits writes below reads, per user", async () => {
    const key = await newKey();
    const user = users[2]!;
    const update = () => post(server, "/api/user/update_info", { api_key: key, authorization: `Bearer ${user.token}` }, { photo_url: "" });
    const statuses = [(await update()).status, (await update()).status];
    expect(statuses).not.toContain(429);
    expectLimited(await update(), "api", 2);
    // Reads still have budget: 3 of 5 spent.
    expect((await get(server, "/api/me", { api_key: key, authorization: `Bearer ${user.token}` })).status).toBe(200);
  });

  it("limits purse registers far below other writes", async () => {
    const key = await newKey();
    const register = () =>
      post(server, "/api/v2/purse/register", { api_key: key }, { web3_public_key: createEvmTestWallet().address, username: uniqueName("purse") });
    expect((await register()).status).toBe(200);
    expectLimited(await register(), "v2", 1);
  });

  it("limits page renders per client address with a short plain answer, apart from the API", async () => {
    const statuses = await statusesOf(4, (i) => get(server, "/", { "x-forwarded-for": `203.0.113.${i + 1}` }));
    expect(statuses).toEqual([200, 200, 200, 200]);
    const refused = await fetch(new URL("/", server.baseUrl));
    expect(refused.status).toBe(429);
    expect(refused.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused.text()).toMatch(/Too many requests/);
    expect((await getFrom(new URL("/", server.baseUrl).href, "127.0.0.2")).status).toBe(200);
    expect((await get(server, "/api/health", {})).status).toBe(200);
  });
});

const redis: TestRedis | null = await findTestRedis();
if (!redis) console.warn("rate-limits.test.ts: no Redis on 127.0.0.1:6379 and no redis-server to start; the Redis tests are skipped");

describe.skipIf(!redis)("behind one trusted proxy, with budgets shared through Redis", () => {
  // A prefix of its own, so budgets left by other runs sharing this Redis do not count.
  const prefix = `agora-test-${randomBytes(4).toString("hex")}`;
  let first: RunningServer;
  let second: RunningServer;

  beforeAll(async () => {
    const env = serverEnv({ AGORA_TRUSTED_PROXY_HOPS: "1", REDIS_URL: redis!.url, AGORA_REDIS_PREFIX: prefix });
    [first, second] = await Promise.all([startServer(env), startServer(env)]);
  });

  afterAll(async () => {
    await Promise.all([first?.stop(), second?.stop()]);
    redis?.stop();
  });

  const readPath = () => `/api/v2/users/1/posts`;

  it("reports Redis in the health answer", async () => {
    const health = await fetch(new URL("/api/health", first.baseUrl));
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: "ok", redis: "ok" });
  });

  it("counts the address the proxy appended (rightmost), never the client-chosen leftmost", async () => {
    const key = await newKey();
    const statuses = await statusesOf(6, (i) => get(first, readPath(), { api_key: key, "x-forwarded-for": `203.0.113.${i + 1}, 198.51.100.7` }));
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    // Another client behind the same proxy has a budget of its own.
    expect((await get(first, readPath(), { api_key: key, "x-forwarded-for": "198.51.100.8" })).status).toBe(200);
  });

  it("is one budget across instances", async () => {
    const key = await newKey();
    const headers = { api_key: key, "x-forwarded-for": "198.51.100.20" };
    const statuses = await statusesOf(5, (i) => get(i % 2 === 0 ? first : second, readPath(), headers));
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    expectLimited(await get(second, readPath(), headers), "v2", 5);
    expectLimited(await get(first, readPath(), headers), "v2", 5);
  });
});

describe("with Redis unreachable", () => {
  let server: RunningServer;

  beforeAll(async () => {
    server = await startServer(serverEnv({ REDIS_URL: "redis://127.0.0.1:1", AGORA_REDIS_PREFIX: `agora-test-${randomBytes(4).toString("hex")}` }));
  });

  afterAll(async () => {
    await server?.stop();
  });

  it("answers requests (no 500s), counting budgets in memory, and health says so without failing", async () => {
    const health = await fetch(new URL("/api/health", server.baseUrl));
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: "ok", redis: "unavailable" });
    const key = await newKey();
    const statuses = await statusesOf(6, () => get(server, "/api/v2/users/1/posts", { api_key: key }));
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
