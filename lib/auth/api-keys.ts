import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { LRUCache } from "lru-cache";
import { findApiKeyByHash, insertApiKey, listApiKeyRecords, markApiKeyUsed, revokeApiKeyRecord, type ApiKeyRecord } from "@/lib/db/api-keys";
import { getEnv } from "@/lib/env";
import { resource } from "@/lib/runtime/registry";

const KEY_PREFIX = "agora_";

export function hashApiKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

/** A new key: returned once to the operator, stored only as its hash. */
export async function createApiKey(label: string): Promise<{ key: string; id: number }> {
  const key = KEY_PREFIX + randomBytes(24).toString("base64url");
  const id = await insertApiKey({ label, keyHash: hashApiKey(key), prefix: key.slice(0, KEY_PREFIX.length + 6) });
  return { key, id };
}

export function listApiKeys(): Promise<ApiKeyRecord[]> {
  return listApiKeyRecords();
}

/** Revokes by the key itself or by its numeric id; false when nothing matched. */
export async function revokeApiKey(keyOrId: string): Promise<boolean> {
  const which = /^\d+$/.test(keyOrId) ? { id: Number(keyOrId) } : { keyHash: hashApiKey(keyOrId) };
  const revoked = await revokeApiKeyRecord(which);
  // This process stops honouring it at once (the admin page's revoke); others within their recheck window.
  const known = knownKeys();
  if (revoked && known)
    for (const [keyHash, entry] of known.entries()) if ("id" in which ? entry.id === which.id : keyHash === which.keyHash) known.delete(keyHash);
  return revoked;
}

// Touching last_used_at on every request would turn each read into a write.
const LAST_USED_RESOLUTION_MS = 60_000;
// A valid key is looked up once per AGORA_API_KEY_RECHECK_SECONDS per process rather than on every
// request (the lookup was a statement on every API call); a revoked key stops working within that
// window everywhere. Unknown keys are never kept: each one is looked up.
function knownKeys(): LRUCache<string, { id: number }> | null {
  return resource("auth.known-keys", () => {
    const seconds = getEnv().AGORA_API_KEY_RECHECK_SECONDS;
    return seconds === 0 ? null : new LRUCache<string, { id: number }>({ max: 10_000, ttl: seconds * 1000 });
  });
}

async function lookUpActiveKey(keyHash: string): Promise<{ id: number } | null> {
  const row = await findApiKeyByHash(keyHash);
  if (!row || row.revokedAt) return null;
  const now = Date.now();
  if (!row.lastUsedAt || now - row.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) await markApiKeyUsed(row.id, new Date(now));
  return { id: row.id };
}

export async function findActiveApiKey(key: string): Promise<{ id: number } | null> {
  const keyHash = hashApiKey(key);
  const known = knownKeys()?.get(keyHash);
  if (known) return known;
  const found = await lookUpActiveKey(keyHash);
  if (found) knownKeys()?.set(keyHash, found);
  return found;
}
