import { loginAccount, registerAccount, registerAgain, replayLogin, signProof, type Account } from "./accounts";
import type { Answer, Recorder } from "./recorder";

// The write sequence, first half: accounts, a group of their own, a thread with replies, likes,
// follows and notifications, edits, reports, roles, bans, deletes, pins and locks; each write
// followed by the reads that show what it changed.

export interface Community {
  owner: Account;
  member: Account;
  moderator: Account;
  asker: Account;
  groupId: number;
  groupName: string;
  categoryId: number;
  threadId: number;
  firstPostId: number;
  memberPostId: number;
  moderatorPostId: number;
}

export const GROUP_NAME = "golden-club";

export const delta = (...ops: unknown[]) => JSON.stringify(ops);
const text = (insert: string, attributes?: Record<string, unknown>) => (attributes ? { insert, attributes } : { insert });

function dataOf(answer: Answer): Record<string, unknown> {
  return (answer.json.data ?? {}) as Record<string, unknown>;
}

function idAt(answer: Answer, key: "post" | "thread" | "category" | "report" | "file"): number {
  const id = (dataOf(answer)[key] as { id?: number } | undefined)?.id;
  if (typeof id !== "number") throw new Error(`expected data.${key}.id, got ${answer.status} ${answer.text.slice(0, 300)}`);
  return id;
}

export async function captureAccounts(rec: Recorder): Promise<Pick<Community, "owner" | "member" | "moderator" | "asker">> {
  const owner = await registerAccount(rec, "owner");
  const member = await registerAccount(rec, "member");
  const moderator = await registerAccount(rec, "moderator");
  const asker = await registerAccount(rec, "asker");
  await registerAgain(rec, "owner");
  await loginAccount(rec, "owner");
  await replayLogin(rec, "member");
  const latecomer = await signProof(rec, "register latecomer", "latecomer");
  await rec.send("register with a taken username", {
    method: "POST",
    path: "/api/wallet/register",
    body: { ...latecomer, username: "GOLDEN_OWNER", photo_url: "" },
  });
  await rec.send("register without a proof", {
    method: "POST",
    path: "/api/wallet/register",
    body: { web3_public_key: latecomer.web3_public_key, wallet_type: 5, username: "x" },
  });
  const purse = { web3_public_key: "0x00000000000000000000000000000000000000f1", username: "golden_purse", photo_url: "https://example.org/p.png" };
  await rec.send("purse register", { method: "POST", path: "/api/v2/purse/register", body: purse, key: "query" });
  await rec.send("purse register again", { method: "POST", path: "/api/v2/purse/register", body: purse, key: "query" });
  await rec.send("purse register taken username", {
    method: "POST",
    path: "/api/v2/purse/register",
    body: { ...purse, web3_public_key: "0x00000000000000000000000000000000000000f2" },
  });
  await rec.send("update_info owner", {
    method: "POST",
    path: "/api/user/update_info",
    user: "owner",
    body: { email: "owner@example.org", photo_url: "https://example.org/owner.png", is_nft: 0 },
  });
  await rec.send("update_info member rename", {
    method: "POST",
    path: "/api/user/update_info",
    user: "member",
    body: { username: "golden_member" },
    encoding: "multipart",
  });
  await rec.send("update_info username taken", { method: "POST", path: "/api/user/update_info", user: "member", body: { username: "golden_mod" } });
  await rec.send("update_info bad email", { method: "POST", path: "/api/user/update_info", user: "member", body: { email: "not-an-email" } });
  await rec.send("update_info bad photo_url", { method: "POST", path: "/api/user/update_info", user: "member", body: { photo_url: "javascript:alert(1)" } });
  await rec.send("me owner GET", { path: "/api/me", user: "owner" });
  await rec.send("me member POST bare token", { method: "POST", path: "/api/me", authorization: rec.users.get("member")! });
  return { owner, member, moderator, asker };
}

export async function captureGroupAndThread(rec: Recorder, people: Pick<Community, "owner" | "member" | "moderator" | "asker">): Promise<Community> {
  const { owner } = people;
  const fields = { name: GROUP_NAME, title: "Golden Club", description: "Where the golden capture writes.", cover: "", logo: "", signature: "unchecked" };
  await rec.send("group create uid of someone else", { method: "POST", path: "/api/group/create", user: "owner", body: { ...fields, uid: people.member.id } });
  await rec.send("group create bad name", { method: "POST", path: "/api/group/create", user: "owner", body: { ...fields, name: "No Spaces!", uid: owner.id } });
  await rec.send("group create taken name", {
    method: "POST",
    path: "/api/group/create",
    user: "owner",
    body: { ...fields, name: "agora-lounge", uid: owner.id },
  });
  const created = await rec.send("group create", { method: "POST", path: "/api/group/create", user: "owner", body: { ...fields, uid: owner.id } });
  const groups = ((dataOf(created).user as { groups?: { id: number; name: string }[] } | undefined)?.groups ?? []).filter((group) => group.name === GROUP_NAME);
  if (groups.length !== 1) throw new Error(`group create failed: ${created.status} ${created.text.slice(0, 300)}`);
  const groupId = groups[0]!.id;
  const base = `/api/v2/groups/${groupId}`;
  await rec.send("new group info as guest", { path: base });
  await rec.send("new group info as owner", { path: base, user: "owner" });
  const category = await rec.send("category create", { method: "POST", path: `${base}/categories/create`, user: "owner", body: { name: "General" } });
  const categoryId = idAt(category, "category");
  await rec.send("category create child", { method: "POST", path: `${base}/categories/create`, user: "owner", body: { name: "Help", parent_id: categoryId } });
  await rec.send("category create by a non-admin", { method: "POST", path: `${base}/categories/create`, user: "member", body: { name: "Mine" } });
  await rec.send("category create blank name", { method: "POST", path: `${base}/categories/create`, user: "owner", body: { name: "  " } });
  const opening = delta(
    text("Welcome to the "),
    text("golden", { bold: true }),
    text(" thread. Read the "),
    text("guide", { link: "https://example.org/guide" }),
    text(".\nRules"),
    text("\n", { header: 2 }),
    text("Be kind"),
    text("\n", { list: "ordered" }),
    { insert: { emoji: { name: "sparkles", unicode: "✨" } } },
    text("\n"),
  );
  const thread = await rec.send("thread create", {
    method: "POST",
    path: `${base}/threads/create`,
    user: "owner",
    body: { title: "Golden thread", content: opening, category_id: categoryId },
  });
  const threadId = idAt(thread, "thread");
  const firstPostId = (dataOf(thread).thread as { first_post_id: number }).first_post_id;
  await rec.send("thread create empty content", {
    method: "POST",
    path: `${base}/threads/create`,
    user: "owner",
    body: { title: "Empty", content: delta(text("  \n")) },
  });
  await rec.send("thread create script link", {
    method: "POST",
    path: `${base}/threads/create`,
    user: "owner",
    body: { title: "Bad", content: delta(text("x", { link: "javascript:alert(1)" }), text("\n")) },
  });
  await rec.send("thread create title too long", {
    method: "POST",
    path: `${base}/threads/create`,
    user: "owner",
    body: { title: "t".repeat(201), content: delta(text("x\n")) },
  });
  await rec.send("join as member", { method: "POST", path: `${base}/join`, user: "member" });
  await rec.send("join as member again", { method: "POST", path: `${base}/join`, user: "member" });
  await rec.send("join as moderator", { method: "POST", path: `${base}/join`, user: "moderator" });
  const posts = `/api/v2/threads/${threadId}/posts/create`;
  const memberPost = await rec.send("post by member", {
    method: "POST",
    path: posts,
    user: "member",
    body: { content: delta(text("Thanks @golden_owner, glad to be here.\n")) },
  });
  const memberPostId = idAt(memberPost, "post");
  const modPost = await rec.send("reply by moderator", {
    method: "POST",
    path: posts,
    user: "moderator",
    body: { content: delta(text("Welcome @golden_member!\n")), parent_id: memberPostId },
  });
  const moderatorPostId = idAt(modPost, "post");
  await rec.send("reply by member (form)", {
    method: "POST",
    path: posts,
    user: "member",
    encoding: "form",
    body: { content: delta(text("Nested reply.\n")), parent_id: moderatorPostId },
  });
  await rec.send("reply to a post of another thread", { method: "POST", path: posts, user: "member", body: { content: delta(text("Lost.\n")), parent_id: 1 } });
  await rec.send("post in seeded thread 1 by member", {
    method: "POST",
    path: "/api/v2/threads/1/posts/create",
    user: "member",
    body: { content: delta(text("Hello from the golden run.\n")) },
  });
  return { ...people, groupId, groupName: GROUP_NAME, categoryId, threadId, firstPostId, memberPostId, moderatorPostId };
}

export async function captureReactions(rec: Recorder, c: Community): Promise<void> {
  await rec.send("like first post by member", { method: "POST", path: `/api/v2/posts/${c.firstPostId}/like`, user: "member" });
  await rec.send("like first post by member again", { method: "POST", path: `/api/v2/posts/${c.firstPostId}/like`, user: "member" });
  await rec.send("like first post by moderator", { method: "POST", path: `/api/v2/posts/${c.firstPostId}/like`, user: "moderator" });
  await rec.send("unlike first post by member", { method: "POST", path: `/api/v2/posts/${c.firstPostId}/unlike`, user: "member" });
  await rec.send("unlike first post by member again", { method: "POST", path: `/api/v2/posts/${c.firstPostId}/unlike`, user: "member" });
  await rec.send("like first post by member once more", { method: "POST", path: `/api/v2/posts/${c.firstPostId}/like`, user: "member" });
  await rec.send("like member post by owner", { method: "POST", path: `/api/v2/posts/${c.memberPostId}/like`, user: "owner" });
  await rec.send("like seeded post 1 by owner", { method: "POST", path: "/api/v2/posts/1/like", user: "owner" });
  await rec.send("like unknown post", { method: "POST", path: "/api/v2/posts/999999/like", user: "owner" });
  await rec.send("unsubscribe moderator", { method: "POST", path: `/api/v2/threads/${c.threadId}/subscribe`, user: "moderator", body: { subscribe: 0 } });
  await rec.send("subscribe moderator", { method: "POST", path: `/api/v2/threads/${c.threadId}/subscribe`, user: "moderator", body: { subscribe: "1" } });
  await rec.send("subscribe bad flag", { method: "POST", path: `/api/v2/threads/${c.threadId}/subscribe`, user: "moderator", body: { subscribe: 2 } });
  await rec.send("subscribe asker (not a member)", { method: "POST", path: `/api/v2/threads/${c.threadId}/subscribe`, user: "asker", body: { subscribe: 1 } });
  const list = await rec.send("notifications owner", { path: "/api/v2/notifications", user: "owner" });
  await rec.send("notifications owner unread=1", { path: "/api/v2/notifications", user: "owner", query: { unread: 1 } });
  await rec.send("notifications owner page=2 per_page=1", { path: "/api/v2/notifications", user: "owner", query: { page: 2, per_page: 1 } });
  const first = ((dataOf(list).notifications ?? []) as { id: number }[])[0]?.id;
  if (first) await rec.send("notifications read one", { method: "POST", path: "/api/v2/notifications/read", user: "owner", body: { ids: String(first) } });
  await rec.send("notifications read bad ids", { method: "POST", path: "/api/v2/notifications/read", user: "owner", body: { ids: "1,x" } });
  await rec.send("notifications owner after reading one", { path: "/api/v2/notifications", user: "owner" });
  await rec.send("notifications read all", { method: "POST", path: "/api/v2/notifications/read", user: "owner", body: { all: 1 } });
  await rec.send("notifications member", { path: "/api/v2/notifications", user: "member" });
  await rec.send("notifications moderator", { path: "/api/v2/notifications", user: "moderator" });
  await rec.send("notification stream head", { path: "/api/v2/notifications/stream", user: "owner", headersOnly: true });
  await rec.send("thread events head with token", { path: `/api/v2/threads/${c.threadId}/events`, user: "member", headersOnly: true });
}

export async function captureEditsAndReports(rec: Recorder, c: Community): Promise<void> {
  const edit = (postId: number) => `/api/v2/posts/${postId}/edit`;
  await rec.send("edit own post", {
    method: "POST",
    path: edit(c.memberPostId),
    user: "member",
    body: { content: delta(text("Thanks @golden_owner and @golden_mod, glad to be here.\n")) },
  });
  await rec.send("edit own post again", { method: "POST", path: edit(c.memberPostId), user: "member", body: { content: delta(text("Thanks everyone.\n")) } });
  await rec.send("edit by owner (moderator edit)", {
    method: "POST",
    path: edit(c.moderatorPostId),
    user: "owner",
    body: { content: delta(text("Welcome @golden_member! (edited by the owner)\n")) },
  });
  await rec.send("edit by someone else", { method: "POST", path: edit(c.firstPostId), user: "member", body: { content: delta(text("Mine now.\n")) } });
  await rec.send("edit bad content", { method: "POST", path: edit(c.memberPostId), user: "member", body: { content: "not json" } });
  await rec.send("revisions of member post", { path: `/api/v2/posts/${c.memberPostId}/revisions` });
  await rec.send("revisions of member post page=2 per_page=1", { path: `/api/v2/posts/${c.memberPostId}/revisions`, query: { page: 2, per_page: 1 } });
  const report = (postId: number) => `/api/v2/posts/${postId}/report`;
  const first = await rec.send("report member post", {
    method: "POST",
    path: report(c.memberPostId),
    user: "moderator",
    body: { reason: "spam", note: "Looks like an ad." },
  });
  await rec.send("report member post twice", { method: "POST", path: report(c.memberPostId), user: "moderator", body: { reason: "spam" } });
  await rec.send("report bad reason", { method: "POST", path: report(c.memberPostId), user: "owner", body: { reason: "boring" } });
  const second = await rec.send("report moderator post", { method: "POST", path: report(c.moderatorPostId), user: "member", body: { reason: "off_topic" } });
  const reports = `/api/v2/groups/${c.groupId}/reports`;
  await rec.send("reports as owner", { path: reports, user: "owner" });
  await rec.send("reports as member", { path: reports, user: "member" });
  await rec.send("resolve dismiss", { method: "POST", path: `/api/v2/reports/${idAt(first, "report")}/resolve`, user: "owner", body: { action: "dismiss" } });
  await rec.send("resolve delete_post", {
    method: "POST",
    path: `/api/v2/reports/${idAt(second, "report")}/resolve`,
    user: "owner",
    body: { action: "delete_post" },
  });
  await rec.send("resolve unknown report", { method: "POST", path: "/api/v2/reports/999999/resolve", user: "owner", body: { action: "dismiss" } });
  await rec.send("reports resolved", { path: reports, user: "owner", query: { status: "resolved" } });
  await rec.send("restore reported post", { method: "POST", path: `/api/v2/posts/${c.moderatorPostId}/restore`, user: "owner" });
}
