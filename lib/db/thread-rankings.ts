import "server-only";
import { getDb } from "@/lib/db/engine/client";

/** Rankings moved on per statement: each is its own short transaction, so writers wait little. */
const REFRESH_BATCH = 2_000;

/**
 * Moves every thread's top and hot sums made before today (UTC) on to today's windows
 * (`agora_refresh_thread_rankings`, prisma/derived/thread-rankings.sql), a batch per statement,
 * and answers how many rows moved. Rows a writer moves meanwhile are left as the writer made them.
 */
export async function refreshPastThreadRankings(): Promise<number> {
  const db = await getDb();
  let total = 0;
  for (;;) {
    const [row] = await db.$queryRaw<{ moved: number }[]>`SELECT agora_refresh_thread_rankings(${REFRESH_BATCH}::int) AS moved`;
    const moved = row?.moved ?? 0;
    total += moved;
    if (moved < REFRESH_BATCH) return total;
  }
}
