import "server-only";
import { getDb, getPool } from "@/lib/db/engine/client";

// Issued user tokens (auth_tokens): one row per token id (the JWT's jti), so that logout revokes it.

export async function insertAuthToken(token: { id: string; userId: number; expiresAt: Date }): Promise<void> {
  const db = await getDb();
  await db.authToken.create({ data: token, select: { id: true } });
}

/** Whose the token is and whether it was revoked; null for an id never issued. */
export async function findAuthTokenState(id: string): Promise<{ userId: number; revoked: boolean } | null> {
  // Every signed-in request asks this: one plain statement on the pool, not an ORM call.
  const pool = await getPool();
  const { rows } = await pool.query<{ user_id: number; revoked: boolean }>("SELECT user_id, revoked_at IS NOT NULL AS revoked FROM auth_tokens WHERE id = $1", [
    id,
  ]);
  const row = rows[0];
  return row ? { userId: row.user_id, revoked: row.revoked } : null;
}

export async function revokeAuthToken(id: string): Promise<void> {
  const db = await getDb();
  await db.authToken.updateMany({ where: { id, revokedAt: null }, data: { revokedAt: new Date() } });
}
