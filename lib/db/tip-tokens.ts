import "server-only";
import { z } from "zod";
import { getDb } from "@/lib/db/engine/client";
import type { Tx } from "@/lib/db/engine/transaction";
import { TipTokenSchema, type TipToken } from "@/lib/schemas/tip-schemas";

// A group's tip tokens (contract section 19), stored as JSON on its row (groups.tip_tokens): a
// change is a groups update, so it moves the group's read version as every setting does.

export type { TipToken };

const StoredTipTokens = z.array(z.unknown());

/** The stored JSON as tokens; an entry that does not parse (written by hand) is left out. */
export function parseTipTokens(stored: unknown): TipToken[] {
  const entries = StoredTipTokens.safeParse(stored);
  if (!entries.success) return [];
  return entries.data.flatMap((entry) => {
    const token = TipTokenSchema.safeParse(entry);
    return token.success ? [token.data] : [];
  });
}

export async function readTipTokens(groupId: number, tx?: Tx): Promise<TipToken[] | null> {
  const db = tx ?? (await getDb());
  const row = await db.group.findUnique({ where: { id: groupId }, select: { tipTokens: true } });
  return row ? parseTipTokens(row.tipTokens) : null;
}

export async function writeTipTokens(tx: Tx, groupId: number, tokens: readonly TipToken[]): Promise<void> {
  await tx.group.update({ where: { id: groupId }, data: { tipTokens: tokens as unknown as object[] }, select: { id: true } });
}
