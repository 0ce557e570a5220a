import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createEvmTestWallet } from "@/lib/auth/wallet/test-wallets";
import { getDb } from "@/lib/db/engine/client";
import { listMigrations } from "@/lib/db/engine/migrate";
import { expectedError } from "../support/api-client";
import { uniqueName } from "../support/fixtures";
import { startServer, type RunningServer } from "../support/server-process";

// Contract section 16: health, the purse register budget and SIGTERM, over real HTTP.

describe("GET /api/health", () => {
  it("reports the database and the migrations, with no API key", async () => {
    const response = await fetch(new URL("/api/health", inject("baseUrl")));
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({
      status: "ok",
      database: "ok",
      migrations: { status: "ok", applied: listMigrations().length, pending: 0, failed: 0 },
      replica: null,
      redis: null,
    });
  });

  it("answers 503 while a migration is recorded as failed", async () => {
    const db = await getDb();
    const id = crypto.randomUUID();
    await db.$executeRaw`
      INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, applied_steps_count)
      VALUES (${id}, 'test', '29991231000000_failed_half_way', now(), 0)`;
    try {
      const response = await fetch(new URL("/api/health", inject("baseUrl")));
      expect(response.status).toBe(503);
      expect(await response.json()).toMatchObject({ status: "unavailable", database: "ok", migrations: { status: "failed", failed: 1 } });
    } finally {
      await db.$executeRaw`DELETE FROM "_prisma_migrations" WHERE id = ${id}`;
    }
    expect((await fetch(new URL("/api/health", inject("baseUrl")))).status).toBe(200);
  });
});

describe("a second instance: purse register budget and graceful shutdown", () => {
  let instance: RunningServer;
  const headers = () => ({ api_key: inject("apiKey"), "content-type": "application/json" });

  beforeAll(async () => {
    instance = await startServer({
      AGORA_DATA_DIR: inject("dataDir"),
      DATABASE_URL: inject("databaseUrl"),
      LOG_LEVEL: "info",
      AGORA_RATE_LIMIT_PER_MINUTE: "100000",
      AGORA_PURSE_REGISTER_PER_MINUTE: "2",
      AGORA_MIGRATE_ON_START: "0",
    });
  });

  afterAll(async () => {
    await instance?.stop();
  });

  it("limits purse register per client far below reads: 429 / 42900 with Retry-After, and nothing is created", async () => {
    const usernames = [uniqueName("p1"), uniqueName("p2"), uniqueName("p3")];
    const statuses: number[] = [];
    let last: Response | undefined;
    for (const username of usernames) {
      last = await fetch(`${instance.baseUrl}/api/v2/purse/register`, {
        method: "POST",
        headers: headers(),
        body: JSON.stringify({ web3_public_key: createEvmTestWallet().checksumAddress, username }),
      });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([200, 200, 429]);
    expect(Number(last!.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await last!.json()).toMatchObject(expectedError("v2", 42900));
    expect(await (await getDb()).user.count({ where: { username: usernames[2] } })).toBe(0);
    // Reads keep their own, larger budget.
    expect((await fetch(`${instance.baseUrl}/api/v2/groups/1`, { headers: headers() })).status).not.toBe(429);
  });

  it("on SIGTERM finishes the requests in flight, refuses new ones, closes the database and exits 0", async () => {
    const pages = Array.from({ length: 12 }, () =>
      fetch(`${instance.baseUrl}/`).then(async (response) => ({ status: response.status, body: await response.text(), at: Date.now() })),
    );
    // Signal once the first page is out: the other requests are in flight by then.
    const first = await Promise.race(pages);
    const signalledAt = Date.now();
    const exitCode = instance.stop();
    const results = await Promise.allSettled(pages);
    const answered = results.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
    expect(answered).toHaveLength(results.length);
    for (const page of answered) {
      expect(page.status).toBe(200);
      expect(page.body.trimEnd()).toMatch(/<\/html>$/);
    }
    expect(answered.filter((page) => page.at >= signalledAt).length, `first answered at ${first.at}`).toBeGreaterThan(0);
    expect(await exitCode).toBe(0);
    await expect(fetch(`${instance.baseUrl}/api/health`)).rejects.toThrow();
    expect(instance.logs()).toMatch(/shutting down/);
    expect(instance.logs()).not.toMatch(/closing the database failed|still in flight at the shutdown limit/);
  });
});
