import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/engine/client";
import type { TagDto } from "@/lib/schemas/tag-schemas";
import type { ThreadDto } from "@/lib/schemas/thread-schemas";
import { createCast, expectOk, postAs, type Cast } from "../support/community-helpers";
import { uniqueName } from "../support/fixtures";
import { textDelta } from "../support/thread-helpers";

// Contract section 18 under concurrency: admins deleting and renaming tags while authors retag their
// threads take the same rows in opposite directions (a tag's threads, a thread's tags), and each
// thread edit drops the group's cached hot threads while others read them. Every request ends in
// an answer (never a 500), and the counts equal the links left.

let cast: Cast;

async function makeTag(name: string): Promise<TagDto> {
  const response = await postAs<{ tag: TagDto }>(cast.owner, `/api/v2/groups/${cast.group.id}/tags`, { name });
  expectOk(response);
  return response.body.data.tag;
}

async function makeThread(tags: TagDto[]): Promise<ThreadDto> {
  const response = await postAs<{ thread: ThreadDto }>(cast.author, `/api/v2/groups/${cast.group.id}/threads/create`, {
    title: uniqueName("Raced"),
    content: textDelta("Body"),
    tags: tags.map((tag) => tag.id).join(","),
  });
  expectOk(response);
  return response.body.data.thread;
}

beforeAll(async () => {
  cast = await createCast();
});

describe("tag writes racing thread retags", () => {
  it("answers every request without a 500, and each tag counts exactly its live threads", async () => {
    const statuses: number[] = [];
    for (let round = 0; round < 4; round++) {
      const doomed = await makeTag(uniqueName("doomed").slice(0, 28));
      const kept = await makeTag(uniqueName("kept").slice(0, 28));
      const threads = await Promise.all(Array.from({ length: 6 }, () => makeThread([doomed, kept])));
      const retags = threads.flatMap((thread, index) => [
        postAs(cast.author, `/api/v2/threads/${thread.id}/edit`, { tags: index % 2 ? `${kept.id}` : `${doomed.id}` }),
        postAs(cast.author, `/api/v2/threads/${thread.id}/edit`, { tags: `${doomed.id},${kept.id}` }),
      ]);
      const admin = [
        postAs(cast.owner, `/api/v2/groups/${cast.group.id}/tags/${kept.id}/edit`, { name: uniqueName("renamed").slice(0, 28) }),
        postAs(cast.owner, `/api/v2/groups/${cast.group.id}/tags/${doomed.id}/delete`),
      ];
      const answers = await Promise.all([...admin, ...retags]);
      statuses.push(...answers.map((answer) => answer.status));
      // A retag that came after the deletion is refused as naming a tag no longer there.
      for (const answer of answers.slice(2)) if (answer.status !== 200) expect(Number(answer.body.code)).toBe(40000);
      expectOk(answers[1]!);
    }
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    const db = await getDb();
    const drift = await db.$queryRaw<{ id: number }[]>`
      SELECT t.id FROM tags t
      WHERE t.group_id = ${cast.group.id}
        AND t.thread_count <> (SELECT count(*) FROM thread_tags tt JOIN threads th ON th.id = tt.thread_id WHERE tt.tag_id = t.id AND th.is_delete = 0)`;
    expect(drift).toEqual([]);
  });
});
