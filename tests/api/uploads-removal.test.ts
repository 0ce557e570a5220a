import { setTimeout as sleep } from "node:timers/promises";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/engine/client";
import { inTransaction } from "@/lib/db/engine/transaction";
import { enqueueInTransaction } from "@/lib/jobs/queue/enqueue";
import { CreatePostResponseSchema } from "@/lib/schemas/post-schemas";
import { call } from "../support/api-client";
import { createTestUser, type TestUser } from "../support/fixtures";
import { createNamedGroup, createThreadOverHttp, getThreadOverHttp, textDelta } from "../support/thread-helpers";
import { fetchFile, isStored, makePng, uploadOk } from "../support/upload-helpers";

// Contract section 15: deleting an upload. A post that used it keeps a marker (its page shows a
// placeholder), and content shared by several uploads goes from storage only when no row names
// it, even while another upload of the same bytes is being stored at that very moment; a job written
// with the removal removes the file if the request could not.

type Group = { id: number; name: string };

describe("deleting uploads", () => {
  let owner: TestUser;
  let member: TestUser;
  let group: Group;

  beforeAll(async () => {
    owner = await createTestUser();
    member = await createTestUser();
    group = await createNamedGroup(owner);
  });

  it("a deleted attached upload leaves get thread and its content, and cannot be deleted twice", async () => {
    const kept = await uploadOk(member, await makePng(14, 9), "kept.png", { group_id: group.id });
    const gone = await uploadOk(member, await makePng(15, 9), "gone.png", { group_id: group.id });
    const thread = await createThreadOverHttp(member, group.id);
    const posted = await call("POST", `/api/v2/threads/${thread.id}/posts/create`, {
      token: member.token,
      body: { content: textDelta("two files"), file_attachments: `${kept.id},${gone.id}` },
    });
    expect(posted.status).toBe(200);
    expect((await call("POST", `/api/v2/uploads/${gone.id}/delete`, { token: member.token })).status).toBe(200);

    const postId = CreatePostResponseSchema.parse(posted.body.data).post.id;
    const read = JSON.stringify((await getThreadOverHttp(thread.id, { group_name: group.name, sort: "new", page_size: 50 })).body.data.thread);
    expect(read).toContain(`{"id":${kept.id},"post_id":${postId},"url":"${kept.url}"}`);
    expect(read).not.toContain(gone.url);
    expect((await call("GET", `/api/v2/uploads/${gone.id}`, { token: member.token })).status).toBe(404);
    expect((await call("POST", `/api/v2/uploads/${gone.id}/delete`, { token: member.token })).status).toBe(404);
    expect((await fetchFile(gone)).status).toBe(404);
    expect(isStored(gone)).toBe(false);
    // The marker the page's placeholder is drawn from: the row stays, naming no content.
    const marker = await (await getDb()).attachment.findUnique({ where: { id: gone.id }, select: { sha256: true, removedAt: true, postId: true } });
    expect(marker).toMatchObject({ sha256: null, postId });
    expect(marker?.removedAt).toBeInstanceOf(Date);
  });

  it("never removes content another upload of the same bytes still names, under concurrent create and delete", async () => {
    const png = await makePng(64, 48);
    let current = await uploadOk(member, png, "first.png", { group_id: group.id });
    const created = [current];
    // Checked each round: the next round's upload would write a lost file again and hide the loss.
    const servedEachRound: number[] = [];
    // Each round deletes the only row naming the content while a new upload of the same bytes is
    // on its way in; without a lock on the content, the delete's "is anything left?" can run between
    // the new upload's write (a no-op: the file is there) and its row, and removes the file under it.
    for (let round = 0; round < 24; round++) {
      const [next, deleted] = await Promise.all([
        uploadOk(member, png, `round-${round}.png`, { group_id: group.id }),
        sleep(round % 8).then(() => call("POST", `/api/v2/uploads/${current.id}/delete`, { token: member.token })),
      ]);
      expect(deleted.status).toBe(200);
      expect(next.sha256).toBe(current.sha256);
      servedEachRound.push((await fetchFile(next)).status);
      current = next;
      created.push(next);
    }
    expect(servedEachRound).toEqual(servedEachRound.map(() => 200));
    const remaining = (await (await getDb()).attachment.findMany({ where: { id: { in: created.map((file) => file.id) } }, select: { id: true } })).map(
      (row) => row.id,
    );
    expect(remaining).toEqual([current.id]);
    expect(isStored(current)).toBe(true);
  });

  it("the job written with a removal removes the stored file when the request did not (it died after its commit)", async () => {
    const file = await uploadOk(member, await makePng(53, 29), "left-behind.png", { group_id: group.id });
    const ext = file.url.split(".").pop()!;
    // The removal's transaction as removeUpload writes it; the request then "dies" before removing the file.
    await inTransaction(async (tx) => {
      await tx.attachment.delete({ where: { id: file.id } });
      await enqueueInTransaction(tx, "remove-stored-content", { sha256: file.sha256, ext });
    });
    expect(isStored(file)).toBe(true);
    // The server's worker polls that queue every 10 s.
    for (let waited = 0; isStored(file) && waited < 25_000; waited += 250) await sleep(250);
    expect(isStored(file)).toBe(false);
    expect((await fetchFile(file)).status).toBe(404);
  });
});
