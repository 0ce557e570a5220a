import "server-only";
import { getDb } from "@/lib/db/engine/client";
import type { Tx } from "@/lib/db/engine/transaction";

// Contract section 20: a site admin's suspension of an account (users.activate 0), and the site
// admin flag itself (users.super_admin).

export interface AccountStanding {
  userId: number;
  active: boolean;
  /** When a suspension for some days ends; null while active or until lifted. */
  suspendedUntil: Date | null;
  suspendReason: string;
  superAdmin: boolean;
}

const STANDING_SELECT = { id: true, activate: true, suspendedUntil: true, suspendReason: true, superAdmin: true } as const;

function readStanding(row: { id: number; activate: number; suspendedUntil: Date | null; suspendReason: string; superAdmin: number }): AccountStanding {
  return { userId: row.id, active: row.activate === 1, suspendedUntil: row.suspendedUntil, suspendReason: row.suspendReason, superAdmin: row.superAdmin > 0 };
}

export async function findAccountStanding(userId: number, tx?: Tx): Promise<AccountStanding | null> {
  const db = tx ?? (await getDb());
  const row = await db.user.findUnique({ where: { id: userId }, select: STANDING_SELECT });
  return row ? readStanding(row) : null;
}

/** Suspends the account and revokes every token it holds (sessions included: they stand on one). */
export async function writeSuspension(tx: Tx, userId: number, suspension: { until: Date | null; reason: string }): Promise<void> {
  await tx.user.update({
    where: { id: userId },
    data: { activate: 0, suspendedUntil: suspension.until, suspendReason: suspension.reason },
    select: { id: true },
  });
  await tx.authToken.updateMany({ where: { userId, revokedAt: null }, data: { revokedAt: new Date() } });
}

/** Lifts a suspension; the tokens it revoked stay revoked. */
export async function clearSuspension(tx: Tx, userId: number): Promise<void> {
  await tx.user.update({ where: { id: userId }, data: { activate: 1, suspendedUntil: null, suspendReason: "" }, select: { id: true } });
}

/** Lifts the account's suspension if its time ran out; whether it did. */
export async function clearLapsedSuspension(userId: number): Promise<boolean> {
  const db = await getDb();
  const { count } = await db.user.updateMany({
    where: { id: userId, activate: 0, suspendedUntil: { lte: new Date() } },
    data: { activate: 1, suspendedUntil: null, suspendReason: "" },
  });
  return count > 0;
}

/** Whether the user exists (and so was changed). */
export async function writeSuperAdmin(userId: number, on: boolean): Promise<boolean> {
  const db = await getDb();
  const { count } = await db.user.updateMany({ where: { id: userId }, data: { superAdmin: on ? 1 : 0 } });
  return count > 0;
}
