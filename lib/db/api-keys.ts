import "server-only";
import { getDb } from "@/lib/db/engine/client";

// API keys (api_keys): stored by the hash of the key, which is shown once and never kept.

export interface ApiKeyRecord {
  id: number;
  label: string;
  /** The key's first characters, to tell keys apart in a list. */
  prefix: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

export async function insertApiKey(key: { label: string; keyHash: string; prefix: string }): Promise<number> {
  const db = await getDb();
  const { id } = await db.apiKey.create({ data: key, select: { id: true } });
  return id;
}

export async function listApiKeyRecords(): Promise<ApiKeyRecord[]> {
  const db = await getDb();
  return db.apiKey.findMany({
    select: { id: true, label: true, prefix: true, createdAt: true, lastUsedAt: true, revokedAt: true },
    orderBy: { id: "asc" },
  });
}

/** Revokes the live key with this id or hash: false when none matched. */
export async function revokeApiKeyRecord(which: { id: number } | { keyHash: string }): Promise<boolean> {
  const db = await getDb();
  const { count } = await db.apiKey.updateMany({ where: { ...which, revokedAt: null }, data: { revokedAt: new Date() } });
  return count > 0;
}

export async function findApiKeyByHash(keyHash: string): Promise<{ id: number; revokedAt: Date | null; lastUsedAt: Date | null } | null> {
  const db = await getDb();
  return db.apiKey.findUnique({ where: { keyHash }, select: { id: true, revokedAt: true, lastUsedAt: true } });
}

export async function markApiKeyUsed(id: number, at: Date): Promise<void> {
  const db = await getDb();
  await db.apiKey.update({ where: { id }, data: { lastUsedAt: at }, select: { id: true } });
}
