import sharp from "sharp";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { getDb } from "@/lib/db/engine/client";
import { CreatePostResponseSchema } from "@/lib/schemas/post-schemas";
import { UploadListResponseSchema, UploadResponseSchema } from "@/lib/schemas/upload-schemas";
import { sweepOrphanUploads } from "@/lib/services/uploads";
import { call } from "../support/api-client";
import { banOverHttp, setRole } from "../support/community-helpers";
import { createTestUser, type TestUser } from "../support/fixtures";
import { sendChunked } from "../support/raw-http";
import { createNamedGroup, createThreadOverHttp, getThreadOverHttp, textDelta } from "../support/thread-helpers";
import { fetchFile, isStored, listStoredFiles, makePhoneJpeg, makePixelBombPng, makePng, sendUpload, uploadOk } from "../support/upload-helpers";

// Contract section 15 over HTTP against the real server: detection from bytes, re-encoding,
// streaming limits, attach and group rules, access, delete and the orphan sweep.

type Group = { id: number; name: string };

async function setAttachRules(groupId: number, rules: Record<string, string | number>): Promise<void> {
  await (await getDb()).group.update({ where: { id: groupId }, data: { attachedFiles: rules }, select: { id: true } });
}

async function countUploads(userId: number): Promise<number> {
  return (await getDb()).attachment.count({ where: { userId } });
}

const HTML = Buffer.from("<!doctype html><html><body><script>alert(document.cookie)</script></body></html>\n");

describe("POST /api/v2/uploads", () => {
  let owner: TestUser;
  let member: TestUser;
  let group: Group;

  beforeAll(async () => {
    owner = await createTestUser();
    member = await createTestUser();
    group = await createNamedGroup(owner);
  });

  it("types a file by its bytes: a PNG named .exe is a PNG, re-encoded, with its size", async () => {
    const file = await uploadOk(member, await makePng(40, 30), "setup.exe", { group_id: group.id });
    expect(file).toMatchObject({ mime_type: "image/png", width: 40, height: 30, group_id: group.id, post_id: 0, thread_id: 0, ipfs: null, old_url: "" });
    expect(file.name).toBe("setup.png");
    expect(file.url).toMatch(new RegExp(`/uploads/${file.id}/${file.sha256}\\.png$`));
    expect(Number(file.size)).toBeGreaterThan(0);
    const served = await fetchFile(file);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(served.headers.get("content-disposition")).toMatch(/^inline;/);
    expect((await sharp(served.bytes).metadata()).format).toBe("png");
  });

  it("refuses HTML named .png where the group allows images only (400), and stores nothing", async () => {
    const before = await countUploads(member.id);
    const answer = await sendUpload(member, HTML, "cat.png", { group_id: group.id }, "image/png");
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ status: false, code: "40000" });
    expect(answer.body.description).toMatch(/^file: /);
    expect(await countUploads(member.id)).toBe(before);
  });

  it("serves HTML or SVG as a download, never inline, where the group allows every type", async () => {
    const open = await createNamedGroup(owner);
    await setAttachRules(open.id, { allow_everyone: 1, allow_post: 1, allow_all_file_type: "1" });
    const html = await uploadOk(member, HTML, "page.png", { group_id: open.id });
    expect(html.mime_type).toBe("application/octet-stream");
    expect(html.width).toBeNull();
    const svg = await uploadOk(member, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), "logo.svg", {
      group_id: open.id,
    });
    for (const file of [html, svg]) {
      expect(file.url).toMatch(/\.bin$/);
      const served = await fetchFile(file);
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe("application/octet-stream");
      expect(served.headers.get("content-disposition")).toMatch(/^attachment; filename=/);
      expect(served.headers.get("x-content-type-options")).toBe("nosniff");
      expect(served.headers.get("content-security-policy")).toContain("sandbox");
    }
  });

  it("applies a photo's orientation and removes its EXIF and GPS (read back with sharp)", async () => {
    const photo = await makePhoneJpeg(120, 60);
    const sent = await sharp(photo).metadata();
    expect(sent.orientation).toBe(6);
    expect(sent.exif?.toString("latin1")).toContain("AgoraPhone");
    const file = await uploadOk(member, photo, "IMG_0001.JPG", { group_id: group.id });
    expect(file).toMatchObject({ mime_type: "image/jpeg", width: 60, height: 120 });
    const stored = await sharp((await fetchFile(file)).bytes).metadata();
    expect([stored.width, stored.height]).toEqual([60, 120]);
    expect(stored.exif).toBeUndefined();
    expect(stored.orientation).toBeUndefined();
    expect(stored.xmp).toBeUndefined();
  });

  it("shrinks the longer side to 4096 px", async () => {
    const wide = await sharp({ create: { width: 5000, height: 100, channels: 3, background: "white" } })
      .png()
      .toBuffer();
    const file = await uploadOk(member, wide, "wide.png", { group_id: group.id });
    expect([file.width, file.height]).toEqual([4096, 82]);
  });

  it("refuses an image over 40 megapixels (a pixel bomb's header) with 400, storing nothing", async () => {
    const before = listStoredFiles().length;
    const answer = await sendUpload(member, await makePixelBombPng(20_000, 20_000), "bomb.png", { group_id: group.id });
    expect(answer.status).toBe(400);
    expect(answer.body.description).toMatch(/^file: .*megapixels/);
    expect(listStoredFiles().length).toBe(before);
  });

  it("refuses a 12 MB streamed body with 413 / 41300 before it has all arrived, storing nothing", async () => {
    const before = { rows: await countUploads(member.id), files: listStoredFiles().length };
    const chunk = Buffer.alloc(64 * 1024, 0xab);
    const chunks = 192; // 12 MiB
    const answer = await sendChunked(new URL("/api/v2/uploads", inject("baseUrl")).href, {
      headers: { api_key: inject("apiKey"), authorization: `Bearer ${member.token}`, "content-type": "multipart/form-data; boundary=agora-boundary" },
      head: `--agora-boundary\r\nContent-Disposition: form-data; name="group_id"\r\n\r\n${group.id}\r\n--agora-boundary\r\nContent-Disposition: form-data; name="file"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      chunk,
      chunks,
      tail: "\r\n--agora-boundary--\r\n",
      delayMs: 5,
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ status: false, code: "41300" });
    expect(answer.finished).toBe(false);
    expect(answer.bytesSent).toBeLessThan(chunk.length * chunks);
    expect(await countUploads(member.id)).toBe(before.rows);
    expect(listStoredFiles().length).toBe(before.files);
  });

  it("names its parameters: group_id for a post upload, a file part, a known purpose", async () => {
    const png = await makePng();
    const noGroup = await sendUpload(member, png, "a.png");
    expect(noGroup.status).toBe(400);
    expect(noGroup.body.description).toMatch(/^group_id: /);
    const badPurpose = await sendUpload(member, png, "a.png", { group_id: group.id, purpose: "banner" });
    expect(badPurpose.status).toBe(400);
    expect(badPurpose.body.description).toMatch(/^purpose: /);
    const noFile = await call("POST", "/api/v2/uploads", { token: member.token, body: { group_id: group.id }, encoding: "multipart" });
    expect(noFile.status).toBe(400);
    expect(noFile.body.description).toMatch(/^file: /);
    const json = await call("POST", "/api/v2/uploads", { token: member.token, body: { group_id: group.id } });
    expect(json.status).toBe(400);
    const anonymous = await sendUpload(undefined, png, "a.png", { group_id: group.id });
    expect(anonymous.status).toBe(401);
    const unknownGroup = await sendUpload(member, png, "a.png", { group_id: 2_000_000_000 });
    expect(unknownGroup.status).toBe(404);
  });

  it("takes avatars from anyone signed in, and group art from the group's managers only", async () => {
    const png = await makePng();
    const avatar = await uploadOk(member, png, "me.png", { purpose: "avatar" });
    expect(avatar.group_id).toBe(0);
    const cover = await sendUpload(member, png, "cover.png", { purpose: "cover", group_id: group.id });
    expect(cover.status).toBe(403);
    await uploadOk(owner, png, "cover.png", { purpose: "cover", group_id: group.id });
    const html = await sendUpload(member, HTML, "me.png", { purpose: "avatar" });
    expect(html.status).toBe(400);
  });
});

describe("group rules and attachments", () => {
  let owner: TestUser;
  let moderator: TestUser;
  let member: TestUser;
  let other: TestUser;
  let group: Group;

  beforeAll(async () => {
    owner = await createTestUser();
    moderator = await createTestUser();
    member = await createTestUser();
    other = await createTestUser();
    group = await createNamedGroup(owner);
    await setRole(owner, group.id, moderator, 3);
  });

  it("attaches uploads to a new post: attached_files in the answer, attachments in get thread", async () => {
    const thread = await createThreadOverHttp(owner, group.id);
    const first = await uploadOk(member, await makePng(10, 10), "one.png", { group_id: group.id });
    const second = await uploadOk(member, await makePng(12, 10), "two.png", { group_id: group.id });
    const answer = await call("POST", `/api/v2/threads/${thread.id}/posts/create`, {
      token: member.token,
      body: { content: textDelta("With files"), file_attachments: `${first.id},${second.id}` },
    });
    expect(answer.body.description).toBe("");
    const post = CreatePostResponseSchema.parse(answer.body.data).post;
    expect(post.attached_files.map((file) => [file.id, file.post_id, file.thread_id, file.url])).toEqual([
      [first.id, post.id, thread.id, first.url],
      [second.id, post.id, thread.id, second.url],
    ]);
    const record = await call("GET", `/api/v2/uploads/${first.id}`, { token: other.token });
    expect(UploadResponseSchema.parse(record.body.data).file).toMatchObject({ post_id: post.id, thread_id: thread.id });
    const db = await getDb();
    expect(await db.attachment.count({ where: { postId: post.id } })).toBe(2);
    const again = await getThreadOverHttp(thread.id, { group_name: group.name, sort: "new", page_size: 50 });
    const json = JSON.stringify(again.body.data.thread);
    expect(json).toContain(`{"id":${first.id},"post_id":${post.id},"url":"${first.url}"}`);
  });

  it("attaches an image its delta shows, so the sweep never takes a posted image away", async () => {
    const image = await uploadOk(member, await makePng(8, 8), "pasted.png", { group_id: group.id });
    const content = JSON.stringify([{ insert: "Look:\n" }, { insert: { image: image.url } }, { insert: "\n" }]);
    const thread = await createThreadOverHttp(member, group.id, { content });
    expect(thread.first_post.attached_files.map((file) => file.id)).toEqual([image.id]);
    expect(thread.first_post.attachments).toEqual([{ id: image.id, post_id: thread.first_post.id, url: image.url }]);
  });

  it("attaches an image an edit adds to the post's body", async () => {
    const thread = await createThreadOverHttp(member, group.id);
    const image = await uploadOk(member, await makePng(9, 9), "later.png", { group_id: group.id });
    const content = JSON.stringify([{ insert: "Edited in:\n" }, { insert: { image: image.url } }, { insert: "\n" }]);
    const edited = await call("POST", `/api/v2/posts/${thread.first_post.id}/edit`, { token: member.token, body: { content } });
    expect(edited.status).toBe(200);
    expect((await (await getDb()).attachment.findUniqueOrThrow({ where: { id: image.id } })).postId).toBe(thread.first_post.id);
  });

  it("refuses someone else's upload, an attached one or one of another group with 400, creating nothing", async () => {
    const thread = await createThreadOverHttp(owner, group.id);
    const theirs = await uploadOk(other, await makePng(), "theirs.png", { group_id: group.id });
    const elsewhere = await createNamedGroup(owner);
    const foreign = await uploadOk(member, await makePng(), "foreign.png", { group_id: elsewhere.id });
    const mine = await uploadOk(member, await makePng(), "mine.png", { group_id: group.id });
    const db = await getDb();
    const before = await db.post.count({ where: { threadId: thread.id } });
    for (const ids of [`${theirs.id}`, `${foreign.id}`, `${mine.id},${theirs.id}`, "abc", "1,2,3,4,5,6,7,8,9,10,11"]) {
      const answer = await call("POST", `/api/v2/threads/${thread.id}/posts/create`, {
        token: member.token,
        body: { content: textDelta("x"), file_attachments: ids },
      });
      expect(answer.status, ids).toBe(400);
      expect(answer.body.description).toMatch(/^file_attachments: /);
    }
    expect(await db.post.count({ where: { threadId: thread.id } })).toBe(before);
    expect((await db.attachment.findUniqueOrThrow({ where: { id: mine.id } })).postId).toBeNull();
    const ok = await call("POST", `/api/v2/threads/${thread.id}/posts/create`, {
      token: member.token,
      body: { content: textDelta("x"), file_attachments: mine.id },
    });
    expect(ok.status).toBe(200);
    const reuse = await call("POST", `/api/v2/threads/${thread.id}/posts/create`, {
      token: member.token,
      body: { content: textDelta("x"), file_attachments: mine.id },
    });
    expect(reuse.status).toBe(400);
  });

  it("honours the group's attached_files: allow_post 0 refuses attachments, allow_everyone 0 keeps uploads to moderators", async () => {
    const strict = await createNamedGroup(owner);
    await setRole(owner, strict.id, moderator, 3);
    const thread = await createThreadOverHttp(owner, strict.id);
    const file = await uploadOk(member, await makePng(), "a.png", { group_id: strict.id });
    await setAttachRules(strict.id, { allow_everyone: 1, allow_post: 0, allow_all_file_type: "0" });
    const refused = await call("POST", `/api/v2/threads/${thread.id}/posts/create`, {
      token: member.token,
      body: { content: textDelta("x"), file_attachments: file.id },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.description).toMatch(/does not allow attachments/);
    await setAttachRules(strict.id, { allow_everyone: 0, allow_post: 1, allow_all_file_type: "0" });
    const memberUpload = await sendUpload(member, await makePng(), "a.png", { group_id: strict.id });
    expect(memberUpload.status).toBe(403);
    await uploadOk(moderator, await makePng(), "a.png", { group_id: strict.id });
    const info = await call<{ group: { attached_files: unknown } }>("GET", `/api/v2/groups/${strict.id}`);
    expect(info.body.data.group.attached_files).toEqual({ allow_everyone: 0, allow_post: 1, allow_all_file_type: "0" });
  });

  it("refuses uploads from a user banned in the group (403)", async () => {
    const banned = await createTestUser();
    await banOverHttp(owner, group.id, banned);
    const answer = await sendUpload(banned, await makePng(), "a.png", { group_id: group.id });
    expect(answer.status).toBe(403);
  });
});

describe("access, delete and the orphan sweep", () => {
  let owner: TestUser;
  let moderator: TestUser;
  let member: TestUser;
  let stranger: TestUser;
  let group: Group;

  beforeAll(async () => {
    owner = await createTestUser();
    moderator = await createTestUser();
    member = await createTestUser();
    stranger = await createTestUser();
    group = await createNamedGroup(owner);
    await setRole(owner, group.id, moderator, 3);
  });

  it("answers byte ranges (206 with Content-Range; 416 past the end)", async () => {
    const file = await uploadOk(member, await makePng(50, 50), "r.png", { group_id: group.id });
    const whole = await fetchFile(file);
    const part = await fetchFile(file, { range: "bytes=0-9" });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 0-9/${whole.bytes.length}`);
    expect(part.bytes.equals(whole.bytes.subarray(0, 10))).toBe(true);
    const tail = await fetchFile(file, { range: "bytes=-5" });
    expect(tail.bytes.equals(whole.bytes.subarray(whole.bytes.length - 5))).toBe(true);
    expect((await fetchFile(file, { range: `bytes=${whole.bytes.length + 10}-` })).status).toBe(416);
  });

  it("serves a non-public group's files to its members only (uploader, moderators, members), never for shared caches", async () => {
    const closed = await createNamedGroup(owner);
    await setRole(owner, closed.id, moderator, 3);
    const joiner = await createTestUser();
    expect((await call("POST", `/api/v2/groups/${closed.id}/join`, { token: joiner.token })).status).toBe(200);
    const file = await uploadOk(member, await makePng(), "secret.png", { group_id: closed.id });
    // Attached to a post: its record follows the post's readers (an unattached one is the uploader's alone).
    const posted = await call("POST", `/api/v2/groups/${closed.id}/threads/create`, {
      token: member.token,
      body: { title: "Files", content: textDelta("Here"), file_attachments: String(file.id) },
    });
    expect(posted.status).toBe(200);
    await (await getDb()).group.update({ where: { id: closed.id }, data: { visibility: 1, privacyType: "1" }, select: { id: true } });
    const guest = await fetchFile(file);
    expect(guest.status).toBe(403);
    const outsider = await fetchFile(file, { authorization: `Bearer ${stranger.token}` });
    expect(outsider.status).toBe(403);
    for (const reader of [member, moderator, joiner]) {
      const answer = await fetchFile(file, { authorization: `Bearer ${reader.token}` });
      expect(answer.status).toBe(200);
      expect(answer.headers.get("cache-control")).toBe("private, no-store");
    }
    expect((await call("GET", `/api/v2/uploads/${file.id}`, { token: stranger.token })).status).toBe(403);
    expect((await call("GET", `/api/v2/uploads/${file.id}`, { token: joiner.token })).status).toBe(200);
    // Hidden: to a stranger the file, like the group, does not exist.
    await (await getDb()).group.update({ where: { id: closed.id }, data: { visibility: 2, privacyType: "2" }, select: { id: true } });
    expect((await call("GET", `/api/v2/uploads/${file.id}`, { token: stranger.token })).status).toBe(404);
    expect((await sendUpload(stranger, await makePng(), "in.png", { group_id: closed.id })).status).toBe(404);
    expect((await fetchFile(file, { authorization: `Bearer ${joiner.token}` })).status).toBe(200);
  });

  it("keeps the record of an upload attached to no post to its uploader: 401 without a token, 404 to anyone else", async () => {
    const draft = await uploadOk(member, await makePng(), "draft.png", { group_id: group.id });
    const avatar = await uploadOk(member, await makePng(), "me.png", { purpose: "avatar" });
    for (const file of [draft, avatar]) {
      const guest = await call("GET", `/api/v2/uploads/${file.id}`);
      expect(guest.status).toBe(401);
      expect(guest.body).toMatchObject({ status: false, code: "40102" });
      for (const other of [stranger, moderator, owner]) {
        const answer = await call("GET", `/api/v2/uploads/${file.id}`, { token: other.token });
        expect(answer.status).toBe(404);
        expect(answer.body).toMatchObject({ status: false, code: "40400", data: {} });
      }
      const own = await call("GET", `/api/v2/uploads/${file.id}`, { token: member.token });
      expect(own.status).toBe(200);
      expect(UploadResponseSchema.parse(own.body.data).file).toMatchObject({ id: file.id, sha256: file.sha256 });
    }
    // Once on a post of a public group, whoever reads the post may see its record.
    const posted = await call("POST", `/api/v2/groups/${group.id}/threads/create`, {
      token: member.token,
      body: { title: "Now posted", content: textDelta("See"), file_attachments: String(draft.id) },
    });
    expect(posted.status).toBe(200);
    const guest = await call("GET", `/api/v2/uploads/${draft.id}`);
    expect(guest.status).toBe(200);
    expect(UploadResponseSchema.parse(guest.body.data).file.post_id).toBeGreaterThan(0);
  });

  it("lists my uploads, newest first, with a count", async () => {
    const me = await createTestUser();
    const a = await uploadOk(me, await makePng(5, 5), "a.png", { group_id: group.id });
    const b = await uploadOk(me, await makePng(6, 5), "b.png", { group_id: group.id });
    const answer = await call("GET", "/api/v2/users/me/uploads", { token: me.token, query: { per_page: 1 } });
    const page = UploadListResponseSchema.parse(answer.body.data);
    expect(page.count).toBe(2);
    expect(page.files.map((file) => file.id)).toEqual([b.id]);
    expect(a.id).toBeLessThan(b.id);
  });

  it("lets the uploader or a moderator delete; the content goes when no other row refers to it", async () => {
    const png = await makePng(33, 33);
    const mine = await uploadOk(member, png, "a.png", { group_id: group.id });
    const same = await uploadOk(stranger, png, "b.png", { group_id: group.id });
    expect(same.sha256).toBe(mine.sha256);
    const refused = await call("POST", `/api/v2/uploads/${mine.id}/delete`, { token: stranger.token });
    expect(refused.status).toBe(403);
    expect((await call("POST", `/api/v2/uploads/${mine.id}/delete`, { token: member.token })).status).toBe(200);
    expect((await fetchFile(mine)).status).toBe(404);
    expect(isStored(same)).toBe(true);
    expect((await fetchFile(same)).status).toBe(200);
    expect((await call("POST", `/api/v2/uploads/${same.id}/delete`, { token: moderator.token })).status).toBe(200);
    expect(isStored(same)).toBe(false);
    expect((await call("POST", `/api/v2/uploads/${same.id}/delete`, { token: moderator.token })).status).toBe(404);
  });

  it("sweeps post uploads left unattached for 24 hours, and only those", async () => {
    const orphan = await uploadOk(member, await makePng(21, 21), "draft.png", { group_id: group.id });
    const fresh = await uploadOk(member, await makePng(22, 21), "fresh.png", { group_id: group.id });
    const avatar = await uploadOk(member, await makePng(23, 21), "me.png", { purpose: "avatar" });
    const kept = await uploadOk(member, await makePng(24, 21), "kept.png", { group_id: group.id });
    const thread = await createThreadOverHttp(member, group.id);
    const posted = await call("POST", `/api/v2/threads/${thread.id}/posts/create`, {
      token: member.token,
      body: { content: textDelta("x"), file_attachments: kept.id },
    });
    expect(posted.status).toBe(200);
    const db = await getDb();
    const old = new Date(Date.now() - 25 * 3_600_000);
    await db.attachment.updateMany({ where: { id: { in: [orphan.id, avatar.id, kept.id] } }, data: { createdAt: old } });
    expect(await sweepOrphanUploads()).toBeGreaterThanOrEqual(1);
    const left = (await db.attachment.findMany({ where: { id: { in: [orphan.id, fresh.id, avatar.id, kept.id] } }, select: { id: true } })).map(
      (row) => row.id,
    );
    expect(left.sort((x, y) => x - y)).toEqual([fresh.id, avatar.id, kept.id]);
    expect(isStored(orphan)).toBe(false);
    expect(isStored(kept)).toBe(true);
  });
});
