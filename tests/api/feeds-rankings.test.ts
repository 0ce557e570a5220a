import { beforeAll, describe, expect, it } from "vitest";
import { inTransaction } from "@/lib/db/engine/transaction";
import { getDb } from "@/lib/db/engine/client";
import { refreshThreadRankingsJob } from "@/lib/jobs/refresh-thread-rankings";
import { expectOk, postAs } from "../support/community-helpers";
import { feedIds } from "../support/feed-helpers";
import { createTestUser, type TestUser } from "../support/fixtures";
import { runPeriodicJobOnce } from "../support/job-runs";
import { createNamedGroup, createPostOverHttp, createThreadOverHttp } from "../support/thread-helpers";

// The top and hot feeds walk thread_rankings (prisma/derived/thread-rankings.sql): every write of a
// thread's activity sums its windows again, and the refresh-thread-rankings job moves the windows
// on once a UTC day ends. The day's end is played by moving a thread's activity and its ranking
// back a day with the derived triggers off for that one transaction, as if the night had passed.

interface RankingRow {
  day_score: number;
  week_score: number;
  as_of: string;
}

async function rankingOf(threadId: number): Promise<RankingRow | undefined> {
  const db = await getDb();
  const [row] = await db.$queryRaw<RankingRow[]>`SELECT day_score, week_score, as_of::text FROM thread_rankings WHERE thread_id = ${threadId}`;
  return row;
}

/** As if a UTC day had passed since the thread's activity was summed. */
async function passADay(threadId: number): Promise<void> {
  await inTransaction(async (tx) => {
    await tx.$executeRaw`SET LOCAL session_replication_role = replica`;
    await tx.$executeRaw`UPDATE thread_activity SET day = day - 1 WHERE thread_id = ${threadId}`;
    await tx.$executeRaw`UPDATE thread_rankings SET as_of = as_of - 1 WHERE thread_id = ${threadId}`;
  });
}

describe("top and hot rankings", () => {
  let owner: TestUser;
  let reader: TestUser;

  beforeAll(async () => {
    [owner, reader] = await Promise.all([createTestUser(), createTestUser()]);
  });

  it("each post and like moves its thread's sums at once; an idle thread has no ranking", async () => {
    const own = await createNamedGroup(owner);
    const thread = await createThreadOverHttp(owner, own.id);
    expect(await rankingOf(thread.id)).toMatchObject({ day_score: 1, week_score: 1 });
    await createPostOverHttp(reader, thread.id, "A reply");
    expectOk(await postAs(reader, `/api/v2/posts/${thread.first_post_id}/like`));
    expect(await rankingOf(thread.id)).toMatchObject({ day_score: 3, week_score: 3 });
    expectOk(await postAs(reader, `/api/v2/posts/${thread.first_post_id}/unlike`));
    expect(await rankingOf(thread.id)).toMatchObject({ day_score: 2, week_score: 2 });
    // Activity older than a year counts in no window: the row goes.
    const db = await getDb();
    await db.$executeRaw`UPDATE thread_activity SET day = day - 400 WHERE thread_id = ${thread.id}`;
    expect(await rankingOf(thread.id)).toBeUndefined();
    expect(await feedIds(reader, { filter: "top", period: "year", group_id: own.id })).toEqual([]);
  });

  it("when a day ends, the job moves the windows on: yesterday leaves the day and stays in the week", async () => {
    const own = await createNamedGroup(owner);
    const thread = await createThreadOverHttp(owner, own.id);
    const other = await createThreadOverHttp(owner, own.id);
    await createPostOverHttp(reader, thread.id, "Busy yesterday");
    await passADay(thread.id);
    const db = await getDb();
    const today = (await db.$queryRaw<{ d: string }[]>`SELECT ((now() AT TIME ZONE 'UTC')::date)::text AS d`)[0]!.d;
    await runPeriodicJobOnce({ ...refreshThreadRankingsJob, name: "test-refresh-thread-rankings" }, async () => (await rankingOf(thread.id))?.as_of === today);
    expect(await rankingOf(thread.id)).toMatchObject({ day_score: 0, week_score: 2 });
    expect(await feedIds(reader, { filter: "top", period: "day", group_id: own.id })).toEqual([other.id]);
    expect(await feedIds(reader, { filter: "top", period: "week", group_id: own.id })).toEqual([thread.id, other.id]);
    expect(await feedIds(reader, { filter: "hot", group_id: own.id })).toEqual([thread.id, other.id]);
  });
});
