import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { getDb, getPool } from "@/lib/db/engine/client";
import { expireUserExportsJob } from "@/lib/jobs/user-exports";
import { JOB_SCHEMA } from "@/lib/jobs/queue/schema";
import type { UploadFileDto } from "@/lib/schemas/upload-schemas";
import { UserExportResponseSchema, type UserExportResponse } from "@/lib/schemas/user-export-schemas";
import { readZipEntries, verifyProof } from "../../packages/agora-verify/src/index.js";
import { expectOk, expectRefused, getAs, postAs, type Group } from "../support/community-helpers";
import { createTestUser, uniqueName, type TestUser } from "../support/fixtures";
import { runPeriodicJobOnce } from "../support/job-runs";
import { signPostFor } from "../support/post-signing";
import { createNamedGroup, createPostOverHttp, createThreadOverHttp, textDelta } from "../support/thread-helpers";
import { fetchFile, makePng, uploadOk } from "../support/upload-helpers";

// Contract section 20, exports: POST queues an export of everything the user wrote or saved, GET
// tells its status, the zip is the owner's alone (404 for anyone else) for 7 days, and agora-verify
// reads it. Each document is checked against what the test wrote.

const EXPORT_PATH = "/api/v2/users/me/export";
type Entries = Map<string, Buffer>;

let owner: TestUser;
let other: TestUser;
let group: Group;
const made = {} as {
  signedPostId: number;
  signedContent: string;
  editedPostId: number;
  firstText: string;
  editedText: string;
  likedPostId: number;
  otherPostId: number;
  upload: UploadFileDto;
  uploadId: number;
  badgeName: string;
  draftKey: string;
  tipHash: string;
};

const status = async (user: TestUser): Promise<UserExportResponse> => {
  const response = await getAs(user, EXPORT_PATH);
  expectOk(response);
  return UserExportResponseSchema.parse(response.body.data);
};
const request = async (user: TestUser): Promise<UserExportResponse> => {
  const response = await postAs(user, EXPORT_PATH);
  expectOk(response);
  return UserExportResponseSchema.parse(response.body.data);
};

async function waitForState(user: TestUser, state: UserExportResponse["status"]): Promise<UserExportResponse> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const current = await status(user);
    if (current.status === state) return current;
    if (Date.now() > deadline) throw new Error(`the export stayed ${current.status}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** GET (or HEAD) an export's address on the test server, with a token, a cookie or nothing. */
async function download(url: string, headers: Record<string, string> = {}, method = "GET") {
  const response = await fetch(new URL(new URL(url).pathname, inject("baseUrl")), { method, headers });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

const json = (entries: Entries, name: string) => JSON.parse(entries.get(name)!.toString("utf8")) as Record<string, unknown>[] & Record<string, unknown>;
const buildJobs = async (userId: number) =>
  Number(
    (
      await (
        await getPool()
      ).query<{ count: string }>(`SELECT count(*) FROM ${JOB_SCHEMA}.job WHERE name = 'build-user-export' AND (data->>'userId')::int = $1`, [userId])
    ).rows[0]!.count,
  );

beforeAll(async () => {
  [owner, other] = await Promise.all([createTestUser(), createTestUser()]);
  group = await createNamedGroup(owner);
  // A signed thread: its opening post's proof must verify offline.
  const title = uniqueName("Exported");
  made.signedContent = textDelta("Signed words to take away");
  const signed = await signPostFor(owner.wallet, { group: group.name, title }, made.signedContent);
  const thread = await postAs<{ thread: { id: number; first_post_id: number } }>(owner, `/api/v2/groups/${group.id}/threads/create`, {
    title,
    content: made.signedContent,
    ...signed,
  });
  expectOk(thread);
  made.signedPostId = thread.body.data.thread.first_post_id;
  const threadId = thread.body.data.thread.id;
  // A reply edited once: one revision.
  made.firstText = "first words";
  made.editedText = "second thoughts";
  made.editedPostId = (await createPostOverHttp(owner, threadId, made.firstText)).id;
  expectOk(await postAs(owner, `/api/v2/posts/${made.editedPostId}/edit`, { content: textDelta(made.editedText) }));
  // Someone else's thread: liked and bookmarked by the owner, and never in the owner's posts.
  const othersGroup = await createNamedGroup(other);
  const othersThread = await createThreadOverHttp(other, othersGroup.id, { title: "Not mine" });
  made.otherPostId = othersThread.first_post_id;
  made.likedPostId = (await createPostOverHttp(other, othersThread.id, "likeable")).id;
  expectOk(await postAs(owner, `/api/v2/posts/${made.likedPostId}/like`));
  expectOk(await postAs(owner, `/api/v2/posts/${made.otherPostId}/bookmark`, { bookmarked: 1, note: "read later" }));
  made.draftKey = uniqueName("draft");
  expectOk(await postAs(owner, `/api/v2/drafts/${made.draftKey}`, { content: textDelta("half a thought"), title: "Unfinished", sequence: 0 }));
  made.upload = await uploadOk(owner, await makePng(20, 10), "holiday.png", { group_id: group.id });
  made.uploadId = made.upload.id;
  made.badgeName = uniqueName("Keeper").slice(0, 30);
  const badge = await postAs<{ badge: { id: number } }>(owner, `/api/v2/groups/${group.id}/badges`, {
    name: made.badgeName,
    image_url: "https://example.com/b.png",
  });
  expectOk(badge);
  expectOk(await postAs(owner, `/api/v2/badges/${badge.body.data.badge.id}/grant`, { user_id: owner.id, reason: "for keeping" }));
  // A tip as the tips service stores one once the chain confirmed it (tests/api/tips.test.ts covers that path).
  made.tipHash = `0x${"ab".repeat(31)}${Math.floor(Math.random() * 256)
    .toString(16)
    .padStart(2, "0")}`;
  await (
    await getDb()
  ).postTip.create({
    data: {
      postId: made.signedPostId,
      threadId,
      groupId: group.id,
      fromUserId: other.id,
      toUserId: owner.id,
      chainId: 31337,
      txHash: made.tipHash,
      logIndex: -1,
      token: "native",
      symbol: "ETH",
      amount: "1000",
      blockNumber: 7n,
      blockHash: `0x${"cd".repeat(32)}`,
    },
  });
});

describe("an export from request to expiry", () => {
  let ready: UserExportResponse;
  let entries: Entries;
  let zipBytes: Buffer;

  it("reads none before any request, and a request needs a token", async () => {
    expect(await status(owner)).toEqual({ status: "none", url: "", expires_at: null });
    expectRefused(await getAs(undefined, EXPORT_PATH), 40102);
    expectRefused(await postAs(undefined, EXPORT_PATH), 40102);
    expect(await status(owner)).toEqual({ status: "none", url: "", expires_at: null });
  });

  it("queues one export however many requests arrive while it is queued", async () => {
    const answers = await Promise.all([request(owner), request(owner), request(owner)]);
    for (const answer of answers) expect(answer).toEqual({ status: "queued", url: "", expires_at: null });
    expect(await buildJobs(owner.id)).toBe(1);
  });

  it("becomes ready with the owner's download address, kept 7 days", async () => {
    ready = await waitForState(owner, "ready");
    expect(ready.url).toMatch(/^http:\/\/[^/]+\/exports\/[A-Za-z0-9_-]{32}\.zip$/);
    const row = await (await getDb()).userExport.findUniqueOrThrow({ where: { userId: owner.id } });
    expect(new Date(ready.expires_at!).getTime() - row.readyAt!.getTime()).toBe(7 * 24 * 3600_000);
    const file = await download(ready.url, { authorization: `Bearer ${owner.token}` });
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/zip");
    expect(file.headers.get("cache-control")).toBe("private, no-store");
    expect(file.headers.get("content-disposition")).toMatch(/^attachment; filename="agora-export-.+\.zip"$/);
    zipBytes = file.bytes;
    entries = new Map(readZipEntries(zipBytes).map((entry) => [entry.name, entry.data]));
    expect([...entries.keys()].sort()).toEqual(
      [
        "manifest.json",
        "profile.json",
        "posts.json",
        "likes.json",
        "bookmarks.json",
        "drafts.json",
        "badges.json",
        "tips.json",
        "uploads.json",
        `uploads/${made.uploadId}.png`,
      ].sort(),
    );
  });

  it("holds the profile and the owner's posts, each with its revisions and a proof that verifies", async () => {
    expect(json(entries, "manifest.json")).toMatchObject({ format: "agora-export", version: 1, user_id: owner.id, username: owner.username });
    const profile = json(entries, "profile.json");
    expect(profile).toMatchObject({ user_id: owner.id, username: owner.username });
    expect(profile.wallets).toEqual([{ wallet_type: 5, address: owner.address.toLowerCase(), public_key: null }]);

    const posts = json(entries, "posts.json");
    expect(posts.map((post) => post.post_id)).toEqual([made.signedPostId, made.editedPostId]);
    const [signed, edited] = posts as unknown as Record<string, unknown>[];
    expect(signed).toMatchObject({ group: group.name, opens_thread: 1, content: made.signedContent, signer: owner.address.toLowerCase(), revisions: [] });
    expect(await verifyProof(signed!.proof)).toMatchObject({ ok: true, signed: true });
    expect(edited).toMatchObject({ content: textDelta(made.editedText), opens_thread: 0, sign: null });
    expect(edited!.revisions).toEqual([expect.objectContaining({ editor_id: owner.id, previous_content: textDelta(made.firstText), sign: null })]);
    expect(edited!.proof).toMatchObject({ post_id: made.editedPostId, content: textDelta(made.editedText), sign: null, verified: 0 });
    expect(await verifyProof(edited!.proof)).toMatchObject({ ok: true, signed: false });
  });

  it("holds likes, bookmarks, drafts, badges, tips and the uploads' bytes", async () => {
    expect(json(entries, "likes.json")).toEqual([{ post_id: made.likedPostId, thread_id: expect.any(Number), liked_at: expect.any(String) }]);
    expect(json(entries, "bookmarks.json")).toEqual([
      { post_id: made.otherPostId, thread_id: expect.any(Number), note: "read later", remind_at: null, created_at: expect.any(String) },
    ]);
    expect(json(entries, "drafts.json")).toEqual([
      expect.objectContaining({ draft_key: made.draftKey, title: "Unfinished", content: textDelta("half a thought") }),
    ]);
    expect(json(entries, "badges.json")).toEqual([
      expect.objectContaining({ name: made.badgeName, group_id: group.id, group: group.name, reason: "for keeping", title: 0 }),
    ]);
    expect(json(entries, "tips.json")).toEqual([
      expect.objectContaining({
        direction: "received",
        post_id: made.signedPostId,
        from_user_id: other.id,
        to_user_id: owner.id,
        tx_hash: made.tipHash,
        amount: "1000",
        block_number: "7",
      }),
    ]);
    const uploads = json(entries, "uploads.json");
    expect(uploads).toEqual([
      expect.objectContaining({ upload_id: made.uploadId, file: `uploads/${made.uploadId}.png`, name: "holiday.png", mime_type: "image/png" }),
    ]);
    // The bytes as stored (uploads are re-encoded on the way in), named by their hash.
    const bytes = entries.get(`uploads/${made.uploadId}.png`)!;
    expect(createHash("sha256").update(bytes).digest("hex")).toBe(made.upload.sha256);
    expect(uploads[0]!.sha256).toBe(made.upload.sha256);
    const served = await fetchFile(made.upload, { authorization: `Bearer ${owner.token}` });
    expect(served.status).toBe(200);
    expect(bytes.equals(served.bytes)).toBe(true);
  });

  it("is read by the agora-verify command", () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "agora-export-")), "export.zip");
    fs.writeFileSync(file, zipBytes);
    const run = spawnSync(process.execPath, ["packages/agora-verify/bin/agora-verify.js", file], { encoding: "utf8" });
    expect(run.stdout.trim().split("\n")).toEqual([expect.stringMatching(/^OK: .*signed/), expect.stringMatching(/^OK: /)]);
    expect(run.status).toBe(0);
  });

  it("is the owner's alone: another user, a guest and a made-up name get 404", async () => {
    expect((await download(ready.url, { authorization: `Bearer ${other.token}` })).status).toBe(404);
    expect((await download(ready.url)).status).toBe(404);
    expect((await download(ready.url, {}, "HEAD")).status).toBe(404);
    expect((await download(ready.url, { authorization: "Bearer not-a-token" })).status).toBe(404);
    const base = ready.url.replace(/\/exports\/.*$/, "/exports/");
    for (const name of ["A".repeat(32) + ".zip", "short.zip", ready.url.split("/").pop()!.replace(".zip", ""), "..%2F..%2Fetc.zip"]) {
      expect((await download(base + name, { authorization: `Bearer ${owner.token}` })).status, name).toBe(404);
    }
    const part = await download(ready.url, { authorization: `Bearer ${owner.token}`, range: "bytes=0-3" });
    expect(part.status).toBe(206);
    expect(part.bytes).toEqual(zipBytes.subarray(0, 4));
  });

  it("reads expired after its 7 days, answers 404, and the job removes the file", async () => {
    const fileKey = ready.url.split("/").pop()!.replace(".zip", "");
    const stored = path.join(inject("dataDir"), "uploads", "exports", `${fileKey}.zip`);
    expect(fs.existsSync(stored)).toBe(true);
    const db = await getDb();
    await db.$executeRaw`UPDATE user_exports SET ready_at = ready_at - interval '8 days', expires_at = expires_at - interval '8 days' WHERE user_id = ${owner.id}`;
    const moved = await db.userExport.findUniqueOrThrow({ where: { userId: owner.id } });
    const expired = await status(owner);
    expect(expired).toEqual({ status: "expired", url: "", expires_at: expect.any(String) });
    expect(new Date(expired.expires_at!).getTime()).toBe(moved.expiresAt!.getTime());
    expect((await download(ready.url, { authorization: `Bearer ${owner.token}` })).status).toBe(404);

    await runPeriodicJobOnce(
      { ...expireUserExportsJob, name: "test-expire-user-exports" },
      async () => (await db.userExport.findUniqueOrThrow({ where: { userId: owner.id } })).fileRemoved,
    );
    expect(fs.existsSync(stored)).toBe(false);
    expect((await status(owner)).status).toBe("expired");
  });

  it("a new request after expiry queues a fresh export under a new name", async () => {
    const again = await request(owner);
    expect(again).toEqual({ status: "queued", url: "", expires_at: null });
    const next = await waitForState(owner, "ready");
    expect(next.url).not.toBe(ready.url);
    expect((await download(next.url, { authorization: `Bearer ${owner.token}` })).status).toBe(200);
    expect((await download(ready.url, { authorization: `Bearer ${owner.token}` })).status).toBe(404);
  });

  it("a request while ready replaces the export and removes the old zip", async () => {
    const previous = await status(owner);
    const oldKey = previous.url.split("/").pop()!.replace(".zip", "");
    expect(await request(owner)).toEqual({ status: "queued", url: "", expires_at: null });
    const next = await waitForState(owner, "ready");
    expect(next.url).not.toBe(previous.url);
    const oldFile = path.join(inject("dataDir"), "uploads", "exports", `${oldKey}.zip`);
    const deadline = Date.now() + 60_000;
    while (fs.existsSync(oldFile) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 250));
    expect(fs.existsSync(oldFile)).toBe(false);
  });
});

describe("another user", () => {
  it("has an export of their own, holding none of the owner's writing", async () => {
    expect((await status(other)).status).toBe("none");
    await request(other);
    const ready = await waitForState(other, "ready");
    const file = await download(ready.url, { authorization: `Bearer ${other.token}` });
    const entries = new Map(readZipEntries(file.bytes).map((entry) => [entry.name, entry.data]));
    const ids = json(entries, "posts.json").map((post) => post.post_id);
    expect(ids).toEqual([made.otherPostId, made.likedPostId]);
    expect(json(entries, "tips.json")).toEqual([expect.objectContaining({ direction: "sent", tx_hash: made.tipHash })]);
    expect(json(entries, "likes.json")).toEqual([]);
    expect((await download(ready.url, { authorization: `Bearer ${owner.token}` })).status).toBe(404);
  });
});

describe("an account deleted", () => {
  it("takes its export with it: the row at once, the zip by its job", async () => {
    const ready = await waitForState(other, "ready");
    const fileKey = ready.url.split("/").pop()!.replace(".zip", "");
    const stored = path.join(inject("dataDir"), "uploads", "exports", `${fileKey}.zip`);
    expect(fs.existsSync(stored)).toBe(true);
    expectOk(await postAs(other, "/api/v2/users/me/delete", { confirm: other.username }));
    expect(await (await getDb()).userExport.findUnique({ where: { userId: other.id } })).toBeNull();
    const deadline = Date.now() + 60_000;
    while (fs.existsSync(stored) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 250));
    expect(fs.existsSync(stored)).toBe(false);
  });
});
