import "server-only";
import { getDb } from "@/lib/db/engine/client";
import type { Tx } from "@/lib/db/engine/transaction";

// A person's email address and its confirmation (contract section 20). The address is users.email;
// it is confirmed while user_email_states.confirmed_address equals it, so changing it (by any path)
// unconfirms it.

export interface EmailStatus {
  address: string | null;
  confirmed: boolean;
}

export interface ConfirmationRecord {
  id: number;
  userId: number;
  username: string;
  /** The address the link was sent to. */
  address: string;
  /** The user's address now (the link confirms only while it is still this one). */
  currentAddress: string | null;
  nonce: string;
  expiresAt: Date;
  usedAt: Date | null;
}

export async function readEmailStatus(userId: number): Promise<EmailStatus> {
  const db = await getDb();
  const rows = await db.$queryRaw<{ email: string | null; confirmed: boolean }[]>`
    SELECT u.email, (s.confirmed_address IS NOT NULL AND s.confirmed_address = u.email) AS confirmed
    FROM users u LEFT JOIN user_email_states s ON s.user_id = u.id WHERE u.id = ${userId}`;
  const row = rows[0];
  return { address: row?.email ?? null, confirmed: row?.confirmed ?? false };
}

/** Sets the address under the user's row lock; answers the address it replaced. */
export async function writeUserEmail(tx: Tx, userId: number, address: string | null): Promise<string | null> {
  const rows = await tx.$queryRaw<{ email: string | null }[]>`SELECT email FROM users WHERE id = ${userId} FOR UPDATE`;
  await tx.user.update({ where: { id: userId }, data: { email: address }, select: { id: true } });
  return rows[0]?.email ?? null;
}

export async function insertEmailConfirmation(
  tx: Tx,
  row: { userId: number; address: string; nonce: string; tokenHash: string; createdAt: Date; expiresAt: Date },
): Promise<number> {
  const created = await tx.emailConfirmation.create({ data: row, select: { id: true } });
  return created.id;
}

const CONFIRMATION_SELECT = {
  id: true,
  userId: true,
  address: true,
  nonce: true,
  expiresAt: true,
  usedAt: true,
  user: { select: { username: true, email: true } },
} as const;

type ConfirmationRow = {
  id: number;
  userId: number;
  address: string;
  nonce: string;
  expiresAt: Date;
  usedAt: Date | null;
  user: { username: string; email: string | null };
};

function toConfirmationRecord(row: ConfirmationRow): ConfirmationRecord {
  const { user, ...rest } = row;
  return { ...rest, username: user.username, currentAddress: user.email };
}

export async function findConfirmationByHash(tokenHash: string): Promise<ConfirmationRecord | null> {
  const db = await getDb();
  const row = await db.emailConfirmation.findUnique({ where: { tokenHash }, select: CONFIRMATION_SELECT });
  return row ? toConfirmationRecord(row) : null;
}

export async function findConfirmation(id: number): Promise<ConfirmationRecord | null> {
  const db = await getDb();
  const row = await db.emailConfirmation.findUnique({ where: { id }, select: CONFIRMATION_SELECT });
  return row ? toConfirmationRecord(row) : null;
}

/**
 * Spends the link and confirms its address, only while the link is unused and unexpired and the
 * user's address is still the one it was sent to (one conditional statement each, so of two clicks
 * one confirms). The first digest covers what happens after the confirmation.
 */
export async function spendConfirmation(tx: Tx, id: number): Promise<boolean> {
  const spent = await tx.$queryRaw<{ user_id: number; address: string }[]>`
    UPDATE email_confirmations c SET used_at = now()
    FROM users u WHERE c.id = ${id} AND u.id = c.user_id AND c.used_at IS NULL AND c.expires_at > now() AND u.email = c.address
    RETURNING c.user_id, c.address`;
  const row = spent[0];
  if (!row) return false;
  await tx.$executeRaw`
    INSERT INTO user_email_states (user_id, confirmed_address, confirmed_at, digest_sent_at) VALUES (${row.user_id}, ${row.address}, now(), now())
    ON CONFLICT (user_id) DO UPDATE SET confirmed_address = excluded.confirmed_address, confirmed_at = now(),
      digest_sent_at = COALESCE(user_email_states.digest_sent_at, now())`;
  return true;
}

/** Links sent in the last `seconds`: resends are limited per person. */
export async function countRecentConfirmations(userId: number, seconds: number): Promise<number> {
  const db = await getDb();
  return db.emailConfirmation.count({ where: { userId, createdAt: { gt: new Date(Date.now() - seconds * 1000) } } });
}
