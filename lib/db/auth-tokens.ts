import "server-only";
import { getDb, getPool } from "@/lib/db/engine/client";
import { statement } from "@/lib/db/engine/statements";

// Issued user tokens (auth_tokens): one row per token id (the JWT's jti), so that logout revokes it.

export async function insertAuthToken(token: { id: string; userId: number; expiresAt: Date }): Promise<void> {
  const db = await getDb();
  await db.authToken.create({ data: token, select: { id: true } });
}

/** A token as a signed-in request needs it: whose it is, whether it was revoked, and the name and photo a session shows. */
export interface AuthTokenHolder {
  userId: number;
  revoked: boolean;
  username: string;
  photoUrl: string;
  /** users.dark_mode: the theme their pages follow (contract section 17). */
  darkMode: number;
}

/** Null for an id never issued (or pruned). */
export async function findAuthTokenHolder(id: string): Promise<AuthTokenHolder | null> {
  // Asked by signed-in requests whenever their kept check has lapsed: one plain statement on the pool, not an ORM call.
  const pool = await getPool();
  const { rows } = await pool.query<{ user_id: number; revoked: boolean; username: string; photo_url: string; dark_mode: number }>(
    statement(
      // A suspended account's tokens are revoked with it; one issued by a sign-in racing the suspension is refused too.
      "SELECT t.user_id, t.revoked_at IS NOT NULL OR u.activate = 0 AS revoked, u.username, u.photo_url, u.dark_mode FROM auth_tokens t JOIN users u ON u.id = t.user_id WHERE t.id = $1",
      [id],
    ),
  );
  const row = rows[0];
  return row ? { userId: row.user_id, revoked: row.revoked, username: row.username, photoUrl: row.photo_url, darkMode: row.dark_mode } : null;
}

export async function revokeAuthToken(id: string): Promise<void> {
  const db = await getDb();
  await db.authToken.updateMany({ where: { id, revokedAt: null }, data: { revokedAt: new Date() } });
}
