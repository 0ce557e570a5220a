import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { getDb } from "@/lib/db/engine/client";

export type Tx = Prisma.TransactionClient;

/** Every write that touches several rows runs through here, so it lands whole or not at all. */
export async function inTransaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
  const db = await getDb();
  return db.$transaction(work, { maxWait: 10_000, timeout: 20_000 });
}

export function isUniqueViolation(error: unknown, field?: string): boolean {
  const candidate = error as { code?: string; meta?: { target?: unknown; driverAdapterError?: unknown } } | null;
  if (candidate?.code !== "P2002") return false;
  if (!field) return true;
  return JSON.stringify(candidate.meta ?? {}).includes(field);
}
