import { beforeAll, describe, expect, it } from "vitest";
import { issueUserToken } from "@/lib/auth/tokens";
import { getDb } from "@/lib/db/engine/client";
import type { PostDto } from "@/lib/schemas/post-schemas";
import { call } from "../support/api-client";
import {
  expectBadParam,
  expectOk,
  expectRefused,
  getAs,
  listThreadsAs,
  postAs,
  readModlog,
  readPostAs,
  readThreadAs,
  setRole,
} from "../support/community-helpers";
import { createTestUser, uniqueName, type TestUser } from "../support/fixtures";
import { createNamedGroup, createPostOverHttp, createThreadOverHttp, textDelta } from "../support/thread-helpers";
import { isStored, makePng, uploadOk } from "../support/upload-helpers";
import { loginEvm, registerEvmUser, signEvmProof } from "../support/wallet-flow";

// Contract section 20, leaving: POST /api/v2/users/me/delete.

const DELETED = { username: "deleted user", photo_url: "" };

function deleteAccount(user: { token: string } | undefined, body: Record<string, unknown>) {
  return call<Record<string, never>>("POST", "/api/v2/users/me/delete", { token: user?.token, body });
}

async function expectDeleted(user: TestUser, keepPosts?: 0 | 1): Promise<void> {
  const answer = await deleteAccount(user, { confirm: user.username, ...(keepPosts === undefined ? {} : { keep_posts: keepPosts }) });
  expectOk(answer);
  expect(answer.body.data).toEqual({});
}

async function join(user: TestUser, groupId: number): Promise<void> {
  expectOk(await postAs(user, `/api/v2/groups/${groupId}/join`));
}

async function ownerOf(groupId: number): Promise<number> {
  const info = await getAs<{ group: { owner: number } }>(undefined, `/api/v2/groups/${groupId}`);
  expectOk(info);
  return info.body.data.group.owner;
}

/** What the account still holds, straight from the database. */
async function holdings(userId: number) {
  const db = await getDb();
  const where = { userId };
  const [user, wallets, tokens, drafts, bookmarks, uploads, memberships, roles] = await Promise.all([
    db.user.findUniqueOrThrow({ where: { id: userId }, select: { username: true, bio: true, email: true, deletedAt: true } }),
    db.wallet.count({ where }),
    db.authToken.count({ where }),
    db.draft.count({ where }),
    db.bookmark.count({ where }),
    db.attachment.count({ where: { userId, sha256: { not: null } } }),
    db.groupMember.count({ where }),
    db.groupAdmin.count({ where: { userId, deletedAt: null } }),
  ]);
  return {
    username: user.username,
    bio: user.bio,
    email: user.email,
    deleted: user.deletedAt !== null,
    wallets,
    tokens,
    drafts,
    bookmarks,
    uploads,
    memberships,
    roles,
  };
}

let owner: TestUser;
let group: { id: number; name: string };

beforeAll(async () => {
  owner = await createTestUser();
  group = await createNamedGroup(owner);
});

describe("POST /api/v2/users/me/delete", () => {
  it('removes the account: its tokens are refused at once, its name and wallet are free, its posts read as by "deleted user" everywhere', async () => {
    const leaving = (await registerEvmUser()) as unknown as TestUser;
    const secondToken = await loginEvm(leaving.wallet);
    await join(leaving, group.id);
    const profile = await postAs(leaving, "/api/user/update_info", { bio: "About me", email: "leaving@example.com" });
    expect([profile.status, Number(profile.body.code)]).toEqual([200, 20000]);
    const word = uniqueName("farewell").replace("-", "");
    const thread = await createThreadOverHttp(leaving, group.id, { title: "Written before leaving", content: textDelta(`Opening ${word}`) });
    const reply = await createPostOverHttp(owner, thread.id, "A reply that stays");
    const last = await createPostOverHttp(leaving, thread.id, "The last word");
    expectOk(await postAs(leaving, "/api/v2/drafts/leaving-draft", { content: textDelta("unsent"), sequence: 0 }));
    expectOk(await postAs(leaving, `/api/v2/posts/${reply.id}/bookmark`, { bookmarked: 1 }));
    const upload = await uploadOk(leaving, await makePng(), "mine.png", { group_id: group.id });
    const membersBefore = (await (await getDb()).group.findUniqueOrThrow({ where: { id: group.id } })).membersCount;
    expect(await holdings(leaving.id)).toMatchObject({ wallets: 1, tokens: 2, drafts: 1, bookmarks: 1, uploads: 1, memberships: 1 });

    await expectDeleted(leaving);

    for (const token of [leaving.token, secondToken]) {
      const refused = await call("GET", "/api/me", { token });
      expect([refused.status, Number(refused.body.code)]).toEqual([401, 40103]);
    }
    expect(await holdings(leaving.id)).toEqual({
      username: "deleted user",
      bio: null,
      email: null,
      deleted: true,
      wallets: 0,
      tokens: 0,
      drafts: 0,
      bookmarks: 0,
      uploads: 0,
      memberships: 0,
      roles: 0,
    });
    expect(isStored(upload)).toBe(false);
    expect((await (await getDb()).group.findUniqueOrThrow({ where: { id: group.id } })).membersCount).toBe(membersBefore - 1);
    // The wallet no longer signs anyone in; registering with it, and under the old name, starts a new account.
    expect((await call("POST", "/api/wallet/login", { body: await signEvmProof(leaving.wallet) })).status).not.toBe(200);
    const again = await registerEvmUser({ username: leaving.username });
    expect(again.id).not.toBe(leaving.id);
    const sameWallet = await registerEvmUser({ wallet: leaving.wallet });
    expect(sameWallet.id).not.toBe(leaving.id);

    const read = await readThreadAs(undefined, group, thread.id);
    expect(read.status).toBe(200);
    const opening: PostDto = read.body.data.thread.first_post;
    expect(opening.user).toMatchObject({ id: leaving.id, ...DELETED, is_nft: 0 });
    expect(opening.content).toContain(word);
    expect((await readPostAs(owner, group, thread.id, reply.id)).user.username).toBe(owner.username);
    expect((await readPostAs(owner, group, thread.id, last.id)).user).toMatchObject(DELETED);
    const listed = (await listThreadsAs(undefined, group.id)).find((item) => item.id === thread.id);
    expect(listed?.last_user_name).toBe("deleted user");
    const found = await getAs<{ results: { user: { id: number; username: string } }[] }>(undefined, "/api/v2/search", { q: word });
    expectOk(found);
    expect(found.body.data.results.map((result) => result.user)).toEqual([{ id: leaving.id, ...DELETED }]);
  });

  it("keep_posts 0 empties every post as a deleted one, with no revision left; the thread keeps its replies", async () => {
    const leaving = await createTestUser();
    await join(leaving, group.id);
    const word = uniqueName("erased").replace("-", "");
    const thread = await createThreadOverHttp(leaving, group.id, { title: "Soon empty", content: textDelta(`First ${word}`) });
    expectOk(await postAs(leaving, `/api/v2/posts/${thread.first_post_id}/edit`, { content: textDelta(`Edited ${word}`) }));
    const reply = await createPostOverHttp(owner, thread.id, "Stays as written");
    await expectDeleted(leaving, 0);

    const opening = await readPostAs(owner, group, thread.id, thread.first_post_id);
    expect(opening).toMatchObject({ content: "[]", user: DELETED });
    expect((await readPostAs(owner, group, thread.id, reply.id)).content).toContain("Stays as written");
    expect(await (await getDb()).postEdit.count({ where: { postId: thread.first_post_id } })).toBe(0);
    const revisions = await getAs<{ revisions: unknown[] }>(owner, `/api/v2/posts/${thread.first_post_id}/revisions`);
    expectOk(revisions);
    expect(JSON.stringify(revisions.body.data)).not.toContain(word);
    const found = await getAs<{ results: unknown[] }>(undefined, "/api/v2/search", { q: word });
    expect(found.body.data.results).toEqual([]);
  });

  it("refuses a wrong or missing confirm with a 400 naming it, changing nothing; a guest gets a 401", async () => {
    const user = await createTestUser();
    const before = await holdings(user.id);
    for (const confirm of [user.username.toUpperCase(), `${user.username} `, "someone else"]) {
      expectBadParam(await deleteAccount(user, { confirm }), "confirm");
    }
    expectBadParam(await deleteAccount(user, {}), "confirm");
    expectBadParam(await deleteAccount(user, { confirm: user.username, keep_posts: 2 }), "keep_posts");
    expectRefused(await deleteAccount(undefined, { confirm: user.username }), 40102);
    expect(await holdings(user.id)).toEqual(before);
    expect((await call("GET", "/api/me", { token: user.token })).status).toBe(200);
  });

  it("two deletions at once: one answers {}, the other finds its token gone", async () => {
    const user = await createTestUser();
    const other = { token: await issueUserToken(user.id) };
    const answers = await Promise.all([deleteAccount(user, { confirm: user.username }), deleteAccount(other, { confirm: user.username })]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 401]);
    expect(await holdings(user.id)).toMatchObject({ deleted: true, tokens: 0 });
  });
});

describe("groups the leaving account owns", () => {
  async function groupWith(setup: (people: TestUser[], groupId: number, founder: TestUser) => Promise<void>) {
    const founder = await createTestUser();
    const groupId = (await createNamedGroup(founder)).id;
    const people = [await createTestUser(), await createTestUser(), await createTestUser()];
    for (const person of people) await join(person, groupId);
    await setup(people, groupId, founder);
    return { founder, groupId, people };
  }

  it.each([
    // people[0] became a moderator first, people[1] an admin, then people[0] an admin too: people[1] has been one longest.
    [
      "the admin who has held the role longest",
      1,
      (p: TestUser[], g: number, f: TestUser) =>
        setRoles(f, g, [
          [p[0]!, 3],
          [p[1]!, 2],
          [p[0]!, 2],
          [p[2]!, 3],
        ]),
    ],
    // No admin: of two moderators, the one named first (though they joined later).
    [
      "else the longest-serving moderator",
      2,
      (p: TestUser[], g: number, f: TestUser) =>
        setRoles(f, g, [
          [p[2]!, 3],
          [p[1]!, 3],
        ]),
    ],
    ["else the earliest member", 0, async () => undefined],
  ] as const)("passes to %s, with a modlog entry", async (_, heir, setup) => {
    const { founder, groupId, people } = await groupWith(setup);
    await expectDeleted(founder);
    const successor = people[heir]!;
    expect(await ownerOf(groupId)).toBe(successor.id);
    expect((await readModlog(groupId))[0]).toEqual({ action: "set_role", targetType: "user", targetId: successor.id, moderatorId: founder.id });
    // The new owner has the owner's rights: naming an admin is theirs now.
    await setRole(successor, groupId, people[(heir + 1) % 3]!, 2);
    expect(await holdings(founder.id)).toMatchObject({ memberships: 0, roles: 0 });
  });

  it("a group with no one else stays without an owner (owner 0) and can still be read and joined", async () => {
    const founder = await createTestUser();
    const alone = await createNamedGroup(founder);
    const thread = await createThreadOverHttp(founder, alone.id, { title: "Alone here", content: textDelta("Hello?") });
    await expectDeleted(founder);
    expect(await ownerOf(alone.id)).toBe(0);
    const read = await readThreadAs(undefined, alone, thread.id);
    expect(read.status).toBe(200);
    expect(read.body.data.thread.first_post.user).toMatchObject(DELETED);
    const newcomer = await createTestUser();
    await join(newcomer, alone.id);
    expectOk(await postAs(newcomer, `/api/v2/threads/${thread.id}/posts/create`, { content: textDelta("I am here") }));
    expect(await ownerOf(alone.id)).toBe(0);
    expectRefused(await postAs(newcomer, `/api/v2/groups/${alone.id}/settings`, { visibility: 1 }), 40300);
  });
});

async function setRoles(founder: TestUser, groupId: number, steps: readonly (readonly [TestUser, 2 | 3])[]): Promise<void> {
  for (const [person, level] of steps) await setRole(founder, groupId, person, level);
}
