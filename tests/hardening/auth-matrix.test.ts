import { randomBytes } from "node:crypto";
import { SignJWT, UnsecuredJWT, decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NAMED_ENDPOINTS } from "@/lib/api/routes";
import { methodsOf } from "@/lib/api/define-endpoint";
import { getServerSecret } from "@/lib/auth/secret";
import { issueUserToken } from "@/lib/auth/tokens";
import { getPool } from "@/lib/db/engine/client";
import { createCast, createThreadWithReply, postAs } from "../support/community-helpers";
import { countRows, sendRaw } from "../support/hardening";
import { makePng } from "../support/upload-helpers";
import { inGroup, type Target, type WriteCase } from "../support/auth-matrix-target";
import { createMatrixPoll, POLL_WRITES } from "../support/poll-auth-cases";
import { BADGE_WRITES, createMatrixBadge } from "../support/badge-auth-cases";
import { textDelta } from "../support/thread-helpers";
import { createMatrixLinkProof, WALLET_WRITES } from "../support/wallet-auth-cases";
import { TIP_WRITES } from "../support/tip-auth-cases";

// Contract section 4, every write × every kind of bad token: no token, garbage, expired,
// revoked (after logout), forged with another secret, alg=none, and a real token of a user
// with no right on the target. Each cell answers its 401 or 403 and changes nothing: the row
// count of every table and a digest of every table that holds forum content.

type TokenKind = "none" | "garbage" | "expired" | "revoked" | "other secret" | "alg none" | "another user";
const TOKEN_KINDS: readonly TokenKind[] = ["none", "garbage", "expired", "revoked", "other secret", "alg none", "another user"];
const EXPECTED: Record<Exclude<TokenKind, "another user">, { status: number; code: number }> = {
  none: { status: 401, code: 40102 },
  garbage: { status: 401, code: 40103 },
  expired: { status: 401, code: 40103 },
  revoked: { status: 401, code: 40103 },
  "other secret": { status: 401, code: 40103 },
  "alg none": { status: 401, code: 40103 },
};

const WRITES: Record<string, WriteCase> = {
  ...POLL_WRITES,
  ...BADGE_WRITES,
  "POST /api/v2/groups/{group_id}/threads/create": {
    request: (t) => ({ path: `/api/v2/groups/${t.cast.group.id}/threads/create`, body: { title: "Matrix thread", content: textDelta("x") } }),
    anotherUser: 403,
  },
  "POST /api/v2/threads/{thread_id}/posts/create": {
    request: (t) => ({ path: `/api/v2/threads/${t.threadId}/posts/create`, body: { content: textDelta("x") } }),
    anotherUser: 403,
  },
  "POST /api/v2/posts/{post_id}/like": { request: (t) => ({ path: `/api/v2/posts/${t.postId}/like`, body: {} }), anotherUser: 403 },
  "POST /api/v2/posts/{post_id}/unlike": { request: (t) => ({ path: `/api/v2/posts/${t.postId}/unlike`, body: {} }), anotherUser: "own" },
  "POST /api/group/create": {
    request: (t) => ({
      path: "/api/group/create",
      body: {
        title: "Matrix",
        name: `matrix-${randomBytes(3).toString("hex")}`,
        description: "d",
        cover: "",
        logo: "",
        uid: t.cast.owner.id,
        signature: "0x00",
      },
    }),
    anotherUser: 403,
  },
  "POST /api/v2/groups/{group_id}/categories/create": { request: (t) => inGroup(t, "categories/create", { name: "Matrix category" }), anotherUser: 403 },
  "POST /api/v2/groups/{group_id}/categories/{category_id}/edit": {
    request: (t) => inGroup(t, `categories/${t.categoryId}/edit`, { name: "Matrix rename" }),
    anotherUser: 403,
  },
  "POST /api/v2/groups/{group_id}/categories/{category_id}/delete": { request: (t) => inGroup(t, `categories/${t.categoryId}/delete`, {}), anotherUser: 403 },
  "POST /api/v2/groups/{group_id}/categories/order": { request: (t) => inGroup(t, "categories/order", { ids: String(t.categoryId) }), anotherUser: 403 },
  "POST /api/v2/groups/{group_id}/tags": { request: (t) => inGroup(t, "tags", { name: "Matrix tag" }), anotherUser: 403 },
  "POST /api/v2/groups/{group_id}/tags/{tag_id}/edit": { request: (t) => inGroup(t, `tags/${t.tagId}/edit`, { name: "Matrix retag" }), anotherUser: 403 },
  "POST /api/v2/groups/{group_id}/tags/{tag_id}/delete": { request: (t) => inGroup(t, `tags/${t.tagId}/delete`, {}), anotherUser: 403 },
  "POST /api/v2/groups/{group_id}/tags/order": { request: (t) => inGroup(t, "tags/order", { ids: String(t.tagId) }), anotherUser: 403 },
  // Drafts are everyone's own: another user's token saves and deletes only that user's (drafts are not content here).
  "POST /api/v2/drafts/{draft_key}": {
    request: () => ({ path: "/api/v2/drafts/matrix-draft", body: { content: textDelta("draft"), sequence: 0 } }),
    anotherUser: "own",
  },
  "POST /api/v2/drafts/{draft_key}/delete": {
    request: () => ({ path: "/api/v2/drafts/matrix-delete/delete", body: { sequence: 1 } }),
    anotherUser: "own",
  },
  "POST /api/user/update_info": { request: () => ({ path: "/api/user/update_info", body: { email: "matrix@example.com" } }), anotherUser: "own" },
  "POST /api/logout": { request: () => ({ path: "/api/logout", body: {} }), anotherUser: "own" },
  // Contract section 20: the update_info row above gave the other user an unconfirmed address, so their own resend is a 200.
  "POST /api/v2/users/me/email/resend": { request: () => ({ path: "/api/v2/users/me/email/resend", body: {} }), anotherUser: "own" },
  // Contract section 20: another user's token queues that user's own export of their own data.
  "POST /api/v2/users/me/export": { request: () => ({ path: "/api/v2/users/me/export", body: {} }), anotherUser: "own" },
  // Contract section 20: only the account's own username confirms its deletion; another user naming the author's is a 400.
  "POST /api/v2/users/me/delete": { request: (t) => ({ path: "/api/v2/users/me/delete", body: { confirm: t.cast.author.username } }), anotherUser: 400 },

  "POST /api/v2/posts/{post_id}/edit": {
    request: (t) => ({ path: `/api/v2/posts/${t.postId}/edit`, body: { content: textDelta("edited") } }),
    anotherUser: 403,
  },
  "POST /api/v2/posts/{post_id}/delete": { request: (t) => ({ path: `/api/v2/posts/${t.postId}/delete`, body: { reason: "matrix" } }), anotherUser: 403 },
  "POST /api/v2/posts/{post_id}/restore": { request: (t) => ({ path: `/api/v2/posts/${t.deletedPostId}/restore`, body: {} }), anotherUser: 403 },
  // Contract section 17: the author or a moderator marks a post sensitive; anyone ignores someone, for themselves only.
  "POST /api/v2/posts/{post_id}/bookmark": { request: (t) => ({ path: `/api/v2/posts/${t.postId}/bookmark`, body: { bookmarked: 1 } }), anotherUser: "own" },
  "POST /api/v2/posts/{post_id}/nsfw": { request: (t) => ({ path: `/api/v2/posts/${t.postId}/nsfw`, body: { nsfw: 1 } }), anotherUser: 403 },
  "POST /api/v2/users/{user_id}/ignore": { request: (t) => ({ path: `/api/v2/users/${t.cast.author.id}/ignore`, body: { ignored: 1 } }), anotherUser: "own" },
  "POST /api/v2/posts/{post_id}/report": { request: (t) => ({ path: `/api/v2/posts/${t.postId}/report`, body: { reason: "spam" } }), anotherUser: 403 },
  "POST /api/v2/threads/{thread_id}/edit": { request: (t) => ({ path: `/api/v2/threads/${t.threadId}/edit`, body: { title: "Edited" } }), anotherUser: 403 },
  "POST /api/v2/threads/{thread_id}/delete": {
    request: (t) => ({ path: `/api/v2/threads/${t.threadId}/delete`, body: { reason: "matrix" } }),
    anotherUser: 403,
  },
  "POST /api/v2/threads/{thread_id}/pin": { request: (t) => ({ path: `/api/v2/threads/${t.threadId}/pin`, body: { pinned: 1 } }), anotherUser: 403 },
  "POST /api/v2/threads/{thread_id}/lock": { request: (t) => ({ path: `/api/v2/threads/${t.threadId}/lock`, body: { locked: 1 } }), anotherUser: 403 },
  "POST /api/v2/reports/{report_id}/resolve": {
    request: (t) => ({ path: `/api/v2/reports/${t.reportId}/resolve`, body: { action: "delete_post" } }),
    anotherUser: 403,
  },
  // Contract section 14: `banned` is banned in the group (cannot join) and moderates nothing.
  "POST /api/v2/groups/{group_id}/join": { request: (t) => ({ path: `/api/v2/groups/${t.cast.group.id}/join`, body: {} }), anotherUser: 403 },
  "POST /api/v2/groups/{group_id}/leave": { request: (t) => ({ path: `/api/v2/groups/${t.cast.group.id}/leave`, body: {} }), anotherUser: 403 },
  "POST /api/v2/groups/{group_id}/requests/{user_id}/approve": {
    request: (t) => ({ path: `/api/v2/groups/${t.cast.group.id}/requests/${t.cast.stranger.id}/approve`, body: {} }),
    anotherUser: 403,
  },
  "POST /api/v2/groups/{group_id}/requests/{user_id}/reject": {
    request: (t) => ({ path: `/api/v2/groups/${t.cast.group.id}/requests/${t.cast.stranger.id}/reject`, body: {} }),
    anotherUser: 403,
  },
  "POST /api/v2/groups/{group_id}/invites": {
    request: (t) => ({ path: `/api/v2/groups/${t.cast.group.id}/invites`, body: { user_id: t.cast.stranger.id } }),
    anotherUser: 403,
  },
  // Contract section 17: a reader's own read marks and mutes.
  "POST /api/v2/feed/dismiss": { request: () => ({ path: "/api/v2/feed/dismiss", body: { filter: "new" } }), anotherUser: "own" },
  "POST /api/v2/groups/{group_id}/mute": { request: (t) => ({ path: `/api/v2/groups/${t.cast.group.id}/mute`, body: { muted: 1 } }), anotherUser: "own" },
  "POST /api/v2/threads/{thread_id}/mute": { request: (t) => ({ path: `/api/v2/threads/${t.threadId}/mute`, body: { muted: 1 } }), anotherUser: "own" },
  "POST /api/v2/groups/{group_id}/settings": {
    request: (t) => ({ path: `/api/v2/groups/${t.cast.group.id}/settings`, body: { visibility: 2 } }),
    anotherUser: 403,
  },
  "POST /api/v2/admin/users/{user_id}/suspend": {
    request: (t) => ({ path: `/api/v2/admin/users/${t.cast.author.id}/suspend`, body: { suspended: 1 } }),
    anotherUser: 403,
  },
  "POST /api/v2/admin/groups/{group_id}/recommend": {
    request: (t) => ({ path: `/api/v2/admin/groups/${t.cast.group.id}/recommend`, body: { no_recommend: 1 } }),
    anotherUser: 403,
  },
  "POST /api/v2/groups/{group_id}/features": {
    request: (t) => inGroup(t, "features", { feature_name: "rewards", status: 0 }),
    anotherUser: 403,
  },
  "POST /api/v2/groups/{group_id}/gate": {
    request: (t) => ({ path: `/api/v2/groups/${t.cast.group.id}/gate`, body: { logic: "all", rules: "[]" } }),
    anotherUser: 403,
  },
  "POST /api/v2/groups/{group_id}/bans": {
    request: (t) => ({ path: `/api/v2/groups/${t.cast.group.id}/bans`, body: { user_id: t.cast.author.id, reason: "matrix", days: 0 } }),
    anotherUser: 403,
  },
  "POST /api/v2/groups/{group_id}/bans/{user_id}/lift": {
    request: (t) => ({ path: `/api/v2/groups/${t.cast.group.id}/bans/${t.cast.banned.id}/lift`, body: {} }),
    anotherUser: 403,
  },
  // Their own follow (0: not following, so nothing changes) and their own notifications (none: banned).
  "POST /api/v2/threads/{thread_id}/subscribe": {
    request: (t) => ({ path: `/api/v2/threads/${t.threadId}/subscribe`, body: { subscribe: 0 } }),
    anotherUser: "own",
  },
  "POST /api/v2/notifications/read": { request: () => ({ path: "/api/v2/notifications/read", body: { all: 1 } }), anotherUser: "own" },
  // Contract section 15: the banned user may not upload to the group, nor delete the author's upload.
  "POST /api/v2/uploads": {
    request: (t) => ({ path: "/api/v2/uploads", body: { group_id: t.cast.group.id, file: t.png }, encoding: "multipart" }),
    anotherUser: 403,
  },
  "POST /api/v2/uploads/{upload_id}/delete": { request: (t) => ({ path: `/api/v2/uploads/${t.uploadId}/delete`, body: {} }), anotherUser: 403 },
  "POST /api/v2/groups/{group_id}/admins": {
    request: (t) => ({ path: `/api/v2/groups/${t.cast.group.id}/admins`, body: { user_id: t.cast.author.id, level: 3 } }),
    anotherUser: 403,
  },
  ...WALLET_WRITES,
  ...TIP_WRITES,
};

// Everything but who is signed in (users' last_seen_at, tokens, nonces): what a write could spoil.
const CONTENT_TABLES = [
  "groups",
  "group_features",
  "group_admins",
  "group_members",
  "group_bans",
  "categories",
  "tags",
  "thread_tags",
  "threads",
  "posts",
  "post_likes",
  "post_edits",
  "post_reports",
  "modlog_entries",
  "subscriptions",
  "thread_participants",
  "attachments",
  "notifications",
  "post_mentions",
  "polls",
  "poll_ballots",
  "post_tips",
  "badges",
  "user_badges",
  "user_titles",
];

async function digestContent(): Promise<Record<string, string>> {
  const pool = await getPool();
  const sql = CONTENT_TABLES.map(
    (name) => `SELECT '${name}' AS name, md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS digest FROM "${name}" t`,
  ).join(" UNION ALL ");
  const { rows } = await pool.query<{ name: string; digest: string }>(sql);
  return Object.fromEntries(rows.map((row) => [row.name, row.digest]));
}

/** A token as the server signs them (lib/auth/tokens.ts), with its claims and key chosen here. */
function signToken(claims: { sub: string; jti: string; exp: number; iat: number }, key: Uint8Array): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(claims.sub)
    .setJti(claims.jti)
    .setIssuer("agora")
    .setIssuedAt(claims.iat)
    .setExpirationTime(claims.exp)
    .sign(key);
}

let target: Target;
const tokens = {} as Record<TokenKind, string | undefined>;
let cells = 0;

beforeAll(async () => {
  const cast = await createCast();
  const { threadId, firstPostId, postId } = await createThreadWithReply(cast.author, cast.group.id);
  const deleted = await createThreadWithReply(cast.author, cast.group.id);
  expect((await postAs(cast.author, `/api/v2/posts/${deleted.postId}/delete`, { reason: "to restore" })).status).toBe(200);
  const report = await postAs<{ report: { id: number } }>(cast.stranger, `/api/v2/posts/${postId}/report`, { reason: "spam" });
  expect(report.status).toBe(200);
  const png = new Blob([new Uint8Array(await makePng(12, 12))], { type: "image/png" });
  const upload = await sendRaw("POST", "/api/v2/uploads", { group_id: cast.group.id, file: png }, { token: cast.author.token, encoding: "multipart" });
  expect(upload.status, upload.text).toBe(200);
  const uploadId = (upload.body as { data: { file: { id: number } } }).data.file.id;
  const category = await postAs<{ category: { id: number } }>(cast.owner, `/api/v2/groups/${cast.group.id}/categories/create`, { name: "Matrix shelf" });
  expect(category.status).toBe(200);
  // The draft the other user's delete cell deletes (their own, at sequence 1).
  expect((await postAs(cast.banned, "/api/v2/drafts/matrix-delete", { content: textDelta("to delete"), sequence: 0 })).status).toBe(200);
  const categoryId = category.body.data.category.id;
  const tagId = (await postAs<{ tag: { id: number } }>(cast.owner, `/api/v2/groups/${cast.group.id}/tags`, { name: "Matrix label" })).body.data.tag.id;
  const pollId = await createMatrixPoll(cast, threadId);
  const badgeId = await createMatrixBadge(cast);
  target = {
    cast,
    threadId,
    firstPostId,
    postId,
    deletedPostId: deleted.postId,
    reportId: report.body.data.report.id,
    uploadId,
    png,
    categoryId,
    tagId,
    pollId,
    badgeId,
    linkProof: await createMatrixLinkProof(),
  };

  // The forged tokens name the owner, who may do every one of these writes.
  const valid = await issueUserToken(cast.owner.id);
  const { jti } = decodeJwt(valid) as { jti: string };
  const now = Math.floor(Date.now() / 1000);
  tokens.none = undefined;
  tokens.garbage = "not-a-token.at.all";
  tokens.expired = await signToken({ sub: String(cast.owner.id), jti, iat: now - 7200, exp: now - 3600 }, getServerSecret());
  tokens["other secret"] = await signToken({ sub: String(cast.owner.id), jti, iat: now, exp: now + 3600 }, randomBytes(48));
  tokens["alg none"] = new UnsecuredJWT({})
    .setSubject(String(cast.owner.id))
    .setJti(jti)
    .setIssuer("agora")
    .setIssuedAt(now)
    .setExpirationTime(now + 3600)
    .encode();
  const revoked = await issueUserToken(cast.owner.id);
  expect((await sendRaw("POST", "/api/logout", {}, { token: revoked })).status).toBe(200);
  tokens.revoked = revoked;
});

afterAll(() => {
  console.log(
    `auth-matrix: ${cells} cells (${Object.keys(WRITES).length} writes × ${TOKEN_KINDS.length} token kinds), each refused or confined and nothing changed`,
  );
});

describe("the authorization matrix of every write", () => {
  it("names every write of the route table", () => {
    const writes = NAMED_ENDPOINTS.filter(({ spec }) => spec.auth === "user" && methodsOf(spec).includes("POST") && !methodsOf(spec).includes("GET"));
    expect(Object.keys(WRITES).sort()).toEqual(writes.map(({ spec }) => `POST ${spec.path}`).sort());
  });

  const rows = Object.entries(WRITES).flatMap(([name, write]) => TOKEN_KINDS.map((kind) => [name, kind, write] as const));
  it.each(rows)("%s with %s token", async (name, kind, write) => {
    const { path, body, encoding } = write.request(target);
    const family = path.startsWith("/api/v2/") ? "v2" : "api";
    // A fresh token for the other user each time: their own logout revokes the one it sends.
    const token = kind === "another user" ? await issueUserToken(target.cast.banned.id) : tokens[kind];
    const rowsBefore = await countRows();
    const contentBefore = await digestContent();
    const answer = await sendRaw("POST", path, body, { token, encoding });
    const { code } = answer.body as { code: number | string };
    if (kind === "another user") {
      if (write.anotherUser === 403) expect({ status: answer.status, code: Number(code) }, answer.text).toEqual({ status: 403, code: 40300 });
      else if (write.anotherUser === 400) expect({ status: answer.status, code: Number(code) }, answer.text).toEqual({ status: 400, code: 40000 });
      else expect(answer.status, answer.text).toBe(200);
    } else {
      expect({ status: answer.status, code: Number(code) }, answer.text).toEqual(EXPECTED[kind]);
    }
    expect(typeof code).toBe(family === "v2" ? "string" : "number");
    if (kind !== "another user" || write.anotherUser !== "own") expect(await countRows()).toEqual(rowsBefore);
    expect(await digestContent()).toEqual(contentBefore);
    cells += 1;
  });
});
