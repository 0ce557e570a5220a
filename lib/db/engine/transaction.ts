import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { getDb } from "@/lib/db/engine/client";

export type Tx = Prisma.TransactionClient;

export interface TransactionOptions {
  /**
   * Runs `work` again (up to three times in all) when PostgreSQL aborts it to break a deadlock or a
   * serialization conflict. Only for work that does nothing outside the database, as a rerun starts
   * from nothing and reads everything again.
   */
  retryConflicts?: boolean;
}

const ATTEMPTS = 3;

/** Every write that touches several rows runs through here, so it lands whole or not at all. */
export async function inTransaction<T>(work: (tx: Tx) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
  const db = await getDb();
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.$transaction(work, { maxWait: 10_000, timeout: 20_000 });
    } catch (error) {
      if (!options.retryConflicts || attempt === ATTEMPTS || !isWriteConflict(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * attempt));
    }
  }
}

export function isUniqueViolation(error: unknown, field?: string): boolean {
  const candidate = error as { code?: string; meta?: { target?: unknown; driverAdapterError?: unknown } } | null;
  if (candidate?.code !== "P2002") return false;
  if (!field) return true;
  return JSON.stringify(candidate.meta ?? {}).includes(field);
}

/** A deadlock (40P01) or serialization failure (40001), as Prisma's driver adapter reports either. */
export function isWriteConflict(error: unknown): boolean {
  const candidate = error as { code?: string; meta?: unknown; cause?: unknown } | null;
  if (candidate?.code === "P2034" || candidate?.code === "40P01" || candidate?.code === "40001") return true;
  return /TransactionWriteConflict|40P01|40001/.test(JSON.stringify(candidate?.meta ?? {}));
}
