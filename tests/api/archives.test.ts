import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { getDb } from "@/lib/db/engine/client";
import { ARCHIVE_WARNING } from "@/lib/schemas/group-settings-schemas";
import { buildArchiveBundle, bundleCid } from "@/lib/services/archive-bundle";
import { fundWallet, makeGatewayFolder, startArlocal, type RunningGateway } from "../support/arlocal";
import { ANVIL_CHAIN_ID } from "../support/anvil";
import { expectBadParam, expectOk, expectRefused, getAs, postAs, readPostAs, type Group } from "../support/community-helpers";
import { createTestUser, type TestUser } from "../support/fixtures";
import { createNamedGroup, createPostOverHttp, createThreadOverHttp, textDelta } from "../support/thread-helpers";

// Contract section 19's archives against a real local Arweave gateway (arlocal, on the port the test
// server was given: tests/support/global-setup.ts). Until it starts, archive jobs wait and retry.

type GroupInfo = { group: { archive: number; visibility: number; joining: number; primary_token: string }; warnings?: string[] };
const settings = (user: TestUser, group: Group, body: Record<string, unknown>) => postAs<GroupInfo>(user, `/api/v2/groups/${group.id}/settings`, body);
const setGate = (user: TestUser, group: Group, rules: unknown[]) =>
  postAs(user, `/api/v2/groups/${group.id}/gate`, { logic: "all", rules: JSON.stringify(rules) });
const NATIVE_RULE = { type: "native", chain_id: ANVIL_CHAIN_ID, min_amount: "1" };

/** Get group info, as `viewer` (a hidden group exists for its members only). */
async function groupInfo(group: Group, viewer?: TestUser): Promise<GroupInfo["group"]> {
  const response = await getAs<GroupInfo>(viewer, `/api/v2/groups/${group.id}`);
  expectOk(response);
  return response.body.data.group;
}

type ArchiveRow = { id: number; edit_id: number | null; content: string; created_at: Date; cid: string; archive_id: string; attempts: number };

async function archiveRows(postId: number): Promise<ArchiveRow[]> {
  const db = await getDb();
  return db.$queryRaw<ArchiveRow[]>`
    SELECT id, edit_id, content, created_at, cid, archive_id, attempts FROM post_archives WHERE post_id = ${postId} ORDER BY id`;
}

/** Polls the post's archive rows until `until` holds (the job runs on the server's queue). */
async function waitForArchives(postId: number, until: (rows: ArchiveRow[]) => boolean): Promise<ArchiveRow[]> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const rows = await archiveRows(postId);
    if (until(rows)) return rows;
    if (Date.now() > deadline) throw new Error(`post ${postId}'s archives did not settle: ${JSON.stringify(rows)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const allArchived = (count: number) => (rows: ArchiveRow[]) => rows.length === count && rows.every((row) => row.archive_id !== "");

function decodeTag(text: string): string {
  return Buffer.from(text, "base64url").toString("utf8");
}

/** The gateway's copy: the data by transaction id equals the bundle, its hash the cid, and the tags are there. */
async function expectArchived(gateway: RunningGateway, row: ArchiveRow, expected: { postId: number; threadId: number; groupName: string; author: string }) {
  const bundle = await buildArchiveBundle({ ...expected, content: row.content, sign: null, signMsg: null, createdAt: row.created_at });
  expect(row.cid).toBe(bundle.cid);
  const data = new Uint8Array(await (await fetch(`${gateway.url}/${row.archive_id}`)).arrayBuffer());
  expect(Buffer.from(data).toString("utf8")).toBe(bundle.json);
  expect(await bundleCid(data)).toBe(row.cid);
  await gateway.mine();
  const tags = (await (await fetch(`${gateway.url}/tx/${row.archive_id}/tags`)).json()) as { name: string; value: string }[];
  expect(Object.fromEntries(tags.map((tag) => [decodeTag(tag.name), decodeTag(tag.value)]))).toEqual({
    "App-Name": "Agora",
    "Content-Type": "application/json",
    "Agora-Post-Id": String(expected.postId),
    "Agora-Cid": row.cid,
  });
  return JSON.parse(bundle.json) as Record<string, unknown>;
}

let gateway: RunningGateway;
const folder = makeGatewayFolder();

beforeAll(async () => {
  gateway = await startArlocal(inject("arweavePort"), folder);
  await fundWallet(gateway, inject("arweaveAddress"));
});
afterAll(async () => {
  await gateway?.stop();
  fs.rmSync(folder, { recursive: true, force: true });
});

describe("the archive setting (group settings)", () => {
  it("admins turn it on in a public group with a warning; group info shows it; others are refused", async () => {
    const owner = await createTestUser();
    const member = await createTestUser();
    const group = await createNamedGroup(owner);
    expectOk(await postAs(member, `/api/v2/groups/${group.id}/join`));
    expect((await groupInfo(group)).archive).toBe(0);

    expectRefused(await settings(member, group, { archive: 1 }), 40300);
    expect((await groupInfo(group)).archive).toBe(0);
    expectBadParam(await settings(owner, group, { archive: 2 }), "archive");

    const on = await settings(owner, group, { archive: 1 });
    expectOk(on);
    expect(on.body.data.group.archive).toBe(1);
    expect(on.body.data.warnings).toEqual([ARCHIVE_WARNING]);
    expect(on.body.data.warnings![0]).toMatch(/cannot be erased from the archive/);
    expect((await groupInfo(group)).archive).toBe(1);

    const again = await settings(owner, group, { archive: 1 });
    expectOk(again);
    expect(again.body.data.warnings).toBeUndefined();
    const off = await settings(owner, group, { archive: 0 });
    expectOk(off);
    expect(off.body.data).toMatchObject({ group: { archive: 0 } });
    expect(off.body.data.warnings).toBeUndefined();
  });

  it("is refused for private, hidden and token-gated groups", async () => {
    const owner = await createTestUser();
    for (const change of [{ visibility: 1 }, { visibility: 2 }, { joining: 3 }]) {
      const group = await createNamedGroup(owner);
      expectOk(await settings(owner, group, change));
      const refused = await settings(owner, group, { archive: 1 });
      expectBadParam(refused, "archive");
      expect(refused.body.description).toMatch(/private|hidden|token-gated/);
      expect((await groupInfo(group, owner)).archive).toBe(0);
    }
    const gated = await createNamedGroup(owner);
    expectOk(await setGate(owner, gated, [NATIVE_RULE]));
    expectBadParam(await settings(owner, gated, { archive: 1 }), "archive");
    const both = await createNamedGroup(owner);
    expectBadParam(await settings(owner, both, { archive: 1, visibility: 1 }), "archive");
    expect(await groupInfo(both)).toMatchObject({ archive: 0, visibility: 0 });
  });

  it("keeps an archiving group public and without a gate until archive is off", async () => {
    const owner = await createTestUser();
    const group = await createNamedGroup(owner);
    expectOk(await settings(owner, group, { archive: 1 }));
    expectBadParam(await settings(owner, group, { visibility: 1 }), "visibility");
    expectBadParam(await settings(owner, group, { visibility: 2 }), "visibility");
    expectBadParam(await settings(owner, group, { joining: 3 }), "joining");
    expectBadParam(await setGate(owner, group, [NATIVE_RULE]), "rules");
    expect(await groupInfo(group)).toMatchObject({ archive: 1, visibility: 0, joining: 0, primary_token: "" });
    // Other settings still change.
    expectOk(await settings(owner, group, { joining: 1 }));
    expectOk(await settings(owner, group, { archive: 0 }));
    expectOk(await settings(owner, group, { visibility: 1 }));
  });
});

describe("archiving posts", () => {
  let owner: TestUser;
  let group: Group;

  beforeAll(async () => {
    owner = await createTestUser();
    group = await createNamedGroup(owner);
    expectOk(await settings(owner, group, { archive: 1 }));
  });

  it("archives a thread's first post, a reply and each revision, each with its own transaction", async () => {
    const replier = await createTestUser();
    const thread = await createThreadOverHttp(owner, group.id, { content: textDelta("Opening words") });
    const firstPostId = thread.first_post.id;
    const reply = await createPostOverHttp(replier, thread.id, "A reply for the record");

    const [first] = await waitForArchives(firstPostId, allArchived(1));
    const opening = await expectArchived(gateway, first!, {
      postId: firstPostId,
      threadId: thread.id,
      groupName: group.name,
      author: owner.address.toLowerCase(),
    });
    expect(opening).toMatchObject({ post_id: firstPostId, thread_id: thread.id, group: group.name, sign: null, sign_msg: null });
    expect(first!.edit_id).toBeNull();
    expect((await readPostAs(undefined, group, thread.id, firstPostId)).archive_id).toBe(first!.archive_id);

    const [replyArchive] = await waitForArchives(reply.id, allArchived(1));
    const replied = await expectArchived(gateway, replyArchive!, {
      postId: reply.id,
      threadId: thread.id,
      groupName: group.name,
      author: replier.address.toLowerCase(),
    });
    expect(replied.content).toContain("A reply for the record");
    expect((await readPostAs(undefined, group, thread.id, reply.id)).archive_id).toBe(replyArchive!.archive_id);

    expectOk(await postAs(replier, `/api/v2/posts/${reply.id}/edit`, { content: textDelta("A reply, revised") }));
    const revisions = await waitForArchives(reply.id, allArchived(2));
    const revision = revisions[1]!;
    expect(revision.edit_id).not.toBeNull();
    expect(revision.archive_id).not.toBe(replyArchive!.archive_id);
    const revised = await expectArchived(gateway, revision, {
      postId: reply.id,
      threadId: thread.id,
      groupName: group.name,
      author: replier.address.toLowerCase(),
    });
    expect(revised.content).toContain("A reply, revised");
    const db = await getDb();
    const [edit] = await db.$queryRaw<{ created_at: Date }[]>`SELECT created_at FROM post_edits WHERE id = ${revision.edit_id}`;
    expect(revision.created_at).toEqual(edit!.created_at);
    expect(revision.created_at.getTime()).toBeGreaterThan(replyArchive!.created_at.getTime());
    // The post names its newest archived revision; the first stays findable with its own.
    expect((await readPostAs(undefined, group, thread.id, reply.id)).archive_id).toBe(revision.archive_id);
    expect((await archiveRows(reply.id))[0]!.archive_id).toBe(replyArchive!.archive_id);
  });

  it("archives nothing in a group that does not archive", async () => {
    const plain = await createNamedGroup(owner);
    const thread = await createThreadOverHttp(owner, plain.id);
    const reply = await createPostOverHttp(owner, thread.id, "Not for the record");
    expect(await archiveRows(thread.first_post.id)).toEqual([]);
    expect(await archiveRows(reply.id)).toEqual([]);
    expect((await readPostAs(undefined, plain, thread.id, reply.id)).archive_id).toBe("");
  });

  it("a gateway that is down delays the archive and fails no post", async () => {
    const thread = await createThreadOverHttp(owner, group.id);
    await waitForArchives(thread.first_post.id, allArchived(1));
    await gateway.stop();
    try {
      const post = await createPostOverHttp(owner, thread.id, "Written while the gateway is down");
      const [failed] = await waitForArchives(post.id, (rows) => rows.length === 1 && rows[0]!.attempts >= 1);
      expect(failed!.archive_id).toBe("");
      expect((await readPostAs(undefined, group, thread.id, post.id)).archive_id).toBe("");
      gateway = await startArlocal(inject("arweavePort"), folder);
      const [archived] = await waitForArchives(post.id, allArchived(1));
      await expectArchived(gateway, archived!, { postId: post.id, threadId: thread.id, groupName: group.name, author: owner.address.toLowerCase() });
      expect((await readPostAs(undefined, group, thread.id, post.id)).archive_id).toBe(archived!.archive_id);
    } finally {
      // A failed step above leaves the gateway up for the rest of the file.
      if (
        !(await fetch(`${gateway.url}/info`)
          .then((response) => response.ok)
          .catch(() => false))
      ) {
        gateway = await startArlocal(inject("arweavePort"), folder);
      }
    }
  });
});
