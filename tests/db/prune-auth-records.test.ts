import { randomUUID } from "node:crypto";
import pg from "pg";
import { describe, expect, inject, it } from "vitest";
import { getDb, resolveDatabaseUrl } from "@/lib/db/engine/client";
import { NONCE_RETENTION_MS } from "@/lib/services/wallet-auth";
import { LIVE_EVENT_RETENTION_MS, PRUNE_LOCK_KEY, pruneAuthRecords, TOKEN_RETENTION_MS } from "@/lib/services/maintenance";
import { createTestUser } from "../support/fixtures";

const ago = (ms: number) => new Date(Date.now() - ms);
const DAY = 86_400_000;

describe("pruneAuthRecords", () => {
  it("deletes tokens expired or revoked past the retention and nonces expired past theirs, and keeps the rest", async () => {
    const db = await getDb();
    const user = await createTestUser();
    const tokens = {
      expiredLongAgo: { expiresAt: ago(TOKEN_RETENTION_MS + DAY) },
      revokedLongAgo: { expiresAt: new Date(Date.now() + DAY), revokedAt: ago(TOKEN_RETENTION_MS + DAY) },
      expiredRecently: { expiresAt: ago(DAY) },
      revokedRecently: { expiresAt: new Date(Date.now() + DAY), revokedAt: ago(DAY) },
      live: { expiresAt: new Date(Date.now() + DAY) },
    };
    const ids = Object.fromEntries(Object.keys(tokens).map((name) => [name, randomUUID()]));
    await db.authToken.createMany({ data: Object.entries(tokens).map(([name, fields]) => ({ id: ids[name]!, userId: user.id, ...fields })) });
    const nonce = (expiresAt: Date) => ({ nonce: randomUUID(), address: user.address, walletType: 5, message: "m", expiresAt });
    const oldNonce = nonce(ago(NONCE_RETENTION_MS + 60_000));
    const recentNonce = nonce(ago(60_000));
    await db.walletNonce.createMany({ data: [oldNonce, recentNonce] });

    const pruned = await pruneAuthRecords();
    expect(pruned?.tokens).toBeGreaterThanOrEqual(2);
    expect(pruned?.nonces).toBeGreaterThanOrEqual(1);
    const left = await db.authToken.findMany({ where: { userId: user.id }, select: { id: true } });
    const leftIds = new Set(left.map((row) => row.id));
    expect(leftIds.has(ids.expiredLongAgo!)).toBe(false);
    expect(leftIds.has(ids.revokedLongAgo!)).toBe(false);
    for (const kept of ["expiredRecently", "revokedRecently", "live"]) expect(leftIds.has(ids[kept]!), kept).toBe(true);
    // The token createTestUser issued is live too.
    expect(left).toHaveLength(4);
    const nonces = await db.walletNonce.findMany({ where: { nonce: { in: [oldNonce.nonce, recentNonce.nonce] } }, select: { nonce: true } });
    expect(nonces.map((row) => row.nonce)).toEqual([recentNonce.nonce]);
  });

  it("deletes live events older than a day and keeps newer ones", async () => {
    const db = await getDb();
    const topic = `thread:prune-${randomUUID()}`;
    const old = await db.liveEvent.create({ data: { topic, type: "post", data: {}, createdAt: ago(LIVE_EVENT_RETENTION_MS + 60_000) } });
    const recent = await db.liveEvent.create({ data: { topic, type: "post", data: {}, createdAt: ago(60_000) } });
    expect((await pruneAuthRecords())?.events).toBeGreaterThanOrEqual(1);
    const left = await db.liveEvent.findMany({ where: { topic }, select: { id: true } });
    expect(left.map((row) => row.id)).toEqual([recent.id]);
    expect(left.map((row) => row.id)).not.toContain(old.id);
  });

  // The embedded database is one PostgreSQL session (its locks are that session's), and it
  // refuses a second instance anyway: the lock matters on PostgreSQL only.
  it.skipIf(!inject("databaseUrl"))("does nothing while another instance holds the lock", async () => {
    const db = await getDb();
    const user = await createTestUser();
    const id = randomUUID();
    await db.authToken.create({ data: { id, userId: user.id, expiresAt: ago(TOKEN_RETENTION_MS + DAY) } });
    const other = new pg.Client({ connectionString: await resolveDatabaseUrl() });
    await other.connect();
    try {
      await other.query("BEGIN");
      await other.query("SELECT pg_advisory_xact_lock($1::bigint)", [PRUNE_LOCK_KEY]);
      expect(await pruneAuthRecords()).toBeNull();
      expect(await db.authToken.count({ where: { id } })).toBe(1);
      await other.query("COMMIT");
    } finally {
      await other.end();
    }
    expect((await pruneAuthRecords())?.tokens).toBeGreaterThanOrEqual(1);
    expect(await db.authToken.count({ where: { id } })).toBe(0);
  });
});
