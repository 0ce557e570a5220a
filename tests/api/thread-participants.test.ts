import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/engine/client";
import { createTestUser } from "../support/fixtures";
import { createNamedGroup, createPostOverHttp, createThreadOverHttp, getThreadOverHttp } from "../support/thread-helpers";

// The thread record's `participant` is a counter the writes keep (thread_participants), not a
// COUNT(DISTINCT) per read: it must stay exact when people post at once and post again.

describe("participants of a thread", () => {
  it("counts each poster once, however many posts they write at once", async () => {
    const owner = await createTestUser();
    const group = await createNamedGroup(owner);
    const thread = await createThreadOverHttp(owner, group.id);
    const posters = await Promise.all(Array.from({ length: 12 }, () => createTestUser()));
    // Everyone posts three times in parallel, the owner too.
    await Promise.all([...posters, owner].flatMap((user) => [1, 2, 3].map((n) => createPostOverHttp(user, thread.id, `Post ${n}`))));

    const read = await getThreadOverHttp(thread.id, { group_name: group.name });
    expect(read.body.data.thread.participant).toBe(13);
    const db = await getDb();
    const [row] = await db.$queryRaw<{ distinct_posters: number }[]>`
      SELECT COUNT(DISTINCT user_id)::int AS distinct_posters FROM posts WHERE thread_id = ${thread.id}`;
    expect(row?.distinct_posters).toBe(13);
    const stored = await db.thread.findUniqueOrThrow({ where: { id: thread.id }, select: { participantsCount: true } });
    expect(stored.participantsCount).toBe(13);
  });
});
