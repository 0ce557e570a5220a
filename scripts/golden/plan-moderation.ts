import { crc32, deflateSync } from "node:zlib";
import { delta, type Community } from "./plan-community";
import type { Answer, Recorder } from "./recorder";

// The write sequence, second half: roles and bans, deletes and restores, thread moderation,
// membership rules, the token gate, uploads and logout; then the reads that show the end state.

// A small PNG drawn here (a 4×4 gradient): the upload service re-encodes it with the app's sharp.
function drawPng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(4, 0);
  header.writeUInt32BE(4, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = [0, 1, 2, 3].map((y) => Buffer.from([0, ...[0, 1, 2, 3].flatMap((x) => [x * 60, y * 60, 200])]));
  return Buffer.concat([
    Buffer.from("89504e470d0a1a0a", "hex"),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.concat(rows))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

const PNG = drawPng();

const post = (text: string) => ({ content: delta({ insert: `${text}\n` }) });

function idOf(answer: Answer, key: string): number | undefined {
  return ((answer.json.data ?? {}) as Record<string, { id?: number } | undefined>)[key]?.id;
}

export async function captureModeration(rec: Recorder, c: Community): Promise<void> {
  const group = `/api/v2/groups/${c.groupId}`;
  const posts = `/api/v2/threads/${c.threadId}/posts/create`;
  await rec.send("make moderator level 3", { method: "POST", path: `${group}/admins`, user: "owner", body: { user_id: c.moderator.id, level: 3 } });
  await rec.send("make admin by a moderator", { method: "POST", path: `${group}/admins`, user: "moderator", body: { user_id: c.member.id, level: 2 } });
  await rec.send("role level 1 refused", { method: "POST", path: `${group}/admins`, user: "owner", body: { user_id: c.member.id, level: 1 } });
  await rec.send("ban member by moderator", {
    method: "POST",
    path: `${group}/bans`,
    user: "moderator",
    body: { user_id: c.member.id, reason: "Cool down", days: 0 },
  });
  await rec.send("ban owner by moderator", { method: "POST", path: `${group}/bans`, user: "moderator", body: { user_id: c.owner.id, days: 1 } });
  await rec.send("banned member posts", { method: "POST", path: posts, user: "member", body: post("Can I still post?") });
  await rec.send("banned member likes", { method: "POST", path: `/api/v2/posts/${c.moderatorPostId}/like`, user: "member" });
  await rec.send("thread as banned member", { path: `/api/get_thread/${c.threadId}`, query: { group_name: c.groupName }, user: "member" });
  await rec.send("lift ban", { method: "POST", path: `${group}/bans/${c.member.id}/lift`, user: "owner" });
  await rec.send("lift ban again", { method: "POST", path: `${group}/bans/${c.member.id}/lift`, user: "owner" });
  const again = await rec.send("member posts after the ban", { method: "POST", path: posts, user: "member", body: post("Back again.") });
  const againId = idOf(again, "post") ?? 0;
  const del = (postId: number) => `/api/v2/posts/${postId}/delete`;
  await rec.send("delete own post", { method: "POST", path: del(againId), user: "member", body: { reason: "typo" } });
  await rec.send("restore own post", { method: "POST", path: `/api/v2/posts/${againId}/restore`, user: "member" });
  await rec.send("delete as moderator", { method: "POST", path: del(againId), user: "moderator", body: { reason: "off topic" } });
  await rec.send("restore moderator-deleted post as author", { method: "POST", path: `/api/v2/posts/${againId}/restore`, user: "member" });
  await rec.send("delete someone else's post", { method: "POST", path: del(c.firstPostId), user: "member" });
  await rec.send("thread with a deleted post as guest", { path: `/api/get_thread/${c.threadId}`, query: { group_name: c.groupName, sort: "old" } });
  await rec.send("thread with a deleted post as moderator", {
    path: `/api/get_thread/${c.threadId}`,
    query: { group_name: c.groupName, sort: "old" },
    user: "moderator",
  });
  const thread = `/api/v2/threads/${c.threadId}`;
  await rec.send("thread edit title", { method: "POST", path: `${thread}/edit`, user: "owner", body: { title: "Golden thread (edited)" } });
  await rec.send("thread edit by moderator", { method: "POST", path: `${thread}/edit`, user: "moderator", body: { category_id: 0 } });
  await rec.send("thread edit by member", { method: "POST", path: `${thread}/edit`, user: "member", body: { title: "Mine" } });
  await rec.send("thread pin", { method: "POST", path: `${thread}/pin`, user: "moderator", body: { pinned: 1 } });
  await rec.send("thread lock", { method: "POST", path: `${thread}/lock`, user: "owner", body: { locked: 1 } });
  await rec.send("post while locked", { method: "POST", path: posts, user: "member", body: post("Locked out?") });
  await rec.send("moderator posts while locked", { method: "POST", path: posts, user: "moderator", body: post("Moderators may.") });
  await rec.send("thread unlock", { method: "POST", path: `${thread}/lock`, user: "owner", body: { locked: "0" } });
  await rec.send("thread pin bad flag", { method: "POST", path: `${thread}/pin`, user: "owner", body: { pinned: "yes" } });
  const second = await rec.send("second thread by member", {
    method: "POST",
    path: `${group}/threads/create`,
    user: "member",
    body: { title: "Short-lived", content: delta({ insert: "Gone soon.\n" }), category_id: c.categoryId },
  });
  const secondId = idOf(second, "thread") ?? 0;
  await rec.send("delete own thread", { method: "POST", path: `/api/v2/threads/${secondId}/delete`, user: "member", body: { reason: "never mind" } });
  await rec.send("deleted thread as guest", { path: `/api/get_thread/${secondId}`, query: { group_name: c.groupName } });
  await rec.send("deleted thread as owner", { path: `/api/get_thread/${secondId}`, query: { group_name: c.groupName }, user: "owner" });
  await rec.send("delete thread with replies by member", { method: "POST", path: `${thread}/delete`, user: "member" });
  await rec.send("modlog as guest", { path: `${group}/modlog` });
  await rec.send("modlog as owner", { path: `${group}/modlog`, user: "owner" });
  await rec.send("modlog page=2 per_page=2", { path: `${group}/modlog`, query: { page: 2, per_page: 2 }, user: "moderator" });
}

export async function captureMembership(rec: Recorder, c: Community): Promise<void> {
  const group = `/api/v2/groups/${c.groupId}`;
  await rec.send("settings by request", { method: "POST", path: `${group}/settings`, user: "owner", body: { joining: 1 } });
  await rec.send("settings by a moderator", { method: "POST", path: `${group}/settings`, user: "moderator", body: { joining: 0 } });
  await rec.send("settings bad visibility", { method: "POST", path: `${group}/settings`, user: "owner", body: { visibility: 7 } });
  await rec.send("ask to join", { method: "POST", path: `${group}/join`, user: "asker", body: { message: "Let me in, please." } });
  await rec.send("pending members", { path: `${group}/members`, query: { state: "pending" }, user: "owner" });
  await rec.send("pending members as guest", { path: `${group}/members`, query: { state: "pending" } });
  await rec.send("approve request", { method: "POST", path: `${group}/requests/${c.asker.id}/approve`, user: "moderator" });
  await rec.send("leave", { method: "POST", path: `${group}/leave`, user: "asker" });
  await rec.send("owner cannot leave", { method: "POST", path: `${group}/leave`, user: "owner" });
  await rec.send("ask to join again", { method: "POST", path: `${group}/join`, user: "asker" });
  await rec.send("reject request", { method: "POST", path: `${group}/requests/${c.asker.id}/reject`, user: "owner", body: { reason: "Not now." } });
  await rec.send("approve without a request", { method: "POST", path: `${group}/requests/${c.asker.id}/approve`, user: "owner" });
  await rec.send("settings invitation only", {
    method: "POST",
    path: `${group}/settings`,
    user: "owner",
    body: { joining: 2, attached_files: { allow_everyone: 1, allow_post: 1, allow_all_file_type: "1" } },
  });
  await rec.send("join without invite", { method: "POST", path: `${group}/join`, user: "asker" });
  await rec.send("invite", { method: "POST", path: `${group}/invites`, user: "owner", body: { user_id: c.asker.id } });
  await rec.send("invite again", { method: "POST", path: `${group}/invites`, user: "owner", body: { user_id: c.asker.id } });
  await rec.send("join with invite", { method: "POST", path: `${group}/join`, user: "asker" });
  await rec.send("notifications asker", { path: "/api/v2/notifications", user: "asker" });
  const rule = { type: "native", chain_id: 1, min_amount: "1" };
  await rec.send("gate set", { method: "POST", path: `${group}/gate`, user: "owner", body: { logic: "any", rules: [rule] } });
  await rec.send("gate set bad rule", {
    method: "POST",
    path: `${group}/gate`,
    user: "owner",
    body: { rules: [{ type: "erc20", chain_id: 1, min_amount: "1" }] },
  });
  await rec.send("gate check", { path: `${group}/gate/check`, user: "member" });
  await rec.send("gate clear", { method: "POST", path: `${group}/gate`, user: "owner", body: { rules: "[]" } });
  await rec.send("settings private and open", { method: "POST", path: `${group}/settings`, user: "owner", body: { joining: 0, visibility: 1 } });
  await rec.send("private group threads as guest", { path: `${group}/threads` });
  await rec.send("private group thread as guest", { path: `/api/get_thread/${c.threadId}`, query: { group_name: c.groupName } });
  await rec.send("private group info as guest", { path: group });
  await rec.send("private group search as guest", { path: "/api/v2/search", query: { q: "golden" } });
  await rec.send("private group search as member", { path: "/api/v2/search", query: { q: "golden" }, user: "member" });
  await rec.send("settings public again", { method: "POST", path: `${group}/settings`, user: "owner", body: { visibility: "0", open_readonly: "0" } });
}

export async function captureUploads(rec: Recorder, c: Community): Promise<void> {
  const file = { bytes: PNG, name: "dot.png", type: "image/png" };
  const uploaded = await rec.send("upload png", { method: "POST", path: "/api/v2/uploads", user: "owner", body: { group_id: c.groupId }, files: { file } });
  const uploadId = idOf(uploaded, "file") ?? 0;
  const text = { bytes: Buffer.from("plain words\n"), name: "notes.txt", type: "text/plain" };
  const spare = await rec.send("upload text file", {
    method: "POST",
    path: "/api/v2/uploads",
    user: "owner",
    body: { group_id: c.groupId, purpose: "post" },
    files: { file: text },
  });
  await rec.send("upload without a file", { method: "POST", path: "/api/v2/uploads", user: "owner", body: { group_id: c.groupId }, encoding: "multipart" });
  await rec.send("upload bad purpose", { method: "POST", path: "/api/v2/uploads", user: "owner", body: { purpose: "banner" }, files: { file } });
  await rec.send("upload as owner", { path: `/api/v2/uploads/${uploadId}`, user: "owner" });
  await rec.send("unattached upload as guest", { path: `/api/v2/uploads/${uploadId}` });
  await rec.send("my uploads", { path: "/api/v2/users/me/uploads", user: "owner" });
  const attached = await rec.send("post with attachment", {
    method: "POST",
    path: `/api/v2/threads/${c.threadId}/posts/create`,
    user: "owner",
    body: { content: delta({ insert: "A picture:\n" }), file_attachments: String(uploadId) },
  });
  await rec.send("post with someone else's upload", {
    method: "POST",
    path: `/api/v2/threads/${c.threadId}/posts/create`,
    user: "member",
    body: { content: delta({ insert: "Stolen.\n" }), file_attachments: String(uploadId) },
  });
  await rec.send("attached upload as guest", { path: `/api/v2/uploads/${uploadId}` });
  const url = ((attached.json.data?.post as { attached_files?: { url?: string }[] } | undefined)?.attached_files ?? [])[0]?.url;
  if (url) await rec.send("file: attached upload", { path: new URL(url).pathname, key: "none" });
  const spareId = idOf(spare, "file");
  if (spareId) {
    await rec.send("delete upload by someone else", { method: "POST", path: `/api/v2/uploads/${spareId}/delete`, user: "member" });
    await rec.send("delete upload", { method: "POST", path: `/api/v2/uploads/${spareId}/delete`, user: "owner" });
    await rec.send("deleted upload", { path: `/api/v2/uploads/${spareId}`, user: "owner" });
  }
  await rec.send("my uploads after delete", { path: "/api/v2/users/me/uploads", user: "owner", query: { per_page: 5 } });
}

/** The end state through every read, then logout. */
export async function captureReadsAfter(rec: Recorder, c: Community): Promise<void> {
  const group = `/api/v2/groups/${c.groupId}`;
  const thread = { group_name: c.groupName };
  await rec.send("after: get_thread as guest", { path: `/api/get_thread/${c.threadId}`, query: thread });
  await rec.send("after: get_thread as owner", { path: `/api/get_thread/${c.threadId}`, query: thread, user: "owner" });
  await rec.send("after: get_thread as member sort=old", { path: `/api/get_thread/${c.threadId}`, query: { ...thread, sort: "old" }, user: "member" });
  await rec.send("after: get_thread seeded t1", { path: "/api/get_thread/1", query: { group_name: "agora-lounge" } });
  await rec.send("after: get_thread seeded t1 as owner", { path: "/api/get_thread/1", query: { group_name: "agora-lounge" }, user: "owner" });
  await rec.send("after: group info as guest", { path: group });
  await rec.send("after: group info as moderator", { path: group, user: "moderator" });
  await rec.send("after: group threads", { path: `${group}/threads`, query: { sort: "new" } });
  await rec.send("after: group threads as owner", { path: `${group}/threads`, user: "owner" });
  await rec.send("after: category threads", { path: `${group}/categories/${c.categoryId}` });
  await rec.send("after: categories", { path: `${group}/categories` });
  await rec.send("after: members", { path: `${group}/members` });
  await rec.send("after: seeded group 1 threads", { path: "/api/v2/groups/1/threads" });
  await rec.send("after: user posts owner", { path: `/api/v2/users/${c.owner.id}/posts` });
  await rec.send("after: user posts member filter=likes", { path: `/api/v2/users/${c.member.id}/posts`, query: { filter: "likes" } });
  await rec.send("after: user posts member as member", { path: `/api/v2/users/${c.member.id}/posts`, user: "member" });
  await rec.send("after: wallet posts owner", { path: "/api/user/post/list", query: { web3_public_key: c.owner.address } });
  await rec.send("after: search golden", { path: "/api/v2/search", query: { q: "golden" } });
  await rec.send("after: search golden threads", { path: "/api/v2/search", query: { q: "golden", type: "threads", group_id: c.groupId } });
  await rec.send("after: me owner", { path: "/api/me", user: "owner" });
  await rec.send("after: me moderator", { method: "POST", path: "/api/me", user: "moderator" });
  await rec.send("after: notifications member", { path: "/api/v2/notifications", user: "member" });
  await rec.send("logout owner", { method: "POST", path: "/api/logout", user: "owner" });
  await rec.send("me after logout", { path: "/api/me", user: "owner" });
  await rec.send("logout again", { method: "POST", path: "/api/logout", user: "owner" });
  await rec.send("after logout: get_thread with the revoked token", { path: `/api/get_thread/${c.threadId}`, query: thread, user: "owner" });
}
