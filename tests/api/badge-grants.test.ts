import { beforeAll, describe, expect, inject, it } from "vitest";
import { getDb } from "@/lib/db/engine/client";
import type { BadgeDto } from "@/lib/schemas/badge-schemas";
import type { ThreadListItemDto } from "@/lib/schemas/thread-list-schemas";
import { ANVIL_CHAIN_ID } from "../support/anvil";
import { expectOk, getAs, notificationsOf, postAs, setRole, type Group } from "../support/community-helpers";
import { createTestUser, type TestUser } from "../support/fixtures";
import { deployGateContracts, type GateChain } from "../support/gate-chain";
import { createNamedGroup, createPostOverHttp, createThreadOverHttp, getThreadOverHttp } from "../support/thread-helpers";

// Contract section 19: rule badges granted by the write that makes a member qualify (posts,
// threads, likes received), days_member by the daily job (every second in tests), token badges by
// the gate sweep on a real anvil chain (granted and revoked); and the reference fields `badge` and
// `user_title` on posts, threads and list items, empty with the feature off.

const IMAGE = "https://example.com/b.png";
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let chain: GateChain;

async function badge(owner: TestUser, group: Group, body: Record<string, unknown>): Promise<BadgeDto> {
  const response = await postAs<{ badge: BadgeDto }>(owner, `/api/v2/groups/${group.id}/badges`, { image_url: IMAGE, ...body });
  expectOk(response);
  return response.body.data.badge;
}

const holders = async (badgeId: number) =>
  (await (await getDb()).userBadge.findMany({ where: { badgeId }, select: { userId: true } })).map((row) => row.userId).sort((a, b) => a - b);

async function eventually(check: () => Promise<boolean>, ms = 15_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error("condition not met in time");
    await sleep(250);
  }
}

async function groupWithMember(): Promise<{ owner: TestUser; member: TestUser; group: Group }> {
  const owner = await createTestUser();
  const member = await createTestUser();
  const group = await createNamedGroup(owner);
  expectOk(await postAs(member, `/api/v2/groups/${group.id}/join`));
  return { owner, member, group };
}

beforeAll(async () => {
  chain = await deployGateContracts(inject("rpcUrl"));
}, 30_000);

describe("rule badges", () => {
  it("posts: granted by the post that reaches at_least, once, with a notification", async () => {
    const { owner, member, group } = await groupWithMember();
    const rule = await badge(owner, group, { name: "Three posts", kind: "rule", rule: { metric: "posts", at_least: 3 } });
    const thread = await createThreadOverHttp(member, group.id);
    await createPostOverHttp(member, thread.id, "two");
    expect(await holders(rule.id)).toEqual([]);
    await createPostOverHttp(member, thread.id, "three");
    expect(await holders(rule.id)).toEqual([member.id]);
    await createPostOverHttp(member, thread.id, "four");
    const notes = (await notificationsOf(member)).notifications.filter((note) => note.type === "badge");
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ group_id: group.id, actor: null });
    const listed = await getAs<{ badges: BadgeDto[] }>(member, `/api/v2/groups/${group.id}/badges`);
    expect(listed.body.data.badges[0]?.grant_count).toBe(1);
  });

  it("threads and likes_received: granted by the thread and the like that reach them", async () => {
    const { owner, member, group } = await groupWithMember();
    const threads = await badge(owner, group, { name: "Starter", kind: "rule", rule: { metric: "threads", at_least: 2 } });
    const liked = await badge(owner, group, { name: "Liked", kind: "rule", rule: { metric: "likes_received", at_least: 2 } });
    const first = await createThreadOverHttp(member, group.id);
    expect(await holders(threads.id)).toEqual([]);
    await createThreadOverHttp(member, group.id);
    expect(await holders(threads.id)).toEqual([member.id]);
    expectOk(await postAs(owner, `/api/v2/posts/${first.first_post_id}/like`));
    expectOk(await postAs(member, `/api/v2/posts/${first.first_post_id}/like`));
    expect(await holders(liked.id)).toEqual([]);
    const fan = await createTestUser();
    expectOk(await postAs(fan, `/api/v2/posts/${first.first_post_id}/like`));
    expect(await holders(liked.id)).toEqual([member.id]);
  });

  it("a new rule badge goes at once to members who already qualify", async () => {
    const { owner, member, group } = await groupWithMember();
    await createThreadOverHttp(member, group.id);
    const rule = await badge(owner, group, { name: "Already", kind: "rule", rule: { metric: "posts", at_least: 1 } });
    expect(rule.grant_count).toBe(1);
    expect(await holders(rule.id)).toEqual([member.id]);
  });

  it("days_member: granted by the periodic job once the member has been in long enough", async () => {
    const { owner, member, group } = await groupWithMember();
    const rule = await badge(owner, group, { name: "Veteran", kind: "rule", rule: { metric: "days_member", at_least: 30 } });
    expect(await holders(rule.id)).toEqual([]);
    await (
      await getDb()
    ).$executeRaw`UPDATE group_members SET created_at = now() - interval '31 days' WHERE group_id = ${group.id} AND user_id = ${member.id}`;
    await eventually(async () => (await holders(rule.id)).includes(member.id));
    expect((await notificationsOf(member)).notifications.some((note) => note.type === "badge" && note.group_id === group.id)).toBe(true);
  });
});

describe("token badges", () => {
  it("the gate sweep grants to members whose wallets hold the token and revokes when it moves away", async () => {
    const { owner, member, group } = await groupWithMember();
    const token = await badge(owner, group, {
      name: "Whale",
      kind: "token",
      token: JSON.stringify({ type: "erc20", chain_id: ANVIL_CHAIN_ID, contract_address: chain.token, min_amount: "100" }),
    });
    await chain.mintToken(member.address, 150n);
    await eventually(async () => (await holders(token.id)).includes(member.id));
    expect((await notificationsOf(member)).notifications.some((note) => note.type === "badge" && note.group_id === group.id)).toBe(true);
    const by = await getDb();
    expect(await by.userBadge.findUniqueOrThrow({ where: { badgeId_userId: { badgeId: token.id, userId: member.id } } })).toMatchObject({ grantedBy: null });
    await chain.moveToken(member.address, owner.address, 100n);
    await eventually(async () => !(await holders(token.id)).includes(member.id));
  }, 60_000);
});

describe("reference fields", () => {
  it("posts, threads and list items carry the author's three newest badges and title; a moderator shows their role", async () => {
    const { owner, member, group } = await groupWithMember();
    const moderator = await createTestUser();
    await setRole(owner, group.id, moderator, 3);
    const made: BadgeDto[] = [];
    for (const name of ["One", "Two", "Three", "Four"]) {
      made.push(await badge(owner, group, { name, description: `${name} desc`, origin_url: "https://example.com/o", allow_title: 1 }));
      expectOk(await postAs(owner, `/api/v2/badges/${made.at(-1)!.id}/grant`, { user_id: member.id }));
      await sleep(5);
    }
    expectOk(await postAs(member, `/api/v2/groups/${group.id}/title`, { badge_id: made[0]!.id }));
    const thread = await createThreadOverHttp(member, group.id);
    const reply = await createPostOverHttp(member, thread.id, "hello");
    const face = (id: number) => made.find((entry) => entry.id === id)!;
    const expected = [made[3]!, made[2]!, made[1]!].map((entry) => ({
      event_id: entry.id,
      desc: face(entry.id).desc,
      image_url: IMAGE,
      origin_url: "https://example.com/o",
    }));
    expect(reply.badge).toEqual(expected);
    expect(reply.user_title).toEqual([{ id: made[0]!.id, title: "One" }]);
    await createPostOverHttp(moderator, thread.id, "mod here");
    const read = await getThreadOverHttp(thread.id, { group_name: group.name });
    const full = read.body.data.thread;
    expect(full.badge).toEqual(expected);
    expect(full.user_title).toEqual([{ id: made[0]!.id, title: "One" }]);
    expect(full.first_post.badge).toEqual(expected);
    const modPost = full.posts.find((post) => post.user_id === moderator.id);
    expect(modPost).toMatchObject({ badge: [], user_title: [{ id: 0, title: "Moderator" }] });
    const list = await getAs<{ threads: ThreadListItemDto[] }>(undefined, `/api/v2/groups/${group.id}/threads`);
    const item = list.body.data.threads.find((entry) => entry.id === thread.id)!;
    expect(item.latest_reply).toMatchObject({ user_id: moderator.id, badge: [], user_title: [{ id: 0, title: "Moderator" }] });

    // A new grant shows on the next read (kept answers move with it), and the feature off empties every field.
    const fifth = await badge(owner, group, { name: "Five" });
    expectOk(await postAs(owner, `/api/v2/badges/${fifth.id}/grant`, { user_id: member.id }));
    const again = await getThreadOverHttp(thread.id, { group_name: group.name });
    expect(again.body.data.thread.badge[0]?.event_id).toBe(fifth.id);
    await (
      await getDb()
    ).groupFeature.upsert({
      where: { groupId_featureName: { groupId: group.id, featureName: "badges" } },
      create: { groupId: group.id, featureName: "badges", status: 0 },
      update: { status: 0 },
    });
    const off = (await getThreadOverHttp(thread.id, { group_name: group.name })).body.data.thread;
    expect([off.badge, off.user_title, off.first_post.badge, ...off.posts.map((post) => post.user_title)]).toEqual(expect.arrayContaining([[]]));
    expect(off.badge).toEqual([]);
    expect(off.user_title).toEqual([]);
    expect(off.posts.every((post) => post.badge.length === 0 && post.user_title.length === 0)).toBe(true);
    const offList = await getAs<{ threads: ThreadListItemDto[] }>(undefined, `/api/v2/groups/${group.id}/threads`);
    expect(offList.body.data.threads.every((entry) => entry.latest_reply.user_title.length === 0)).toBe(true);
    const offPost = await createPostOverHttp(member, thread.id, "while off");
    expect([offPost.badge, offPost.user_title]).toEqual([[], []]);
  }, 60_000);
});
