import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it, vi } from "vitest";
import { findTestRedis } from "../../tests/support/test-redis";

// The shared tier needs a real Redis: the one on 6379 (or a throwaway redis-server), under a
// prefix of this run's own. Set before anything reads the environment.
const redis = await findTestRedis();
if (redis) {
  process.env.REDIS_URL = redis.url;
  process.env.AGORA_REDIS_PREFIX = `agora-unit-${randomBytes(4).toString("hex")}`;
} else console.warn("versioned-cache.test.ts: no Redis on 127.0.0.1:6379 and no redis-server to start; the shared tier is not tested");

const { createVersionedCache } = await import("@/lib/cache/versioned-cache");
const { getRedis } = await import("@/lib/redis");
const { stopAll } = await import("@/lib/runtime/registry");

afterAll(async () => {
  await stopAll();
  redis?.stop();
});

let names = 0;
const uniqueName = () => `test-${(names += 1)}`;

interface Answer {
  body: string;
  n: number;
}

function counted(body: string) {
  let runs = 0;
  const build = async () => {
    runs += 1;
    await new Promise((resolve) => setTimeout(resolve, 10));
    return { body, n: runs };
  };
  return { build, runs: () => runs };
}

describe("createVersionedCache", () => {
  it("answers a kept value only under its version, and builds once for the callers that ask together", async () => {
    const cache = createVersionedCache<Answer>({ name: uniqueName(), max: 10, ttlMs: 60_000 });
    const { build, runs } = counted("a");
    const [first, second, other] = await Promise.all([cache.lookup("k", "v1", build), cache.lookup("k", "v1", build), cache.lookup("k", "v2", build)]);
    expect([first.source, second.source]).toEqual(["built", "joined"]);
    expect(second.value).toBe(first.value);
    expect(other.source).toBe("built");
    expect(runs()).toBe(2);
    // The last build kept wins the key: v2 is kept, v1 is built again.
    expect(await cache.lookup("k", "v2", build)).toMatchObject({ source: "kept" });
    expect(cache.find("k", "v1")).toBeNull();
    expect(await cache.getOrBuild("k", "v1", build)).toEqual({ body: "a", n: 3 });
  });

  it("is one store per name, whichever module made it", () => {
    const name = uniqueName();
    const one = createVersionedCache<Answer>({ name, max: 10, ttlMs: 60_000 });
    const two = createVersionedCache<Answer>({ name, max: 10, ttlMs: 60_000 });
    one.keep("k", "v", { body: "kept", n: 1 });
    expect(two.find("k", "v")).toEqual({ body: "kept", n: 1 });
  });

  it("keeps nothing with no room (maxBytes 0): every read builds, alone", async () => {
    const maxBytes = vi.fn(() => 0);
    const cache = createVersionedCache<Answer>({ name: uniqueName(), maxBytes, sizeOf: (value) => value.body.length, ttlMs: 60_000 });
    expect(cache.enabled).toBe(false);
    const { build, runs } = counted("a");
    const answers = await Promise.all([cache.lookup("k", "v", build), cache.lookup("k", "v", build)]);
    expect(answers.map((answer) => answer.source)).toEqual(["built", "built"]);
    expect(runs()).toBe(2);
    cache.keep("k", "v", { body: "x", n: 0 });
    expect(cache.find("k", "v")).toBeNull();
    expect(maxBytes).toHaveBeenCalledTimes(1);
  });

  it("weighs values against maxBytes, and keeps only what `keeps` accepts", async () => {
    const cache = createVersionedCache<Answer>({
      name: uniqueName(),
      maxBytes: 100,
      sizeOf: (value) => value.body.length,
      ttlMs: 60_000,
      keeps: (value) => !value.body.startsWith("private"),
    });
    expect(cache.enabled).toBe(true);
    await cache.getOrBuild("one", "v", async () => ({ body: "x".repeat(60), n: 1 }));
    await cache.getOrBuild("two", "v", async () => ({ body: "y".repeat(60), n: 2 }));
    expect(cache.find("one", "v")).toBeNull();
    expect(cache.find("two", "v")).not.toBeNull();
    expect(await cache.getOrBuild("mine", "v", async () => ({ body: "private", n: 3 }))).toEqual({ body: "private", n: 3 });
    expect(cache.find("mine", "v")).toBeNull();
  });

  it("shares a failed build with the callers that joined it, then builds again", async () => {
    const cache = createVersionedCache<Answer>({ name: uniqueName(), max: 10, ttlMs: 60_000 });
    const failing = cache.getOrBuild("k", "v", () => Promise.reject(new Error("down")));
    const joined = cache.getOrBuild("k", "v", async () => ({ body: "never", n: 0 }));
    await expect(failing).rejects.toThrow("down");
    await expect(joined).rejects.toThrow("down");
    expect(await cache.getOrBuild("k", "v", async () => ({ body: "up", n: 1 }))).toEqual({ body: "up", n: 1 });
  });
});

describe.skipIf(!redis)("createVersionedCache's shared tier", () => {
  const codec = {
    space: `unit-${randomBytes(3).toString("hex")}`,
    encode: (value: Answer) => ({ head: [value.n], body: value.body }),
    decode: (head: unknown[], body: string) => (typeof head[0] === "number" ? { body, n: head[0] } : null),
  };
  // Two instances: a store each, one Redis.
  const instance = (ttlMs = 30_000) => createVersionedCache<Answer>({ name: uniqueName(), max: 100, ttlMs, shared: codec });

  async function redisReady(): Promise<void> {
    const client = getRedis()!;
    for (let i = 0; i < 50 && client.status !== "ready"; i++) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(client.status).toBe("ready");
  }

  it("takes another instance's value only for the version it has just read itself", async () => {
    await redisReady();
    const [first, second] = [instance(), instance()];
    const built = await first.lookup("thread 1", "v1", async () => ({ body: "the answer\nwith lines", n: 7 }));
    expect(built.source).toBe("built");
    // The share is sent without waiting; the next read goes after it on the same connection.
    const build = vi.fn(async () => ({ body: "built again", n: 0 }));
    const taken = await second.lookup("thread 1", "v1", build);
    expect(taken).toEqual({ value: { body: "the answer\nwith lines", n: 7 }, source: "shared" });
    expect(build).not.toHaveBeenCalled();
    expect(second.find("thread 1", "v1")).toEqual(taken.value);
    // After a write the version moved: the shared value is not taken.
    expect(await second.lookup("thread 1", "v2", build)).toEqual({ value: { body: "built again", n: 0 }, source: "built" });
  });

  it("does not take a shared value older than the lifetime, counted from when it was built", async () => {
    await redisReady();
    const [first, second] = [instance(1_000), instance(1_000)];
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(Date.now() - 5_000);
      await first.getOrBuild("group 1", "v1", async () => ({ body: "old", n: 1 }));
      vi.useRealTimers();
      // Still in Redis (its expiry runs on Redis's clock), but built longer ago than the lifetime.
      expect(await second.lookup("group 1", "v1", async () => ({ body: "fresh", n: 2 }))).toMatchObject({ source: "built", value: { body: "fresh" } });
    } finally {
      vi.useRealTimers();
    }
  });
});
